package booking

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/httpx"
	"tourbook/internal/payment"
	"tourbook/internal/tour"
)

var (
	testNow = time.Date(2027, 6, 1, 9, 0, 0, 0, time.UTC)
	ann     = account.User{ID: "u-ann", Name: "Ann Lee", Email: "ann@example.com"}
	bob     = account.User{ID: "u-bob", Name: "Bob Roe", Email: "bob@example.com"}
)

func day(s string) time.Time {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return d
}

// forest has a past date, a full date, a date with 2 seats and a roomy one.
func forest() tour.Tour {
	return tour.Tour{
		ID: "t-forest", Slug: "the-forest-hiker", Name: "The Forest Hiker",
		MaxGroupSize: 10, PriceMinor: 49700, DiscountMinor: 2700, Currency: "usd",
		StartDates: []tour.StartDate{
			{Date: day("2027-05-01"), Taken: 0},
			{Date: day("2027-06-10"), Taken: 10},
			{Date: day("2027-06-15"), Taken: 8},
			{Date: day("2027-07-20"), Taken: 0},
		},
	}
}

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

type fixture struct {
	svc      *Service
	store    *fakeStore
	provider *fakeProvider
	clock    *clock
	logs     *bytes.Buffer
}

func newFixture(t *testing.T, tours ...tour.Tour) *fixture {
	t.Helper()
	if len(tours) == 0 {
		tours = []tour.Tour{forest()}
	}
	f := &fixture{store: newFakeStore(tours...), provider: newFakeProvider(), clock: &clock{t: testNow}, logs: &bytes.Buffer{}}
	f.svc = NewService(f.store, f.store, f.provider, Options{
		Now: f.clock.Now, BaseURL: "https://tours.example/", Tx: f.store.inTx,
		ImageURL: func(t tour.Tour) string { return "https://tours.example/img/tours/" + t.Slug + ".jpg" },
		Logger:   slog.New(slog.NewTextHandler(f.logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
	})
	return f
}

// start opens a checkout and returns its id.
func (f *fixture) start(t *testing.T, date string, participants int) string {
	t.Helper()
	url, err := f.svc.StartCheckout(context.Background(), ann, "", "t-forest", date, participants)
	if err != nil {
		t.Fatalf("StartCheckout: %v", err)
	}
	return strings.TrimPrefix(url, "https://pay.example/")
}

func (f *fixture) only(t *testing.T) Booking {
	t.Helper()
	all := f.store.all()
	if len(all) != 1 {
		t.Fatalf("%d bookings, want 1: %+v", len(all), all)
	}
	return all[0]
}

func TestStartCheckoutDefaults(t *testing.T) {
	f := newFixture(t)
	url, err := f.svc.StartCheckout(context.Background(), ann, "", "t-forest", "", 0)
	if err != nil {
		t.Fatal(err)
	}
	if url != "https://pay.example/cs_fake_1" {
		t.Fatalf("url %q", url)
	}
	b := f.only(t)
	// 1 June: 1 May has passed and 10 June is full, so the next date with room is 15 June.
	if !b.StartDate.Equal(day("2027-06-15")) || b.Participants != 1 || b.AmountMinor != 47000 || b.Currency != "usd" ||
		b.Status != Pending || b.UserID != ann.ID || !b.HoldUntil.Equal(testNow.Add(30*time.Minute)) ||
		b.Provider != "fake" || b.CheckoutID != "cs_fake_1" {
		t.Fatalf("booking %+v", b)
	}
	req := f.provider.lastRequest()
	want := payment.CheckoutRequest{
		BookingID: b.ID, TourID: "t-forest", UserID: ann.ID, CustomerEmail: ann.Email,
		TourName: "The Forest Hiker", Description: "15 June 2027 · 1 participant", StartDate: "2027-06-15",
		ImageURL:   "https://tours.example/img/tours/the-forest-hiker.jpg",
		Lines:      []payment.LineItem{{Name: "Adult", UnitAmountMinor: 47000, Quantity: 1}},
		Currency:   "usd",
		SuccessURL: "https://tours.example/bookings/success?session_id={CHECKOUT_SESSION_ID}",
		CancelURL:  "https://tours.example/tour/the-forest-hiker?checkout=cancelled&booking=000000000000000000000001",
		ExpiresAt:  testNow.Add(30 * time.Minute),
	}
	if !reflect.DeepEqual(req, want) {
		t.Fatalf("checkout request\n got %+v\nwant %+v", req, want)
	}
}

func TestStartCheckoutChoosesADateWithRoomForTheGroup(t *testing.T) {
	f := newFixture(t)
	f.start(t, "", 3) // 15 June has only 2 seats
	b := f.only(t)
	if !b.StartDate.Equal(day("2027-07-20")) || b.AmountMinor != 3*47000 {
		t.Fatalf("booking %+v", b)
	}
	if req := f.provider.lastRequest(); !reflect.DeepEqual(req.Lines, []payment.LineItem{{Name: "Adult", UnitAmountMinor: 47000, Quantity: 3}}) ||
		req.TotalMinor() != 3*47000 || req.Description != "20 July 2027 · 3 participants" {
		t.Fatalf("request %+v", req)
	}
}

func TestStartCheckoutRefusals(t *testing.T) {
	full := forest()
	full.StartDates = []tour.StartDate{{Date: day("2027-06-10"), Taken: 10}, {Date: day("2027-06-15"), Taken: 10}}
	none := forest()
	none.ID, none.StartDates = "t-none", []tour.StartDate{{Date: day("2027-05-01")}}
	full.ID = "t-full"
	small := forest()
	small.ID = "t-small"
	small.StartDates = small.StartDates[:3]

	tests := []struct {
		name         string
		user         account.User
		tourID, date string
		participants int
		status       int
		message      string
	}{
		{"not logged in", account.User{}, "t-forest", "", 1, 401, "Please log in to book a tour."},
		{"unknown tour", ann, "t-nope", "", 1, 404, "There is no tour with that id."},
		{"negative participants", ann, "t-forest", "", -1, 400, "Please choose between 1 and 10 participants."},
		{"too many participants", ann, "t-forest", "", 11, 400, "Please choose between 1 and 10 participants."},
		{"malformed date", ann, "t-forest", "15/06/2027", 1, 400, "Please give the start date as YYYY-MM-DD."},
		{"past date", ann, "t-forest", "2027-05-01", 1, 409, "That start date has already passed."},
		{"date the tour lacks", ann, "t-forest", "2027-06-16", 1, 409, "This tour does not start on 16 June 2027. Please choose one of its start dates."},
		{"date full", ann, "t-forest", "2027-06-10", 1, 409, "This tour is fully booked on 10 June 2027."},
		{"not enough seats", ann, "t-forest", "2027-06-15", 3, 409, "Only 2 seats are left on 15 June 2027."},
		{"fully booked", ann, "t-full", "", 1, 409, "This tour is fully booked."},
		{"no date has room for the group", ann, "t-small", "", 3, 409, "Only 2 seats are left on 15 June 2027."},
		{"no upcoming dates", ann, "t-none", "", 1, 409, "This tour has no upcoming start dates."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, forest(), full, none, small)
			_, err := f.svc.StartCheckout(context.Background(), tc.user, "", tc.tourID, tc.date, tc.participants)
			var be *Error
			if !errors.As(err, &be) {
				t.Fatalf("err = %v, want *Error", err)
			}
			if httpx.StatusOf(be.FaultKind()) != tc.status || be.PublicMessage() != tc.message {
				t.Fatalf("got %d %q, want %d %q", httpx.StatusOf(be.Kind), be.Message, tc.status, tc.message)
			}
			if n := len(f.store.all()); n != 0 || len(f.provider.requests) != 0 {
				t.Fatalf("a refused checkout left %d bookings and %d provider calls", n, len(f.provider.requests))
			}
		})
	}
}

