package app

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"tourbook/internal/config"
	"tourbook/internal/seed"
)

// testSite is the real site (router, middleware, SSR, SQLite with the sample data) behind
// an httptest server.
type testSite struct {
	*Site
	URL string
	srv *httptest.Server
	// stop closes the server and the site, as the process ending would; it runs at the
	// test's end unless the test called it first.
	stop func()
}

func newTestSite(t testing.TB, args ...string) *testSite {
	t.Helper()
	return newTestSiteEnv(t, nil, args...)
}

// samplePictures holds the sample pictures, drawn once for the whole test binary: drawing
// them is most of a test site's start-up under the race detector, and the files are
// the same every time. Each site gets copies, so tests cannot disturb each other.
var samplePictures = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "tourbook-pictures-")
	if err != nil {
		return "", err
	}
	if err := seed.WriteImages(dir); err != nil {
		return "", err
	}
	return dir, seed.EnsureDefaultImages(dir)
})

func TestMain(m *testing.M) {
	code := m.Run()
	if dir, err := samplePictures(); err == nil {
		os.RemoveAll(dir)
	}
	os.Exit(code)
}

// copyPictures puts the sample pictures into dataDir's image folder.
func copyPictures(t testing.TB, dataDir string) {
	t.Helper()
	src, err := samplePictures()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(filepath.Join(dataDir, "img"), os.DirFS(src)); err != nil && !errors.Is(err, fs.ErrExist) {
		t.Fatal(err)
	}
}

