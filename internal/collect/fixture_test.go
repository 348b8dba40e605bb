package collect_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"tourbook/internal/money"

	"tourbook/internal/account"
	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	"tourbook/internal/collect"
	"tourbook/internal/emails"
	"tourbook/internal/emails/emailstest"
	"tourbook/internal/mail"
	"tourbook/internal/payment"
	"tourbook/internal/refund"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
	"tourbook/internal/tour"
)

// now is the tests' clock: a few months before the departure, in the afternoon in Oslo.
var now = time.Date(2031, 3, 14, 15, 9, 26, 535897000, time.UTC)

// emailWriter renders emails with the real server bundle (emailstest).
func emailWriter(t *testing.T) *emails.Writer { return emailstest.Writer(t) }

// fixture is a site's money services on one store: the back office (phone bookings),
// collecting, refunds, and bookings' fulfilment behind the real sandbox over HTTP.
type fixture struct {
	st       *store.Store
	office   *backoffice.Service
	collect  *collect.Service
	refunds  *refund.Service
	bookings *booking.Service
	sandbox  *payment.Sandbox
	admin    account.User
	guide    account.User
	tour     tour.Tour
	day      time.Time
	webhooks int
	mu       sync.Mutex
	// base is the site's address, clock the services' clock, and later how far it has
	// been moved on (deposit_test.go).
	base  string
	clock func() time.Time
	later atomic.Int64
}

func newFixture(t *testing.T, st *store.Store) *fixture {
	f := &fixture{st: st, day: time.Date(2031, 6, 1, 0, 0, 0, 0, time.UTC)}
	// Each reading a second later, so that what happens in turn is ordered in time.
	var ticks atomic.Int64
	clock := func() time.Time {
		return now.Add(time.Duration(ticks.Add(1))*time.Second + time.Duration(f.later.Load()))
	}
	f.clock = clock
	mailer := emails.NewBookings(emailWriter(t), st, clock)
	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	f.base = srv.URL
	mux.HandleFunc("POST /webhook-checkout", func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		f.mu.Lock()
		f.webhooks++
		f.mu.Unlock()
		if err := f.bookings.HandleWebhook(r.Context(), body, r.Header); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
		}
	})
	f.sandbox = payment.NewSandbox(payment.SandboxOptions{BaseURL: srv.URL, WebhookURL: srv.URL + "/webhook-checkout",
		WebhookSecret: "whsec_collect", Now: clock})
	mux.Handle(payment.SandboxPath, f.sandbox.Handler())
	f.collect = collect.NewService(st, f.sandbox, collect.Options{Now: clock, BaseURL: srv.URL, Mailer: mailer,
		Tx: storetest.InTx(st, func(tx *store.Store) collect.Tx { return tx })})
	f.bookings = booking.NewService(st, st, f.sandbox, booking.Options{Now: clock, BaseURL: srv.URL, Links: f.collect,
		Tx: storetest.InTx(st, func(tx *store.Store) booking.Tx { return tx })})
	f.office = backoffice.NewService(st, backoffice.Options{Now: clock,
		HashPassword: func(string) (string, error) { return "$argon2id$test", nil },
		Tx:           storetest.InTx(st, func(tx *store.Store) backoffice.Tx { return tx })})
	f.refunds = refund.NewService(st, f.sandbox, nil, refund.Options{Now: clock, Mailer: mailer,
		Tx: storetest.InTx(st, func(tx *store.Store) refund.Tx { return tx })})
	f.admin = storetest.AddUser(t, st, "laura", account.RoleAdmin)
	f.guide = storetest.AddUser(t, st, "kwame", account.RoleGuide)
	f.tour = storetest.AddTour(t, st, "fjords", 10, f.day)
	return f
}

// phoneBooking takes n seats by phone for a new customer, awaiting payment by method.
func (f *fixture) phoneBooking(t *testing.T, email string, n int, method string) booking.Booking {
	t.Helper()
	b, err := f.office.RecordWalkIn(t.Context(), f.admin, f.tour.ID, f.day.Format(time.DateOnly), backoffice.WalkIn{
		Email: email, Name: "Phone Customer", Participants: n, PaymentMethod: method, AwaitingPayment: true})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func (f *fixture) booking(t *testing.T, id string) booking.Booking {
	t.Helper()
	b, err := f.st.BookingByID(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// emails lists the outbox's messages of a kind.
func (f *fixture) emails(t *testing.T, kind string) []mail.Message {
	t.Helper()
	list, _, err := f.st.ListEmails(t.Context(), mail.Filter{}, 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	var out []mail.Message
	for _, m := range list {
		if m.Kind == kind {
			full, err := f.st.EmailByID(t.Context(), m.ID)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, full)
		}
	}
	return out
}

// revenue is the dashboard's revenue of the last 30 days in dollars' cents.
func (f *fixture) revenue(t *testing.T) int64 {
	t.Helper()
	s, err := f.st.SalesSince(t.Context(), now.AddDate(0, 0, -30))
	if err != nil {
		t.Fatal(err)
	}
	return s.Revenue["usd"]
}

var client = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// pay pays a sandbox checkout by its page's address with a test card and returns the
// answer's status and where it leads.
func pay(t *testing.T, checkoutURL string) (int, *url.URL) {
	t.Helper()
	resp, err := client.Get(checkoutURL)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return resp.StatusCode, nil
	}
	token := regexp.MustCompile(`name="token" value="([0-9a-f]+)"`).FindSubmatch(page)[1]
	resp, err = client.PostForm(checkoutURL+"/pay", url.Values{
		"token": {string(token)}, "number": {"4242 4242 4242 4242"}, "expiry": {"12/35"}, "cvc": {"123"}, "name": {"Phone Customer"},
	})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc, _ := url.Parse(resp.Header.Get("Location"))
	return resp.StatusCode, loc
}

// linkURL is the payment link in an email's text.
func linkURL(t *testing.T, m mail.Message) string {
	t.Helper()
	u := regexp.MustCompile(`https?://\S+/sandbox/checkout/\S+`).FindString(m.Text)
	if u == "" {
		t.Fatalf("no payment link in %q", m.Text)
	}
	return strings.TrimRight(u, ".")
}

// ptr is an amount in minor units, as a script sends it; typed one as a person types it.
func ptr(n int64) *money.Amount { a := money.MinorAmount(n); return &a }

func typed(text string) *money.Amount { a := money.TypedAmount(text); return &a }

var _ = context.Background

// paidEvent is what the provider says of a paid checkout, as its webhook would.
func paidEvent(t *testing.T, f *fixture, checkoutID string) payment.Event {
	t.Helper()
	ev, err := f.sandbox.Checkout(t.Context(), checkoutID)
	if err != nil || !ev.Paid {
		t.Fatalf("checkout %s: %+v, %v", checkoutID, ev, err)
	}
	return ev
}