func TestStartCheckoutOneSeatLeft(t *testing.T) {
	tr := forest()
	tr.StartDates[2].Taken = 9
	f := newFixture(t, tr)
	_, err := f.svc.StartCheckout(context.Background(), ann, "", "t-forest", "2027-06-15", 2)
	var be *Error
	if !errors.As(err, &be) || be.Message != "Only 1 seat is left on 15 June 2027." {
		t.Fatalf("err = %v", err)
	}
}

func TestStartCheckoutHoldsSeats(t *testing.T) {
	f := newFixture(t)
	f.start(t, "2027-06-15", 2)
	// The 2 held seats are gone for Bob while Ann's checkout is open ...
	_, err := f.svc.StartCheckout(context.Background(), bob, "", "t-forest", "2027-06-15", 1)
	var be *Error
	if !errors.As(err, &be) || httpx.StatusOf(be.Kind) != http.StatusConflict {
		t.Fatalf("err = %v, want 409", err)
	}
	// ... and free again once the hold has expired.
	f.clock.Add(31 * time.Minute)
	if _, err := f.svc.StartCheckout(context.Background(), bob, "", "t-forest", "2027-06-15", 1); err != nil {
		t.Fatal(err)
	}
}

func TestStartCheckoutProviderFailure(t *testing.T) {
	f := newFixture(t)
	f.provider.createErr = fmt.Errorf("stripe: %w: connection refused", payment.ErrUnavailable)
	_, err := f.svc.StartCheckout(context.Background(), ann, "", "t-forest", "2027-06-15", 2)
	if !errors.Is(err, payment.ErrUnavailable) {
		t.Fatalf("err = %v, want ErrUnavailable", err)
	}
	var be *Error
	if !errors.As(err, &be) || httpx.StatusOf(be.Kind) != http.StatusBadGateway ||
		be.Message != "The payment provider is not reachable right now. Please try again in a few minutes." {
		t.Fatalf("err = %#v", err)
	}
	if b := f.only(t); b.Status != Cancelled {
		t.Fatalf("hold left %s, want cancelled", b.Status)
	}
	// Nothing is booked: the seats are free at once.
	f.provider.createErr = nil
	if _, err := f.svc.StartCheckout(context.Background(), bob, "", "t-forest", "2027-06-15", 2); err != nil {
		t.Fatalf("seats not freed: %v", err)
	}
}

