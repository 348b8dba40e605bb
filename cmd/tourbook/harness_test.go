package main

// The harness of the fault tests: the real binary as a child process, customers that
// book and pay over HTTP as a browser does, and a look at the database from outside.

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/store"
	"tourbook/internal/store/testdb"
)

// binPath is the tourbook binary under test: $TOURBOOK_BIN (make test builds
// bin/tourbook first), or one built by TestMain.
var binPath string

func TestMain(m *testing.M) {
	os.Exit(func() int {
		binPath = os.Getenv("TOURBOOK_BIN")
		if binPath == "" {
			dir, err := os.MkdirTemp("", "tourbook-bin-")
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 1
			}
			defer os.RemoveAll(dir)
			binPath = filepath.Join(dir, "tourbook")
			// Without -race: the child is the product as shipped; the race detector
			// watches the test's own goroutines.
			build := exec.Command("go", "build", "-o", binPath, ".")
			build.Stdout, build.Stderr = os.Stderr, os.Stderr
			if err := build.Run(); err != nil {
				fmt.Fprintln(os.Stderr, "build tourbook:", err)
				return 1
			}
		}
		return m.Run()
	}())
}

// startTimeout bounds a start: migrations, the sample data's pictures, the JS runtimes.
const startTimeout = 90 * time.Second

// instance is one running `tourbook serve`.
type instance struct {
	t       *testing.T
	name    string
	args    []string
	env     []string
	addr    string // its own listener, host:port
	URL     string // http:// + addr
	logPath string

	cmd    *exec.Cmd
	exited chan struct{}
}

// freeAddr is a loopback address nobody listens on now.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// start runs the binary with args and the extra environment env, on a free port, and
// waits until /readyz says it can serve. Its log goes to a file, shown if the test fails.
func start(t *testing.T, name string, env []string, args ...string) *instance {
	t.Helper()
	addr := freeAddr(t)
	in := &instance{t: t, name: name, env: env, addr: addr, URL: "http://" + addr,
		logPath: filepath.Join(t.TempDir(), name+".log")}
	in.args = append([]string{"serve", "-addr", addr, "-ssr-workers", "2",
		"-tile-url", "https://tiles.example.test/{z}/{x}/{y}.png"}, args...)
	in.run()
	t.Cleanup(func() {
		in.kill()
		if t.Failed() {
			b, _ := os.ReadFile(in.logPath)
			if len(b) > 8000 {
				b = b[len(b)-8000:]
			}
			t.Logf("%s's log (end):\n%s", name, b)
		}
	})
	return in
}