func newTestSiteEnv(t testing.TB, env map[string]string, args ...string) *testSite {
	t.Helper()
	srv := httptest.NewUnstartedServer(nil)
	base := "http://" + srv.Listener.Addr().String()
	args = append([]string{
		"-data-dir", t.TempDir(), "-sample-data", "-ssr-workers", "2",
		"-base-url", base, "-tile-url", "https://tiles.example.test/{z}/{x}/{y}.png",
	}, args...)
	cfg, err := config.Parse(args, func(k string) string { return env[k] }, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	copyPictures(t, cfg.DataDir)
	site, err := Build(context.Background(), cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	srv.Config.Handler = site.Handler
	srv.Start()
	stop := sync.OnceFunc(func() {
		srv.Close()
		site.Close()
	})
	t.Cleanup(stop)
	return &testSite{Site: site, URL: base, srv: srv, stop: stop}
}

// client is a browser-like client: it keeps cookies and does not follow redirects, so
// tests see them.
func (s *testSite) client(t *testing.T) *http.Client {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

type result struct {
	status int
	header http.Header
	body   string
}

func (s *testSite) do(t testing.TB, c *http.Client, method, path, contentType string, body io.Reader, headers ...string) result {
	t.Helper()
	req, err := http.NewRequest(method, s.URL+path, body)
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return result{res.StatusCode, res.Header, string(b)}
}

func (s *testSite) get(t testing.TB, c *http.Client, path string) result {
	t.Helper()
	return s.do(t, c, http.MethodGet, path, "", nil)
}

func (s *testSite) postJSON(t *testing.T, c *http.Client, path string, v any, headers ...string) result {
	t.Helper()
	b, _ := json.Marshal(v)
	return s.do(t, c, http.MethodPost, path, "application/json", strings.NewReader(string(b)), headers...)
}

// login signs c in as a sample user.
func (s *testSite) login(t *testing.T, c *http.Client, email string) {
	t.Helper()
	r := s.postJSON(t, c, "/api/v1/users/login", map[string]string{"email": email, "password": seed.SamplePassword})
	if r.status != http.StatusOK {
		t.Fatalf("login %s: %d %s", email, r.status, r.body)
	}
}

func decode(t testing.TB, r result) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(r.body), &m); err != nil {
		t.Fatalf("not JSON (%d): %q", r.status, r.body)
	}
	return m
}

// firstTour is the first tour of the API's list.
func (s *testSite) firstTour(t testing.TB) (id, slug, name string) {
	t.Helper()
	m := decode(t, s.get(t, http.DefaultClient, "/api/v1/tours"))
	tours := m["data"].(map[string]any)["tours"].([]any)
	tour := tours[0].(map[string]any)
	return tour["id"].(string), tour["slug"].(string), tour["name"].(string)
}

func TestRoutes(t *testing.T) {
	s := newTestSite(t)
	id, slug, name := s.firstTour(t)
	visitor := s.client(t)
	member := s.client(t)
	s.login(t, member, "sophie@example.com")

	tests := []struct {
		name        string
		client      *http.Client
		path        string
		status      int
		contentType string
		contains    []string
		location    string
	}{
		{"overview", visitor, "/", 200, "text/html", []string{name, `id="root"`, `id="page-props"`, "Log in", "Sign up"}, ""},
		{"overview signed in", member, "/", 200, "text/html", []string{"Sophie"}, ""},
		{"tour", visitor, "/tour/" + slug, 200, "text/html", []string{name, `id="map"`, "data-locations=", "Log in to book"}, ""},
		{"tour signed in has the book button", member, "/tour/" + slug, 200, "text/html", []string{`id="book-tour"`, `data-tour-id="` + id + `"`}, ""},
		{"unknown tour", visitor, "/tour/no-such-tour", 404, "text/html", []string{"Page not found", "All tours"}, ""},
		{"unknown page", visitor, "/no/such/page", 404, "text/html", []string{"Page not found"}, ""},
		{"login", visitor, "/login", 200, "text/html", []string{"form--login", `id="email"`, `id="password"`}, ""},
		{"login signed in goes home", member, "/login", 303, "", nil, "/"},
		{"signup", visitor, "/signup", 200, "text/html", []string{"form--signup", `id="passwordConfirm"`}, ""},
		{"account signed out", visitor, "/me", 303, "", nil, "/login"},
		{"account", member, "/me", 200, "text/html", []string{"form-user-data", "form-user-password", "sophie@example.com"}, ""},
		{"my tours signed out", visitor, "/my-tours", 303, "", nil, "/login"},
		{"my tours", member, "/my-tours", 200, "text/html", []string{"My bookings"}, ""},
		{"booking success without id", member, "/bookings/success", 400, "text/html", []string{"names no checkout"}, ""},
		{"tours API", visitor, "/api/v1/tours", 200, "application/json", []string{`"status":"success"`, `"results":`, name}, ""},
		{"tour API", visitor, "/api/v1/tours/" + id, 200, "application/json", []string{`"status":"success"`, `"type":"Point"`}, ""},
		{"unknown tour API", visitor, "/api/v1/tours/nope", 404, "application/json", []string{`"status":"fail"`, "There is no tour"}, ""},
		{"unknown API path", visitor, "/api/v1/nothing", 404, "application/json", []string{`"status":"fail"`}, ""},
		{"favicon", visitor, "/favicon.svg", 200, "image/svg+xml", []string{"<svg"}, ""},
		{"no listing of the assets folder", visitor, "/assets/", 404, "", nil, ""},
		{"unknown asset", visitor, "/assets/nope.js", 404, "", nil, ""},
		{"default user photo", visitor, "/img/users/default.jpg", 200, "image/jpeg", nil, ""},
		{"missing photo falls back", visitor, "/img/users/user-does-not-exist.jpg", 200, "image/jpeg", nil, ""},
		{"image name with a path is refused", visitor, "/img/users/..%2fsecret.jpg", 404, "", nil, ""},
		{"health", visitor, "/healthz", 200, "application/json", []string{"success"}, ""},
		{"checkout signed out", visitor, "/api/v1/bookings/checkout-session/" + id, 401, "application/json", []string{"Please log in to book a tour."}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := s.get(t, tc.client, tc.path)
			if r.status != tc.status {
				t.Fatalf("GET %s: status %d, want %d; body %.300s", tc.path, r.status, tc.status, r.body)
			}
			if ct := r.header.Get("Content-Type"); !strings.HasPrefix(ct, tc.contentType) {
				t.Errorf("content type %q, want %q", ct, tc.contentType)
			}
			for _, want := range tc.contains {
				if !strings.Contains(r.body, want) {
					t.Errorf("GET %s: body lacks %q", tc.path, want)
				}
			}
			if tc.location != "" && r.header.Get("Location") != tc.location {
				t.Errorf("Location %q, want %q", r.header.Get("Location"), tc.location)
			}
		})
	}
}