func TestWebhookThenReturn(t *testing.T) {
	f := newFixture(t)
	id := f.start(t, "2027-06-15", 2)
	payload, h := f.provider.pay(id)
	if err := f.svc.HandleWebhook(context.Background(), payload, h); err != nil {
		t.Fatal(err)
	}
	b, msg, err := f.svc.ConfirmReturn(context.Background(), ann, id)
	if err != nil {
		t.Fatal(err)
	}
	if b.Status != Paid || b.PaymentRef != "pi_"+id || f.store.fulfils != 1 {
		t.Fatalf("booking %+v after %d fulfils", b, f.store.fulfils)
	}
	if want := "Your booking of The Forest Hiker on 15 June 2027 for 2 participants is confirmed. Thank you!"; msg != want {
		t.Fatalf("message %q, want %q", msg, want)
	}
	if f.only(t).Status != Paid {
		t.Fatal("not one paid booking")
	}
}

func TestReturnThenWebhook(t *testing.T) {
	f := newFixture(t)
	id := f.start(t, "2027-06-15", 1)
	payload, h := f.provider.pay(id)
	b, msg, err := f.svc.ConfirmReturn(context.Background(), ann, id)
	if err != nil {
		t.Fatal(err)
	}
	if b.Status != Paid || msg != "Your booking of The Forest Hiker on 15 June 2027 for 1 participant is confirmed. Thank you!" {
		t.Fatalf("return: %+v %q", b, msg)
	}
	if err := f.svc.HandleWebhook(context.Background(), payload, h); err != nil {
		t.Fatal(err)
	}
	if got := f.only(t); !reflect.DeepEqual(got, b) || f.store.fulfils != 1 {
		t.Fatalf("the webhook changed the booking: %+v (%d fulfils)", got, f.store.fulfils)
	}
}