// run starts the process (again, after kill or stop) and waits until it is ready.
func (in *instance) run() {
	t := in.t
	t.Helper()
	logf, err := os.OpenFile(in.logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	in.cmd = exec.Command(binPath, in.args...)
	in.cmd.Env = append(os.Environ(), in.env...)
	in.cmd.Stdout, in.cmd.Stderr = logf, logf
	if err := in.cmd.Start(); err != nil {
		logf.Close()
		t.Fatal(err)
	}
	in.exited = make(chan struct{})
	go func() {
		_ = in.cmd.Wait()
		logf.Close()
		close(in.exited)
	}()
	deadline := time.Now().Add(startTimeout)
	for {
		if code, _ := get(in.URL + "/readyz"); code == http.StatusOK {
			return
		}
		select {
		case <-in.exited:
			b, _ := os.ReadFile(in.logPath)
			t.Fatalf("%s exited while starting: %s\n%s", in.name, in.cmd.ProcessState, b)
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s not ready after %v", in.name, startTimeout)
		}
	}
}

// kill ends the process with SIGKILL, as a crash or the OOM killer would, and waits.
func (in *instance) kill() {
	if in.cmd == nil || in.cmd.Process == nil {
		return
	}
	select {
	case <-in.exited:
		return
	default:
	}
	_ = in.cmd.Process.Signal(syscall.SIGKILL)
	<-in.exited
}

// get answers a GET's status and body; status 0 when there was no answer.
func get(u string) (int, string) {
	c := &http.Client{Timeout: 5 * time.Second}
	res, err := c.Get(u)
	if err != nil {
		return 0, ""
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// database is a fresh database on engine and the arguments that point the binary at
// it: a data folder for SQLite, a PostgreSQL schema of its own otherwise.
type database struct {
	engine  string
	url     string // "" for SQLite
	dataDir string
}

func newDatabase(t *testing.T, engine string) database {
	t.Helper()
	u, dir := testdb.Database(t, engine)
	if dir == "" {
		dir = t.TempDir() // pictures
	}
	return database{engine: engine, url: u, dataDir: dir}
}

func (d database) args() []string {
	args := []string{"-data-dir", d.dataDir}
	if d.url != "" {
		args = append(args, "-database-url", d.url)
	}
	return args
}

// sqlDB opens the database from outside the binary, for the checks.
func (d database) sqlDB(t *testing.T) *sql.DB {
	t.Helper()
	driver, dsn := "pgx", d.url
	if d.url == "" {
		driver, dsn = "sqlite", filepath.Join(d.dataDir, "tourbook.db")+"?_pragma=busy_timeout(10000)"
	}
	db, err := sql.Open(driver, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// addCustomers creates n customer accounts (one password hash for all: hashing is
// slow on purpose) and returns their emails.
func (d database) addCustomers(t *testing.T, prefix string, n int) []string {
	t.Helper()
	st, err := store.Open(context.Background(), d.url, d.dataDir, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	hash, err := account.HashPassword(customerPassword)
	if err != nil {
		t.Fatal(err)
	}
	emails := make([]string, n)
	for i := range emails {
		u := account.User{Name: fmt.Sprintf("Customer %d", i), Email: fmt.Sprintf("%s-%d@example.com", prefix, i),
			PasswordHash: hash, Active: true, Role: account.RoleUser}
		if err := st.CreateUser(context.Background(), &u); err != nil {
			t.Fatal(err)
		}
		emails[i] = u.Email
	}
	return emails
}

const customerPassword = "fault-test-1"

// customer is one person's browser: its cookies, no redirects followed (the flow
// follows them itself, to see each step).
type customer struct {
	email string
	c     *http.Client
}

func newCustomer(email string) *customer {
	jar, _ := cookiejar.New(nil)
	return &customer{email: email, c: &http.Client{Jar: jar, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// do sends a request and reads the whole answer.
func (c *customer) do(ctx context.Context, method, u, contentType string, body io.Reader) (int, http.Header, string, error) {
	req, err := http.NewRequestWithContext(ctx, method, u, body)
	if err != nil {
		return 0, nil, "", err
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	res, err := c.c.Do(req)
	if err != nil {
		return 0, nil, "", err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return res.StatusCode, res.Header, string(b), err
}

// login signs the customer in on base.
func (c *customer) login(ctx context.Context, base string) error {
	return c.loginWith(ctx, base, customerPassword)
}

// loginWith signs in with password (the sample users').
func (c *customer) loginWith(ctx context.Context, base, password string) error {
	b, _ := json.Marshal(map[string]string{"email": c.email, "password": password})
	code, _, body, err := c.do(ctx, http.MethodPost, base+"/api/v1/users/login", "application/json", bytes.NewReader(b))
	if err == nil && code != http.StatusOK {
		err = fmt.Errorf("login %s: %d %s", c.email, code, body)
	}
	return err
}

// loggedIn signs every customer in on base (one after another: each login is a
// deliberately slow password hash) before any load starts.
func loggedIn(ctx context.Context, t *testing.T, base string, emails []string) []*customer {
	t.Helper()
	var out []*customer
	for _, email := range emails {
		c := newCustomer(email)
		if err := c.login(ctx, base); err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	return out
}

// errFull is a checkout refused for want of seats (409).
var errFull = errors.New("no seats left")

// checkout opens a checkout for one seat on tourID's date, through base, accepting the
// sample data's terms of booking (version 1; a site without terms ignores it); it
// returns the sandbox page's URL.
func (c *customer) checkout(ctx context.Context, base, tourID, date string) (string, error) {
	code, _, body, err := c.do(ctx, http.MethodGet, base+"/api/v1/bookings/checkout-session/"+tourID+"?participants=1&terms=1&date="+date, "", nil)
	switch {
	case err != nil:
		return "", err
	case code == http.StatusConflict:
		return "", errFull
	case code != http.StatusOK:
		return "", fmt.Errorf("checkout: %d %s", code, body)
	}
	var out struct{ Session struct{ URL string } }
	if err := json.Unmarshal([]byte(body), &out); err != nil || out.Session.URL == "" {
		return "", fmt.Errorf("checkout answer %q: %v", body, err)
	}
	return out.Session.URL, nil
}

var formToken = regexp.MustCompile(`name="token" value="([^"]+)"`)

// pay fills the sandbox checkout page, found through base, with the test card that
// pays, and returns where the page sends the browser (the site's success page).
func (c *customer) pay(ctx context.Context, base, checkoutURL string) (string, error) {
	u, err := url.Parse(checkoutURL)
	if err != nil {
		return "", err
	}
	code, _, page, err := c.do(ctx, http.MethodGet, base+u.Path, "", nil)
	if err != nil {
		return "", err
	}
	m := formToken.FindStringSubmatch(page)
	if code != http.StatusOK || m == nil {
		return "", fmt.Errorf("sandbox page %s: %d %.300s", u.Path, code, page)
	}
	form := url.Values{"token": {m[1]}, "number": {"4242 4242 4242 4242"}, "expiry": {"12/40"}, "cvc": {"123"}, "name": {"Fault Test"}}
	code, h, body, err := c.do(ctx, http.MethodPost, base+u.Path+"/pay", "application/x-www-form-urlencoded", strings.NewReader(form.Encode()))
	if err != nil {
		return "", err
	}
	if code != http.StatusSeeOther {
		return "", fmt.Errorf("pay: %d %.300s", code, body)
	}
	return h.Get("Location"), nil
}

// confirmed asks the success page, through base, and reports whether it tells the
// customer the booking is confirmed.
func (c *customer) confirmed(ctx context.Context, base, successURL string) (bool, error) {
	u, err := url.Parse(successURL)
	if err != nil {
		return false, err
	}
	code, _, body, err := c.do(ctx, http.MethodGet, base+u.RequestURI(), "", nil)
	if err != nil {
		return false, err
	}
	if code != http.StatusOK {
		return false, fmt.Errorf("success page: %d %.300s", code, body)
	}
	return strings.Contains(body, `data-alert="Your booking of `), nil
}

// checkoutID is the sandbox checkout's id, the last part of its page's URL.
func checkoutID(checkoutURL string) string {
	return checkoutURL[strings.LastIndex(checkoutURL, "/")+1:]
}

// payments records what customers were told, from many goroutines.
type payments struct {
	mu        sync.Mutex
	charged   map[string]string // checkout id → success URL: the card was taken
	confirmed map[string]bool   // checkout id: the site said the booking is confirmed
	who       map[string]*customer
}

func newPayments() *payments {
	return &payments{charged: map[string]string{}, confirmed: map[string]bool{}, who: map[string]*customer{}}
}

func (p *payments) charge(c *customer, id, success string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.charged[id] = success
	p.who[id] = c
}

func (p *payments) confirm(id string) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.confirmed[id] = true
	return len(p.confirmed)
}

// tourDate is a tour's id and slug, and its upcoming date with the most seats left,
// from the API.
func tourDate(t *testing.T, base string, index int) (tourID, slug, date string) {
	t.Helper()
	code, body := get(base + "/api/v1/tours")
	var out struct {
		Data struct {
			Tours []struct {
				ID, Slug   string
				StartDates []struct {
					Date      string
					SeatsLeft int
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(body), &out); code != 200 || err != nil || len(out.Data.Tours) <= index {
		t.Fatalf("tours: %d %v %.200s", code, err, body)
	}
	tr := out.Data.Tours[index]
	most := -1
	for _, d := range tr.StartDates {
		if d.SeatsLeft > most {
			most, date = d.SeatsLeft, d.Date
		}
	}
	return tr.ID, tr.Slug, date
}

// seats are a departure's seats as the database holds them, counted from outside the
// binary the way the store counts them: paid, and held by unexpired checkouts.
type seats struct {
	capacity, sold, held int
}

func departureSeats(t *testing.T, db *sql.DB, engine, tourID, date string) seats {
	t.Helper()
	now := time.Now().UTC().Format("2006-01-02T15:04:05.000000Z")
	var s seats
	ctx := context.Background()
	if err := db.QueryRowContext(ctx, `SELECT capacity FROM tour_start_dates WHERE tour_id = $1 AND start_date = $2`,
		tourID, date).Scan(&s.capacity); err != nil {
		t.Fatalf("capacity: %v", err)
	}
	held := `b.status = 'pending' AND b.hold_until > $3`
	if engine == testdb.Postgres {
		held = `b.status = 'pending' AND b.hold_until > $3::timestamptz`
	}
	if err := db.QueryRowContext(ctx, `SELECT
			COALESCE(SUM(CASE WHEN b.status = 'paid' THEN b.participants ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN `+held+` THEN b.participants ELSE 0 END), 0)
		FROM bookings b WHERE b.tour_id = $1 AND b.start_date = $2`, tourID, date, now).Scan(&s.sold, &s.held); err != nil {
		t.Fatalf("seats: %v", err)
	}
	return s
}

// seatsLeft is what the site says is left on the date; -1 when the tour has no such date.
func seatsLeft(t *testing.T, base, tourID, date string) int {
	t.Helper()
	code, body := get(base + "/api/v1/tours/" + tourID)
	var out struct {
		Data struct {
			Tour struct {
				StartDates []struct {
					Date      string
					SeatsLeft int
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(body), &out); code != 200 || err != nil {
		t.Fatalf("tour: %d %v %.200s", code, err, body)
	}
	for _, d := range out.Data.Tour.StartDates {
		if d.Date == date {
			return d.SeatsLeft
		}
	}
	return -1 // not (yet) on the tour: another instance's cached copy is up to 10 s old
}
