package app

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"tourbook/internal/store/testdb"
)

// A new site without sample data has no administrator: every visitor sees "This site is
// being set up", the start-up log gives a one-time /setup address, the first admin is
// made there in the browser, and then the address is gone and the site opens (issue
// #22.1), on every test engine.
func TestFirstStartSetup(t *testing.T) {
	t.Parallel()
	for _, engine := range testdb.Engines() {
		t.Run(engine, func(t *testing.T) {
			t.Parallel()
			databaseURL, _ := testdb.Database(t, engine)
			args := []string{"-sample-data=false"}
			if databaseURL != "" {
				args = append(args, "-database-url", databaseURL)
			}
			logs := &lockedBuffer{}
			s := newTestSiteWith(t, siteOptions{log: logs}, args...)
			c := s.client(t)

			m := regexp.MustCompile(`setup_url=` + regexp.QuoteMeta(s.URL) + `/setup/([A-Za-z0-9_-]{43})`).FindStringSubmatch(logs.String())
			if m == nil {
				t.Fatalf("no setup address in the start-up log:\n%s", logs.String())
			}
			token := m[1]

			for _, path := range []string{"/", "/login", "/admin", "/tour/anything"} {
				r := s.get(t, c, path)
				if r.status != http.StatusServiceUnavailable || !strings.Contains(r.body, "This site is being set up") {
					t.Errorf("%s before setup: %d %.200s", path, r.status, r.body)
				}
			}
			if r := s.postJSON(t, c, "/api/v1/users/signup", map[string]string{"name": "Eve", "email": "eve@example.com",
				"password": "Glacier-Lake-2031", "passwordConfirm": "Glacier-Lake-2031"}); r.status != http.StatusServiceUnavailable ||
				!strings.Contains(r.body, "being set up") {
				t.Errorf("sign-up before setup: %d %s", r.status, r.body)
			}
			if r := s.get(t, c, "/healthz"); r.status != http.StatusOK {
				t.Errorf("/healthz before setup: %d", r.status)
			}
			if r := s.get(t, c, "/setup/"+strings.Repeat("x", 43)); r.status != http.StatusNotFound {
				t.Errorf("/setup with a made-up token: %d", r.status)
			}
			page := s.get(t, c, "/setup/"+token)
			if page.status != http.StatusOK || !strings.Contains(page.body, "Set up your site") {
				t.Fatalf("the setup page: %d %.200s", page.status, page.body)
			}
			setup := func(password, confirm string) result {
				return s.postJSON(t, c, "/api/v1/setup", map[string]string{"token": token, "name": "Ana Boss",
					"email": "ana@example.com", "password": password, "passwordConfirm": confirm})
			}
			if r := setup("Glacier-Lake-2031", "Glacier-Lake-2032"); r.status != http.StatusBadRequest || !strings.Contains(r.body, "Passwords do not match") {
				t.Errorf("mismatched passwords: %d %s", r.status, r.body)
			}
			if r := setup("Glacier-Lake-2031", "Glacier-Lake-2031"); r.status != http.StatusCreated {
				t.Fatalf("setup: %d %s", r.status, r.body)
			}
			// The address works once, and the site is open.
			if r := setup("Glacier-Lake-2031", "Glacier-Lake-2031"); r.status != http.StatusNotFound {
				t.Errorf("the setup call again: %d %s", r.status, r.body)
			}
			if r := s.get(t, c, "/setup/"+token); r.status != http.StatusNotFound {
				t.Errorf("the setup page after setup: %d", r.status)
			}
			if r := s.get(t, c, "/"); r.status != http.StatusOK || strings.Contains(r.body, "being set up") {
				t.Errorf("the overview after setup: %d", r.status)
			}
			if r := s.postJSON(t, c, "/api/v1/users/login", map[string]string{"email": "ana@example.com", "password": "Glacier-Lake-2031"}); r.status != http.StatusOK {
				t.Fatalf("the first admin's login: %d %s", r.status, r.body)
			}
			if r := s.get(t, c, "/admin/users"); r.status != http.StatusOK {
				t.Errorf("the first admin's /admin/users: %d", r.status)
			}
			// A site with no tour yet (issue #22 §6): visitors read that tours are coming,
			// the admin gets a link to the first one and the dashboard's checklist.
			if r := s.get(t, s.client(t), "/"); !strings.Contains(r.body, "Tours are coming soon") || strings.Contains(r.body, "Create your first tour") {
				t.Errorf("a visitor's overview of an empty site: %.300s", r.body)
			}
			if r := s.get(t, c, "/"); !strings.Contains(r.body, "Create your first tour") || !strings.Contains(r.body, `href="/admin/tours/new"`) {
				t.Errorf("the admin's overview of an empty site: %.300s", r.body)
			}
			if r := s.get(t, c, "/admin"); !strings.Contains(r.body, "0 of 6 done.") || !strings.Contains(r.body, "No tour is published yet") {
				t.Errorf("the dashboard's checklist on an empty site: %.300s", r.body)
			}
		})
	}
}

// A site with an administrator (the sample data's) has no setup address at all.
func TestNoSetupOnceSetUp(t *testing.T) {
	t.Parallel()
	logs := &lockedBuffer{}
	s := newTestSiteWith(t, siteOptions{log: logs})
	if strings.Contains(logs.String(), "setup_url") {
		t.Errorf("a set-up site logged a setup address")
	}
	if r := s.get(t, s.client(t), "/setup/"+strings.Repeat("a", 43)); r.status != http.StatusNotFound {
		t.Errorf("/setup on a set-up site: %d", r.status)
	}
}
