package app

import (
	"context"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"tourbook/internal/audit"
	"tourbook/internal/store/testdb"
	"tourbook/internal/useradmin"
)

// tourbook admin create and list, as an operator runs them beside the running site, on
// every test engine: a password from standard input, a one-time sign-in link, a promoted
// account, and the mistakes refused with a readable reason.
func TestAdminCommand(t *testing.T) {
	t.Parallel()
	for _, engine := range testdb.Engines() {
		t.Run(engine, func(t *testing.T) {
			t.Parallel()
			databaseURL, _ := testdb.Database(t, engine)
			storage := []string{"-data-dir", t.TempDir()}
			if databaseURL != "" {
				storage = append(storage, "-database-url", databaseURL)
			}
			s := newTestSite(t, storage...)
			admin := func(stdin string, args ...string) (string, error) {
				var out, errs strings.Builder
				var in io.Reader
				if stdin != "" {
					in = strings.NewReader(stdin)
				}
				err := RunWithInput(context.Background(), append(append([]string{"admin"}, args...), storage...),
					func(string) string { return "" }, in, &out, &errs)
				return out.String() + errs.String(), err
			}

			// A new administrator with a password from a pipe signs in and reaches /admin.
			out, err := admin("Glacier-Lake-2031\n", "create", "-email", "Ana.Boss@Example.com", "-name", "Ana Boss")
			if err != nil || !strings.Contains(out, "Ana Boss <ana.boss@example.com> was created as an administrator") {
				t.Fatalf("admin create: %q %v", out, err)
			}
			c := s.client(t)
			if r := s.postJSON(t, c, "/api/v1/users/login", map[string]string{"email": "ana.boss@example.com", "password": "Glacier-Lake-2031"}); r.status != http.StatusOK {
				t.Fatalf("the new admin's login: %d %s", r.status, r.body)
			}
			if r := s.get(t, c, "/admin/users"); r.status != http.StatusOK {
				t.Errorf("the new admin's /admin/users: %d", r.status)
			}

			// A traveller promoted with a sign-in link: the link sets the password once,
			// and the old password no longer works.
			out, err = admin("", "create", "-email", "yuki@example.com", "-link", "-base-url", s.URL)
			if err != nil || !strings.Contains(out, "is now an administrator") {
				t.Fatalf("admin create -link: %q %v", out, err)
			}
			m := regexp.MustCompile(regexp.QuoteMeta(s.URL) + `/reset-password/([A-Za-z0-9_-]{43})`).FindStringSubmatch(out)
			if m == nil {
				t.Fatalf("no sign-in link in %q", out)
			}
			if r := s.get(t, s.client(t), "/reset-password/"+m[1]); r.status != http.StatusOK {
				t.Fatalf("the sign-in link's page: %d", r.status)
			}
			set := func() result {
				return s.postJSON(t, s.client(t), "/api/v1/users/resetPassword",
					map[string]string{"token": m[1], "password": "Fjord-Walk-2031", "passwordConfirm": "Fjord-Walk-2031"})
			}
			if r := set(); r.status != http.StatusOK {
				t.Fatalf("setting the password through the link: %d %s", r.status, r.body)
			}
			if r := set(); r.status == http.StatusOK {
				t.Errorf("the sign-in link worked twice")
			}
			yuki := s.client(t)
			if r := s.postJSON(t, yuki, "/api/v1/users/login", map[string]string{"email": "yuki@example.com", "password": "Fjord-Walk-2031"}); r.status != http.StatusOK {
				t.Fatalf("the promoted admin's login: %d %s", r.status, r.body)
			}
			if r := s.get(t, yuki, "/admin/users"); r.status != http.StatusOK {
				t.Errorf("the promoted admin's /admin/users: %d", r.status)
			}

			out, err = admin("", "list")
			if err != nil || !strings.Contains(out, "ana.boss@example.com") || !strings.Contains(out, "yuki@example.com") ||
				!strings.Contains(out, "laura@example.com") || strings.Contains(out, "kwame@example.com") {
				t.Errorf("admin list: %q %v", out, err)
			}

			for _, c := range []struct {
				desc, stdin string
				args        []string
				want        string
				usage       bool
			}{
				{"a common password", "password\n", []string{"create", "-email", "new@example.com", "-name", "New"}, "most common", false},
				{"no password", "", []string{"create", "-email", "new@example.com", "-name", "New"}, "standard input", false},
				{"a new account without a name", "Glacier-Lake-2031\n", []string{"create", "-email", "new@example.com"}, "name", false},
				{"a bad email", "Glacier-Lake-2031\n", []string{"create", "-email", "not-an-email", "-name", "New"}, "email", false},
				{"no email", "", []string{"create", "-name", "New"}, "-email is required", true},
				{"no sub-command", "", []string{"remove"}, "create or list", true},
			} {
				out, err := admin(c.stdin, c.args...)
				if err == nil || !strings.Contains(strings.ToLower(out+err.Error()), strings.ToLower(c.want)) {
					t.Errorf("%s: %q %v; want an error about %q", c.desc, out, err, c.want)
				} else if got := ExitCode(err) == 2; got != c.usage {
					t.Errorf("%s: exit code %d", c.desc, ExitCode(err))
				}
			}
			entries, err := s.Store.AuditLog(t.Context(), audit.Filter{ObjectType: "user"})
			if err != nil {
				t.Fatal(err)
			}
			var actions []string
			for _, e := range entries {
				if e.ActorName == useradmin.CommandLine.Name {
					actions = append(actions, e.Action)
				}
			}
			slices.Sort(actions)
			if !slices.Equal(actions, []string{"user.create_admin", "user.make_admin"}) {
				t.Errorf("the command line's audit entries: %v", actions)
			}
		})
	}
}
