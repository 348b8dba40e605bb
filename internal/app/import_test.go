package app

import (
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/crypto/bcrypt"
)

func writeFile(t *testing.T, dir, name, body string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

const importTours = `[{"_id":"5c88fa8cf4afda39709c2955","name":"The Sea Explorer","duration":7,"maxGroupSize":15,
"difficulty":"medium","price":497,"summary":"Sea and sun.","description":"Sail the coast.",
"imageCover":"tour-2-cover.jpg","images":[],"startDates":["2099-06-19T09:00:00.000Z"],
"startLocation":{"type":"Point","coordinates":[-80.185942,25.774772],"description":"Miami, USA"},
"locations":[{"type":"Point","coordinates":[-80.128473,25.781842],"description":"Lummus Park Beach","day":1}],
"guides":["5c8a21d02f8fb814b56fa189"]}]`

// tourbook import, as an operator runs it: a good export loads and its users sign in with
// their old passwords; a bad one is reported with file and record, and loads nothing.
func TestImportCommand(t *testing.T) {
	t.Parallel()
	dir, data := t.TempDir(), t.TempDir()
	hash, err := bcrypt.GenerateFromPassword([]byte("old-password"), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	users := writeFile(t, dir, "users.json", `{"_id":"5c8a21d02f8fb814b56fa189","name":"Maya Lindqvist","email":"maya@example.com","role":"lead-guide","active":true,"password":"`+string(hash)+`"}`+"\n")
	tours := writeFile(t, dir, "tours.json", importTours)
	bad := writeFile(t, dir, "bad-tours.json", strings.Replace(importTours, "[-80.128473,25.781842]", "[25.781842,-180.5]", 1))
	run := func(args ...string) (string, error) {
		var out strings.Builder
		err := Run(context.Background(), append([]string{"import", "-data-dir", data}, args...), func(string) string { return "" }, &out, io.Discard)
		return out.String(), err
	}

	_, err = run("-users", users, "-tours", bad)
	if err == nil || !strings.Contains(err.Error(), "bad-tours.json:record 1") || !strings.Contains(err.Error(), "nothing was imported") {
		t.Fatalf("bad export: %v", err)
	}
	out, err := run("-users", users, "-tours", tours)
	if err != nil || !strings.Contains(out, "imported 1 users, 1 tours, 0 reviews") {
		t.Fatalf("good export: %q %v", out, err)
	}
	if _, err := run(); err == nil || ExitCode(err) != 2 {
		t.Errorf("import without files: %v, want a usage error", err)
	}

	// An export without an administrator, as an operator's first start has: they make
	// one before opening the site (else every page says it is being set up).
	var created strings.Builder
	if err := RunWithInput(context.Background(), []string{"admin", "create", "-email", "owner@example.com", "-name", "Owner", "-data-dir", data},
		func(string) string { return "" }, strings.NewReader("Glacier-Lake-2031\n"), &created, io.Discard); err != nil {
		t.Fatalf("admin create after the import: %v", err)
	}
	s := newTestSite(t, "-data-dir", data)
	// Only what the good export held: the refused one left nothing behind.
	if n, _ := s.Store.CountUsers(context.Background()); n != 2 {
		t.Errorf("%d users, want the imported one and the administrator", n)
	}
	page := s.get(t, http.DefaultClient, "/tour/the-sea-explorer")
	if page.status != 200 || !strings.Contains(page.body, "Maya Lindqvist") || !strings.Contains(page.body, "Lummus Park Beach") {
		t.Fatalf("imported tour page: %d", page.status)
	}
	c := s.client(t)
	if r := s.postJSON(t, c, "/api/v1/users/login", map[string]string{"email": "maya@example.com", "password": "old-password"}); r.status != 200 {
		t.Fatalf("imported user with the old password: %d %s", r.status, r.body)
	}
}