func TestReplayedWebhookChangesNothing(t *testing.T) {
	f := newFixture(t)
	id := f.start(t, "2027-06-15", 1)
	payload, h := f.provider.pay(id)
	if err := f.svc.HandleWebhook(context.Background(), payload, h); err != nil {
		t.Fatal(err)
	}
	first := f.only(t)
	f.clock.Add(2 * time.Hour) // a replay much later must not move PaidAt or the status
	for range 3 {
		if err := f.svc.HandleWebhook(context.Background(), payload, h); err != nil {
			t.Fatal(err)
		}
	}
	if got := f.only(t); !reflect.DeepEqual(got, first) || f.store.fulfils != 1 {
		t.Fatalf("replay changed the booking: %+v -> %+v", first, got)
	}
}

func TestWebhookBadSignatureRecordsNothing(t *testing.T) {
	f := newFixture(t)
	id := f.start(t, "2027-06-15", 1)
	payload, _ := f.provider.pay(id)
	err := f.svc.HandleWebhook(context.Background(), payload, http.Header{"Fake-Signature": {"forged"}})
	var be *Error
	if !errors.As(err, &be) || httpx.StatusOf(be.Kind) != http.StatusBadRequest || !errors.Is(err, payment.ErrBadSignature) {
		t.Fatalf("err = %v, want 400 wrapping ErrBadSignature", err)
	}
	if b := f.only(t); b.Status != Pending || f.store.fulfils != 0 {
		t.Fatalf("booking %s after a forged webhook", b.Status)
	}
}