func TestAssetsAreEmbeddedAndCachedForever(t *testing.T) {
	s := newTestSite(t)
	page := s.get(t, http.DefaultClient, "/").body
	i := strings.Index(page, `src="/assets/`)
	if i < 0 {
		t.Fatalf("no script tag for the client entry in %q", page[:300])
	}
	src := page[i+5 : i+5+strings.Index(page[i+5:], `"`)]
	r := s.get(t, http.DefaultClient, src)
	if r.status != 200 || !strings.Contains(r.header.Get("Content-Type"), "javascript") {
		t.Fatalf("GET %s: %d %s", src, r.status, r.header.Get("Content-Type"))
	}
	if cc := r.header.Get("Cache-Control"); !strings.Contains(cc, "immutable") {
		t.Errorf("Cache-Control %q, want immutable", cc)
	}
	if miss := s.get(t, http.DefaultClient, "/assets/entry-client-nope.js"); miss.status != 404 || strings.Contains(miss.header.Get("Cache-Control"), "immutable") {
		t.Errorf("a missing asset: %d, Cache-Control %q", miss.status, miss.header.Get("Cache-Control"))
	}
}

func TestSecurityHeaders(t *testing.T) {
	s := newTestSite(t)
	r := s.get(t, http.DefaultClient, "/")
	csp := r.header.Get("Content-Security-Policy")
	for _, want := range []string{"default-src 'self'", "script-src 'self'", "img-src 'self' data: https://tiles.example.test", "frame-ancestors 'none'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("CSP %q lacks %q", csp, want)
		}
	}
	if r.header.Get("X-Content-Type-Options") != "nosniff" {
		t.Error("no nosniff")
	}
	if cc := r.header.Get("Cache-Control"); !strings.Contains(cc, "private") {
		t.Errorf("page Cache-Control %q: pages carry the user's name and must be private", cc)
	}
}

func TestCrossOriginStateChangeIsRefused(t *testing.T) {
	s := newTestSite(t)
	c := s.client(t)
	body := map[string]string{"email": "sophie@example.com", "password": seed.SamplePassword}
	for _, h := range [][]string{
		{"Sec-Fetch-Site", "cross-site"},
		{"Origin", "https://evil.example"},
	} {
		r := s.postJSON(t, c, "/api/v1/users/login", body, h...)
		if r.status != http.StatusForbidden || decode(t, r)["message"] == "" {
			t.Errorf("login with %s: %d %s, want 403 with a message", h, r.status, r.body)
		}
		if len(c.Jar.Cookies(mustURL(t, s.URL))) != 0 {
			t.Errorf("a refused login set a cookie")
		}
	}
	// A cross-site GET to the logout call (a link on another site) leaves the user signed in.
	s.login(t, c, "sophie@example.com")
	r := s.do(t, c, http.MethodGet, "/api/v1/users/logout", "", nil, "Sec-Fetch-Site", "cross-site")
	if r.status != http.StatusForbidden {
		t.Errorf("cross-site logout: %d, want 403", r.status)
	}
	if r := s.get(t, c, "/me"); r.status != http.StatusOK {
		t.Errorf("after a refused logout /me answers %d, want 200", r.status)
	}
}

