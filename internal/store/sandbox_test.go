package store

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"tourbook/internal/payment"
	"tourbook/internal/store/testdb"
)

// sandboxInstance is one site instance's sandbox provider on a shared database, with
// its checkout pages served over HTTP.
type sandboxInstance struct {
	st  *Store
	sb  *payment.Sandbox
	srv *httptest.Server
}

// sandboxClock is the time every instance of a test sees.
type sandboxClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *sandboxClock) now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *sandboxClock) add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// webhooks counts the sandbox's webhooks by checkout.
type webhooks struct {
	mu   sync.Mutex
	seen map[string]int
}

func (w *webhooks) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	var e struct {
		Data struct{ Object struct{ ID string } }
	}
	body, _ := io.ReadAll(r.Body)
	_ = json.Unmarshal(body, &e)
	w.mu.Lock()
	w.seen[e.Data.Object.ID]++
	w.mu.Unlock()
}

func (w *webhooks) count(id string) int { w.mu.Lock(); defer w.mu.Unlock(); return w.seen[id] }

type sandboxWorld struct {
	databaseURL, dataDir string
	clock                *sandboxClock
	hooks                *webhooks
	hookURL              string
}

// eachSandboxWorld runs test, in parallel subtests, on a fresh database of every test
// engine, on which test starts its instances.
func eachSandboxWorld(t *testing.T, test func(t *testing.T, w *sandboxWorld)) {
	t.Helper()
	for _, engine := range testdb.Engines() {
		t.Run(engine, func(t *testing.T) {
			t.Parallel()
			test(t, newSandboxWorld(t, engine))
		})
	}
}

func newSandboxWorld(t *testing.T, engine string) *sandboxWorld {
	w := &sandboxWorld{clock: &sandboxClock{t: t0}, hooks: &webhooks{seen: map[string]int{}}}
	w.databaseURL, w.dataDir = testdb.Database(t, engine)
	hook := httptest.NewServer(w.hooks)
	t.Cleanup(hook.Close)
	w.hookURL = hook.URL
	return w
}