func TestWebhookIgnoresUnpaidAndUnknown(t *testing.T) {
	f := newFixture(t)
	f.start(t, "2027-06-15", 1)
	for name, payload := range map[string]string{
		"not paid":         `{"Type":"checkout.session.completed","CheckoutID":"cs_fake_1","Paid":false}`,
		"unknown checkout": `{"Type":"checkout.session.completed","CheckoutID":"cs_other","AmountTotal":1,"Currency":"usd","Paid":true}`,
		"other type":       `{"Type":"checkout.session.expired","CheckoutID":"cs_fake_1"}`,
	} {
		if err := f.svc.HandleWebhook(context.Background(), []byte(payload), http.Header{"Fake-Signature": {"valid"}}); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if b := f.only(t); b.Status != Pending {
		t.Fatalf("booking %s, want pending", b.Status)
	}
}

func TestWebhookFindsBookingWhoseCheckoutWasNotRecorded(t *testing.T) {
	f := newFixture(t)
	f.start(t, "2027-06-15", 1)
	b := f.only(t)
	f.store.mu.Lock()
	f.store.bookings[b.ID].CheckoutID = "" // as if SetCheckout had not happened yet
	f.store.mu.Unlock()
	payload, h := f.provider.pay("cs_fake_1")
	if err := f.svc.HandleWebhook(context.Background(), payload, h); err != nil {
		t.Fatal(err)
	}
	if got := f.only(t); got.Status != Paid {
		t.Fatalf("booking %s, want paid", got.Status)
	}
}

func TestAmountMismatchIsRefundDueAndLogged(t *testing.T) {
	f := newFixture(t)
	id := f.start(t, "2027-06-15", 2)
	payload := fmt.Appendf(nil, `{"Type":"checkout.session.completed","CheckoutID":%q,"PaymentRef":"pi_x","AmountTotal":100,"Currency":"USD","Paid":true}`, id)
	if err := f.svc.HandleWebhook(context.Background(), payload, http.Header{"Fake-Signature": {"valid"}}); err != nil {
		t.Fatal(err)
	}
	b := f.only(t)
	if b.Status != RefundDue {
		t.Fatalf("booking %s, want refund_due", b.Status)
	}
	line := ""
	for l := range strings.Lines(f.logs.String()) {
		if strings.Contains(l, "level=ERROR") {
			line = l
		}
	}
	for _, want := range []string{"REFUND DUE", "booking_id=" + b.ID, "expected_amount=94000", "expected_currency=usd", "got_amount=100", "got_currency=usd", "payment_ref=pi_x"} {
		if !strings.Contains(line, want) {
			t.Errorf("error log line lacks %q: %q", want, line)
		}
	}
	// Ann reads a refund message that fits.
	if _, msg, err := f.svc.ConfirmReturn(context.Background(), ann, id); err != nil || msg != msgRefundMismatch {
		t.Fatalf("return: %q, %v", msg, err)
	}
}

func TestLatePaymentOnAFullDateIsRefundDue(t *testing.T) {
	f := newFixture(t)
	id := f.start(t, "2027-06-15", 2) // the last 2 seats
	f.clock.Add(45 * time.Minute)     // Ann's hold expires while she is on the payment page
	if _, err := f.svc.StartCheckout(context.Background(), bob, "", "t-forest", "2027-06-15", 2); err != nil {
		t.Fatal(err) // Bob takes the seats
	}
	if n, err := f.svc.ExpireHolds(context.Background()); err != nil || n != 1 {
		t.Fatalf("ExpireHolds = %d, %v", n, err)
	}
	f.provider.pay(id)
	b, msg, err := f.svc.ConfirmReturn(context.Background(), ann, id)
	if err != nil {
		t.Fatal(err)
	}
	if b.Status != RefundDue || msg != "Your payment arrived after your seat hold expired and the date is now full. We will refund you in full within 5 days." {
		t.Fatalf("return: %s %q", b.Status, msg)
	}
	if !strings.Contains(f.logs.String(), "REFUND DUE: payment arrived after the seat hold expired") {
		t.Error("no error log line for the operator")
	}
	// A second visit to the success page says the same.
	if _, msg2, _ := f.svc.ConfirmReturn(context.Background(), ann, id); msg2 != msg {
		t.Fatalf("second return: %q", msg2)
	}
}

func TestLatePaymentWithSeatsStillFreeIsPaid(t *testing.T) {
	f := newFixture(t)
	id := f.start(t, "2027-07-20", 2)
	f.clock.Add(45 * time.Minute)
	payload, h := f.provider.pay(id)
	if err := f.svc.HandleWebhook(context.Background(), payload, h); err != nil {
		t.Fatal(err)
	}
	if b := f.only(t); b.Status != Paid {
		t.Fatalf("booking %s, want paid", b.Status)
	}
}

func TestConfirmReturn(t *testing.T) {
	t.Run("someone else's checkout", func(t *testing.T) {
		f := newFixture(t)
		id := f.start(t, "2027-06-15", 1)
		f.provider.pay(id)
		_, _, err := f.svc.ConfirmReturn(context.Background(), bob, id)
		var be *Error
		if !errors.As(err, &be) || httpx.StatusOf(be.Kind) != http.StatusNotFound {
			t.Fatalf("err = %v, want 404", err)
		}
		if f.only(t).Status != Pending {
			t.Fatal("another user's return settled the booking")
		}
	})
	t.Run("unknown checkout", func(t *testing.T) {
		f := newFixture(t)
		_, _, err := f.svc.ConfirmReturn(context.Background(), ann, "cs_nope")
		var be *Error
		if !errors.As(err, &be) || httpx.StatusOf(be.Kind) != http.StatusNotFound || be.Message != "We could not find that booking." {
			t.Fatalf("err = %v, want 404", err)
		}
	})
	t.Run("not paid yet", func(t *testing.T) {
		f := newFixture(t)
		id := f.start(t, "2027-06-15", 1)
		b, msg, err := f.svc.ConfirmReturn(context.Background(), ann, id)
		if err != nil || b.Status != Pending || msg != msgProcessing {
			t.Fatalf("got %s %q %v", b.Status, msg, err)
		}
	})
	t.Run("provider down", func(t *testing.T) {
		f := newFixture(t)
		id := f.start(t, "2027-06-15", 1)
		f.provider.pay(id)
		f.provider.lookupErr = payment.ErrUnavailable
		b, msg, err := f.svc.ConfirmReturn(context.Background(), ann, id)
		if err != nil || b.Status != Pending || msg != msgProcessing {
			t.Fatalf("got %s %q %v", b.Status, msg, err)
		}
	})
}

func TestExpireHolds(t *testing.T) {
	f := newFixture(t)
	f.start(t, "2027-06-15", 1)
	f.clock.Add(10 * time.Minute)
	if _, err := f.svc.StartCheckout(context.Background(), bob, "", "t-forest", "2027-07-20", 1); err != nil {
		t.Fatal(err)
	}
	f.clock.Add(25 * time.Minute) // the first hold is 35 min old, the second 25
	n, err := f.svc.ExpireHolds(context.Background())
	if err != nil || n != 1 {
		t.Fatalf("ExpireHolds = %d, %v; want 1", n, err)
	}
	all := f.store.all()
	if all[0].Status != Cancelled || all[1].Status != Pending {
		t.Fatalf("statuses %s, %s", all[0].Status, all[1].Status)
	}
}

func TestRunExpiryStopsWithItsContext(t *testing.T) {
	f := newFixture(t)
	f.start(t, "2027-06-15", 1)
	f.clock.Add(time.Hour)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { f.svc.RunExpiry(ctx, time.Millisecond); close(done) }()
	for deadline := time.Now().Add(5 * time.Second); f.only(t).Status != Cancelled; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("RunExpiry did not cancel the expired hold")
		}
	}
	cancel()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("RunExpiry did not return after its context ended")
	}
}