func mustURL(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func TestServeExitsWithOneLineWhenThePortIsTaken(t *testing.T) {
	ln := httptest.NewServer(http.NotFoundHandler())
	defer ln.Close()
	addr := strings.TrimPrefix(ln.URL, "http://")
	var stderr strings.Builder
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	err := Run(ctx, []string{"serve", "-addr", addr, "-data-dir", t.TempDir(), "-log-level", "error"}, func(string) string { return "" }, io.Discard, &stderr)
	if err == nil || !strings.Contains(err.Error(), "address already in use") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("err = %v, want one line saying the address is in use", err)
	}
	if ExitCode(err) != 1 {
		t.Errorf("exit code %d, want 1", ExitCode(err))
	}
}

func TestUnreachableDatabaseIsOneLine(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	err := Run(ctx, []string{"migrate", "-database-url", "postgres://tourbook:secret@127.0.0.1:1/tourbook?sslmode=disable"}, func(string) string { return "" }, io.Discard, io.Discard)
	if err == nil || strings.Contains(err.Error(), "\n") {
		t.Fatalf("err = %v, want one line", err)
	}
	if strings.Contains(err.Error(), "secret") {
		t.Errorf("the error shows the database password: %v", err)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{{}, {"frobnicate"}, {"serve", "-payment-provider", "paypal"}, {"serve", "-tile-url", "https://x/{z}.png"}} {
		err := Run(context.Background(), args, func(string) string { return "" }, io.Discard, io.Discard)
		if err == nil || ExitCode(err) != 2 {
			t.Errorf("Run(%q) = %v, want a usage error (exit 2)", args, err)
		}
	}
}

func TestServeStopsGracefullyOnSignal(t *testing.T) {
	ln := httptest.NewServer(http.NotFoundHandler())
	addr := strings.TrimPrefix(ln.URL, "http://")
	ln.Close() // a free port
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, []string{"serve", "-addr", addr, "-data-dir", t.TempDir(), "-log-level", "error"}, func(string) string { return "" }, io.Discard, io.Discard)
	}()
	var err error
	for range 200 {
		var res *http.Response
		if res, err = http.Get("http://" + addr + "/healthz"); err == nil {
			res.Body.Close()
			break
		}
		select {
		case err := <-done:
			t.Fatalf("serve ended early: %v", err)
		case <-time.After(25 * time.Millisecond):
		}
	}
	if err != nil {
		t.Fatalf("the site never answered: %v", err)
	}
	cancel() // what SIGINT/SIGTERM do through signal.NotifyContext in main
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("graceful stop returned %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not stop")
	}
}

// A symlink planted in an image folder must not serve a file from outside it.
func TestImagesStayInTheirFolder(t *testing.T) {
	data := t.TempDir()
	s := newTestSite(t, "-data-dir", data)
	secret := filepath.Join(t.TempDir(), "secret.jpg")
	if err := os.WriteFile(secret, []byte("the operator's secret"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, filepath.Join(data, "img", "users", "evil.jpg")); err != nil {
		t.Fatal(err)
	}
	r := s.get(t, http.DefaultClient, "/img/users/evil.jpg")
	if strings.Contains(r.body, "secret") {
		t.Fatal("the image route followed a symlink out of its folder")
	}
}

func TestWrongMethodOnAnAPIAddress(t *testing.T) {
	s := newTestSite(t)
	for _, tc := range []struct{ method, path, allow string }{
		{http.MethodDelete, "/api/v1/users/login", "POST"},
		{http.MethodPut, "/api/v1/tours", "GET, POST, HEAD"},
		{http.MethodPost, "/api/v1/tours/x", "GET, PATCH, DELETE, HEAD"},
		{http.MethodDelete, "/api/v1/tours/x/status", "PUT"},
		{http.MethodGet, "/webhook-checkout", "POST"},
	} {
		r := s.do(t, http.DefaultClient, tc.method, tc.path, "", nil)
		if r.status != http.StatusMethodNotAllowed || r.header.Get("Allow") != tc.allow || decode(t, r)["message"] == "" {
			t.Errorf("%s %s: %d Allow %q %s", tc.method, tc.path, r.status, r.header.Get("Allow"), r.body)
		}
	}
}