// start opens the database as a new process would and builds its sandbox; stop closes
// both, as a process exit would.
func (w *sandboxWorld) start(t *testing.T) (inst *sandboxInstance, stop func()) {
	t.Helper()
	st, err := Open(context.Background(), w.databaseURL, w.dataDir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	secret, err := st.SandboxWebhookSecret(context.Background(), payment.NewWebhookSecret())
	if err != nil {
		t.Fatal(err)
	}
	sb := payment.NewSandbox(payment.SandboxOptions{
		BaseURL: "https://tours.example", WebhookURL: w.hookURL, WebhookSecret: secret, Store: st, Now: w.clock.now,
	})
	inst = &sandboxInstance{st: st, sb: sb, srv: httptest.NewServer(sb.Handler())}
	var once sync.Once
	stop = func() { once.Do(func() { inst.srv.Close(); _ = st.Close() }) }
	t.Cleanup(stop)
	return inst, stop
}

func sandboxRequest(expires time.Time) payment.CheckoutRequest {
	return payment.CheckoutRequest{
		BookingID: "b1", TourID: "t1", UserID: "u1", CustomerEmail: "ann@example.com",
		TourName: "The Forest Hiker", Description: "15 June 2031 · 3 participants", StartDate: "2031-06-15",
		UnitAmountMinor: 49700, Quantity: 3, Currency: "usd",
		Terms:      "Cancellation policy: any time before departure: full refund.",
		SuccessURL: "https://tours.example/bookings/success?session_id={CHECKOUT_SESSION_ID}",
		CancelURL:  "https://tours.example/tour/the-forest-hiker", ExpiresAt: expires,
	}
}

var sandboxNoRedirect = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

func (i *sandboxInstance) page(t *testing.T, id string) (int, string) {
	t.Helper()
	resp, err := sandboxNoRedirect.Get(i.srv.URL + payment.SandboxPath + id)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

var sandboxToken = regexp.MustCompile(`name="token" value="([0-9a-f]+)"`)

// pay submits the card form with the token read from the page of instance from.
func (i *sandboxInstance) pay(t *testing.T, id, token string) int {
	t.Helper()
	form := url.Values{"token": {token}, "number": {"4242 4242 4242 4242"}, "expiry": {"12/40"}, "cvc": {"123"}, "name": {"Ann Lee"}}
	resp, err := sandboxNoRedirect.PostForm(i.srv.URL+payment.SandboxPath+id+"/pay", form)
	if err != nil {
		t.Error(err)
		return 0
	}
	resp.Body.Close()
	return resp.StatusCode
}

func formTokenOf(t *testing.T, body string) string {
	t.Helper()
	m := sandboxToken.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no pay form on the page: %.300s", body)
	}
	return m[1]
}

// A checkout opened on one instance is shown and paid on another, survives both
// restarting, and is paid once however many instances are asked at once.
func TestSandboxCheckoutsAreShared(t *testing.T) {
	eachSandboxWorld(t, func(t *testing.T, w *sandboxWorld) {
		a, stopA := w.start(t)
		b, _ := w.start(t)
		ctx := context.Background()

		co, err := a.sb.CreateCheckout(ctx, sandboxRequest(t0.Add(30*time.Minute)))
		if err != nil {
			t.Fatal(err)
		}
		status, body := b.page(t, co.ID)
		// The other instance shows the checkout as opened, its cancellation policy too.
		if status != http.StatusOK || !strings.Contains(body, "The Forest Hiker") || !strings.Contains(body, "$1,491.00") ||
			!strings.Contains(body, `id="terms">Cancellation policy: any time before departure: full refund.</p>`) {
			t.Fatalf("the other instance's page: %d %.300s", status, body)
		}
		token := formTokenOf(t, body)

		// A restart of the instance that opened it: the page still works there.
		stopA()
		a, _ = w.start(t)
		status, body = a.page(t, co.ID)
		if status != http.StatusOK || formTokenOf(t, body) != token {
			t.Fatalf("after a restart: %d %.300s", status, body)
		}

		// Both instances take the same form at once: one payment, one webhook.
		var wg sync.WaitGroup
		codes := make([]int, 8)
		for n := range codes {
			inst := a
			if n%2 == 1 {
				inst = b
			}
			wg.Go(func() { codes[n] = inst.pay(t, co.ID, token) })
		}
		wg.Wait()
		for n, code := range codes {
			if code != http.StatusSeeOther {
				t.Errorf("payment %d answered %d, want 303 to the success page", n, code)
			}
		}
		if n := w.hooks.count(co.ID); n != 1 {
			t.Errorf("%d webhooks for one payment, want 1", n)
		}
		ev, err := b.sb.Checkout(ctx, co.ID)
		if err != nil || !ev.Paid || ev.AmountTotal != 149100 || ev.BookingID != "b1" || !strings.HasPrefix(ev.PaymentRef, "pi_test_") {
			t.Fatalf("lookup on the other instance: %+v, %v", ev, err)
		}
		if again, _ := a.sb.Checkout(ctx, co.ID); again.PaymentRef != ev.PaymentRef {
			t.Errorf("payment refs differ between instances: %q and %q", again.PaymentRef, ev.PaymentRef)
		}
		if status, body := a.page(t, co.ID); status != http.StatusOK || !strings.Contains(body, "already paid") {
			t.Errorf("a paid checkout's page: %d %.300s", status, body)
		}
	})
}

// Expiry follows the injected clock on every instance, and checkouts a day past their
// expiry are forgotten.
func TestSandboxCheckoutExpiryAndPurge(t *testing.T) {
	eachSandboxWorld(t, func(t *testing.T, w *sandboxWorld) {
		a, _ := w.start(t)
		b, _ := w.start(t)
		ctx := context.Background()
		co, err := a.sb.CreateCheckout(ctx, sandboxRequest(t0.Add(30*time.Minute)))
		if err != nil {
			t.Fatal(err)
		}
		w.clock.add(30 * time.Minute)
		if status, body := b.page(t, co.ID); status != http.StatusGone || !strings.Contains(body, "This checkout has expired.") {
			t.Fatalf("expired checkout on the other instance: %d %.300s", status, body)
		}
		w.clock.add(24*time.Hour + time.Second)
		// Opening a checkout is when expired ones are purged.
		if _, err := b.sb.CreateCheckout(ctx, sandboxRequest(w.clock.now().Add(30*time.Minute))); err != nil {
			t.Fatal(err)
		}
		if status, body := a.page(t, co.ID); status != http.StatusNotFound || !strings.Contains(body, "This checkout does not exist") {
			t.Fatalf("a purged checkout: %d %.300s", status, body)
		}
		if _, err := a.sb.Checkout(ctx, co.ID); !errors.Is(err, payment.ErrNotFound) {
			t.Errorf("lookup of a purged checkout: %v, want ErrNotFound", err)
		}
	})
}

// A refund retried on any instance, even at the same moment, is the same refund.
func TestSandboxRefundsAreIdempotentAcrossInstances(t *testing.T) {
	eachSandboxWorld(t, func(t *testing.T, w *sandboxWorld) {
		a, _ := w.start(t)
		b, stopB := w.start(t)
		ctx := context.Background()
		req := payment.RefundRequest{PaymentRef: "pi_test_abc", AmountMinor: 1000, Currency: "usd", Key: "refund-1"}
		ids := make([]string, 10)
		var wg sync.WaitGroup
		for n := range ids {
			sb := a.sb
			if n%2 == 1 {
				sb = b.sb
			}
			wg.Go(func() {
				id, err := sb.Refund(ctx, req)
				if err != nil {
					t.Error(err)
				}
				ids[n] = id
			})
		}
		wg.Wait()
		for _, id := range ids {
			if id != ids[0] || !strings.HasPrefix(id, "re_test_") {
				t.Fatalf("one key gave refunds %q", ids)
			}
		}
		stopB()
		b, _ = w.start(t)
		if again, err := b.sb.Refund(ctx, req); err != nil || again != ids[0] {
			t.Errorf("after a restart the same key gave %q, %v; want %q", again, err, ids[0])
		}
		req.Key = "refund-2"
		if other, err := b.sb.Refund(ctx, req); err != nil || other == ids[0] {
			t.Errorf("another key gave %q, %v", other, err)
		}
		var n int
		if err := a.st.read.QueryRowContext(ctx, `SELECT COUNT(*) FROM sandbox_refunds`).Scan(&n); err != nil || n != 2 {
			t.Errorf("%d refunds stored (%v), want 2", n, err)
		}
	})
}

// Instances started without a configured secret agree on the first one stored.
func TestSandboxWebhookSecretIsShared(t *testing.T) {
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		first, err := s.SandboxWebhookSecret(ctx, "whsec_first")
		if err != nil || first != "whsec_first" {
			t.Fatalf("first secret %q, %v", first, err)
		}
		if second, err := s.SandboxWebhookSecret(ctx, "whsec_second"); err != nil || second != "whsec_first" {
			t.Fatalf("second instance got %q, %v; want the first's", second, err)
		}
	})
}

// The pictures bucket keeps, replaces, serves and deletes pictures per folder.
func TestPicturesBucket(t *testing.T) {
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		tours, users := s.Pictures("tours"), s.Pictures("users")
		if err := tours.Put(ctx, "a.jpg", []byte("first")); err != nil {
			t.Fatal(err)
		}
		if err := tours.Put(ctx, "a.jpg", []byte("second")); err != nil {
			t.Fatal(err)
		}
		o, err := tours.Open(ctx, "a.jpg")
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(o)
		o.Close()
		if string(data) != "second" || o.Size != 6 || o.ModTime.IsZero() {
			t.Errorf("read %q (%d bytes, %v)", data, o.Size, o.ModTime)
		}
		if _, err := users.Open(ctx, "a.jpg"); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("another folder's picture: %v, want fs.ErrNotExist", err)
		}
		if err := tours.Delete(ctx, "a.jpg"); err != nil {
			t.Fatal(err)
		}
		if err := tours.Delete(ctx, "a.jpg"); err != nil {
			t.Errorf("deleting a deleted picture: %v", err)
		}
		if _, err := tours.Open(ctx, "a.jpg"); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("a deleted picture: %v", err)
		}
	})
}