func TestBookingAgainReplacesTheHold(t *testing.T) {
	f := newFixture(t)
	// The date has 2 seats left: without the release the second ask would be refused.
	f.start(t, "2027-06-15", 2)
	f.start(t, "2027-06-15", 2) // the back button, then book again
	all := f.store.all()
	if len(all) != 2 || all[0].Status != Cancelled || all[1].Status != Pending || all[1].Participants != 2 {
		t.Fatalf("bookings after booking twice: %+v", all)
	}
}

func TestOpenCheckoutsAreBounded(t *testing.T) {
	f := newFixture(t)
	for i := range MaxOpenCheckouts {
		f.store.tours[fmt.Sprintf("t-%d", i)] = withID(f.store.tours["t-forest"], fmt.Sprintf("t-%d", i))
		if _, err := f.svc.StartCheckout(context.Background(), ann, "", fmt.Sprintf("t-%d", i), "2027-06-15", 1); err != nil {
			t.Fatal(err)
		}
	}
	_, err := f.svc.StartCheckout(context.Background(), ann, "", "t-forest", "2027-06-15", 1)
	var e *Error
	if !errors.As(err, &e) || httpx.StatusOf(e.Kind) != http.StatusConflict || !strings.Contains(e.Message, "checkouts open") {
		t.Fatalf("err %v, want 409 about open checkouts", err)
	}
	// Once they expire, booking works again.
	f.clock.Add(31 * time.Minute)
	if _, err := f.svc.StartCheckout(context.Background(), ann, "", "t-forest", "2027-06-15", 1); err != nil {
		t.Fatal(err)
	}
}

func TestCancelReturnReleasesOnlyTheUsersPendingHold(t *testing.T) {
	f := newFixture(t)
	f.start(t, "2027-06-15", 2)
	id := f.store.all()[0].ID
	if err := f.svc.CancelReturn(context.Background(), bob, id); err != nil {
		t.Fatal(err)
	}
	if b := f.store.all()[0]; b.Status != Pending {
		t.Fatalf("another user's cancel link released the hold: %s", b.Status)
	}
	if err := f.svc.CancelReturn(context.Background(), ann, "no-such-booking"); err != nil {
		t.Fatalf("unknown booking: %v", err)
	}
	if err := f.svc.CancelReturn(context.Background(), ann, id); err != nil {
		t.Fatal(err)
	}
	if b := f.store.all()[0]; b.Status != Cancelled {
		t.Fatalf("status %s, want cancelled", b.Status)
	}
}

func withID(t tour.Tour, id string) tour.Tour {
	t.ID = id
	return t
}
