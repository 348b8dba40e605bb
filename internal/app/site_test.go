package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	xdraw "golang.org/x/image/draw"

	"tourbook/internal/account"
	"tourbook/internal/config"
	"tourbook/internal/seed"
	"tourbook/internal/ssr"
	"tourbook/ui"
)

// testSite is the real site (router, middleware, SSR, SQLite with the sample data) behind
// an httptest server.
type testSite struct {
	*Site
	URL string
	// host is the site's public host (its base URL's), which a request names as a load
	// balancer passes it on: an instance answers its own address with a redirect there.
	host string
	srv  *httptest.Server
	// stop closes the server and the site, as the process ending would; it runs at the
	// test's end unless the test called it first.
	stop func()
}

func newTestSite(t testing.TB, args ...string) *testSite {
	t.Helper()
	return newTestSiteEnv(t, nil, args...)
}

// testArgon2 is the password cost of every test site: verifying the sample password at
// the production cost (64 MiB) took a large share of a test under the race detector.
// internal/account's tests keep the real cost.
var testArgon2 = account.Argon2Params{Memory: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}

// testEngine is the server-rendering engine the test sites of this binary share: a pool of
// runtimes is the same for every site (it renders from the bundle and the props alone), and
// starting one per site was a large part of each test. Tests of the engine's own wiring
// (its code cache, its metrics) give their site one of its own (siteOptions.ownEngine).
var testEngine = sync.OnceValues(func() (ssr.Engine, error) {
	bundle, err := ui.ServerBundle()
	if err != nil {
		return nil, err
	}
	return ssr.NewEngineWith(ssr.Kinds()[0], bundle, runtime.GOMAXPROCS(0), ssr.Options{})
})

// goldenData is a data folder with the migrated SQLite database, the sample data and the
// sample pictures, made once for the whole test binary: every test site on SQLite starts
// from a copy of it instead of migrating, seeding and drawing sixty pictures again.
var goldenData = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "tourbook-golden-")
	if err != nil {
		return "", err
	}
	if bin := os.Getenv("TOURBOOK_BIN"); bin != "" {
		// The built binary draws the sample pictures several times faster than this
		// binary under the race detector. Its database goes: the one below is seeded with
		// the tests' password cost, and finds the pictures there.
		out, err := exec.Command(bin, "migrate", "-data-dir", dir, "-sample-data").CombinedOutput()
		if err != nil {
			return dir, fmt.Errorf("%s migrate -sample-data: %w\n%s", bin, err, out)
		}
		dbs, _ := filepath.Glob(filepath.Join(dir, "tourbook.db*"))
		for _, f := range dbs {
			if err := os.Remove(f); err != nil {
				return dir, err
			}
		}
	}
	cfg, err := config.Parse([]string{"-data-dir", dir, "-sample-data"}, func(string) string { return "" }, io.Discard)
	if err != nil {
		return dir, err
	}
	engine, err := testEngine()
	if err != nil {
		return dir, err
	}
	site, err := build(context.Background(), cfg, slog.New(slog.DiscardHandler), buildOptions{engine: engine, argon2: testArgon2, scaler: xdraw.ApproxBiLinear})
	if err != nil {
		return dir, err
	}
	// Closing the last connection checkpoints the WAL into tourbook.db.
	return dir, site.Close()
})

func TestMain(m *testing.M) {
	code := m.Run()
	if dir, err := goldenData(); dir != "" {
		os.RemoveAll(dir)
	} else if err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
	if e, err := testEngine(); err == nil {
		e.Close()
	}
	os.Exit(code)
}

// copyGolden fills dataDir from the golden data folder: the database unless dataDir
// already has one or the site is on another database (withDatabase), and the pictures,
// which every site needs (a site that keeps its pictures in the database copies them in
// from its folder at start, as a real one moving there does).
func copyGolden(t testing.TB, dataDir string, withDatabase bool) {
	t.Helper()
	src, err := goldenData()
	if err != nil {
		t.Fatal(err)
	}
	if err := linkTree(filepath.Join(src, "img"), filepath.Join(dataDir, "img")); err != nil {
		t.Fatal(err)
	}
	if !withDatabase {
		return
	}
	dst := filepath.Join(dataDir, "tourbook.db")
	if _, err := os.Stat(dst); err == nil {
		return // a restart on the same folder
	}
	b, err := os.ReadFile(filepath.Join(src, "tourbook.db"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// linkTree makes dst a tree of hard links to src's files (a copy where links cannot be
// made), leaving files dst already has. The sample pictures are never written in place:
// uploads and conversions write new names, so sites may share the files. Copying them
// was a tenth of the package's time under the race detector.
func linkTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o750)
		}
		if err := os.Link(path, target); err == nil || errors.Is(err, fs.ErrExist) {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o600)
	})
}

// siteOptions are what a test changes in its site beyond the command line.
type siteOptions struct {
	env map[string]string // the environment the configuration reads
	// ownEngine starts an engine for this site alone, for tests of the engine's wiring.
	ownEngine bool
	// log, when set, gets the site's log as text; otherwise it is discarded.
	log io.Writer
}

func newTestSiteEnv(t testing.TB, env map[string]string, args ...string) *testSite {
	t.Helper()
	return newTestSiteWith(t, siteOptions{env: env}, args...)
}

func newTestSiteWith(t testing.TB, opts siteOptions, args ...string) *testSite {
	t.Helper()
	srv := httptest.NewUnstartedServer(nil)
	base := "http://" + srv.Listener.Addr().String()
	args = append([]string{
		"-data-dir", t.TempDir(), "-sample-data", "-ssr-workers", "2",
		"-base-url", base, "-tile-url", "https://tiles.example.test/{z}/{x}/{y}.png",
	}, args...)
	cfg, err := config.Parse(args, func(k string) string { return opts.env[k] }, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	// A site without the sample data starts empty, as a new operator's does.
	copyGolden(t, cfg.DataDir, cfg.DatabaseURL == "" && cfg.SampleData)
	bo := buildOptions{argon2: testArgon2, scaler: xdraw.ApproxBiLinear}
	if !opts.ownEngine {
		if bo.engine, err = testEngine(); err != nil {
			t.Fatal(err)
		}
	}
	log := slog.New(slog.DiscardHandler)
	if opts.log != nil {
		log = slog.New(slog.NewTextHandler(opts.log, nil))
	}
	site, err := build(context.Background(), cfg, log, bo)
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
	return &testSite{Site: site, URL: base, host: cfg.BaseURL.Host, srv: srv, stop: stop}
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
	req.Host = s.host
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
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
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
	// A promo code's check counts unknown codes against the network: another site's
	// page must not spend a visitor's tries (or lock their network out) with links.
	r = s.do(t, c, http.MethodGet, "/api/v1/bookings/promo/any?promo=NOSUCH", "", nil, "Sec-Fetch-Site", "cross-site")
	if r.status != http.StatusForbidden {
		t.Errorf("cross-site promo check: %d, want 403", r.status)
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
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
	for _, args := range [][]string{{}, {"frobnicate"}, {"serve", "-payment-provider", "paypal"}, {"serve", "-tile-url", "https://x/{z}.png"}} {
		err := Run(context.Background(), args, func(string) string { return "" }, io.Discard, io.Discard)
		if err == nil || ExitCode(err) != 2 {
			t.Errorf("Run(%q) = %v, want a usage error (exit 2)", args, err)
		}
	}
}

func TestServeStopsGracefullyOnSignal(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
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
