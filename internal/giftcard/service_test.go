package giftcard_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
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

	"tourbook/internal/account"
	"tourbook/internal/booking"
	"tourbook/internal/emails"
	"tourbook/internal/emails/emailstest"
	"tourbook/internal/fault"
	"tourbook/internal/giftcard"
	"tourbook/internal/mail"
	"tourbook/internal/money"
	"tourbook/internal/payment"
	"tourbook/internal/receipt"
	"tourbook/internal/refund"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
	"tourbook/internal/tour"
)

var start = time.Date(2031, 3, 14, 15, 9, 26, 0, time.UTC)

// outbox lists the outbox's messages of a kind, whole.
func outbox(t *testing.T, st *store.Store, kind string) []mail.Message {
	t.Helper()
	list, _, err := st.ListEmails(t.Context(), mail.Filter{Kind: kind}, 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	var out []mail.Message
	for _, m := range list {
		full, err := st.EmailByID(t.Context(), m.ID)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, full)
	}
	return out
}

// fixture is gift cards, bookings and refunds on one store, behind the real sandbox
// over HTTP, with a clock the test moves.
type fixture struct {
	st       *store.Store
	cards    *giftcard.Service
	bookings *booking.Service
	refunds  *refund.Service
	sandbox  *payment.Sandbox
	admin    account.User
	tour     tour.Tour
	day      time.Time
	offset   atomic.Int64
}

// now reads a microsecond later each time, so that what happens in turn is ordered.
func (f *fixture) now() time.Time {
	return start.Add(time.Duration(f.offset.Add(int64(time.Microsecond))))
}

func newFixture(t *testing.T, st *store.Store) *fixture {
	t.Helper()
	f := &fixture{st: st, day: time.Date(2031, 6, 1, 0, 0, 0, 0, time.UTC)}
	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	mux.HandleFunc("POST /webhook-checkout", func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if err := f.bookings.HandleWebhook(r.Context(), body, r.Header); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
		}
	})
	f.sandbox = payment.NewSandbox(payment.SandboxOptions{BaseURL: srv.URL, WebhookURL: srv.URL + "/webhook-checkout",
		WebhookSecret: "whsec_gift", Now: f.now})
	mux.Handle(payment.SandboxPath, f.sandbox.Handler())
	f.cards = giftcard.NewService(st, giftcard.Options{Now: f.now, Provider: f.sandbox, BaseURL: srv.URL,
		Mailer: emails.NewGiftCards(emailstest.Writer(t)),
		Tx:     storetest.InTx(st, func(tx *store.Store) giftcard.Tx { return tx })})
	receipts := receipt.NewService(st, receipt.Options{})
	f.bookings = booking.NewService(st, st, f.sandbox, booking.Options{Now: f.now, BaseURL: srv.URL, GiftCards: f.cards, Receipts: receipts,
		Links: f.cards.Links(nil), Tx: storetest.InTx(st, func(tx *store.Store) booking.Tx { return tx })})
	f.refunds = refund.NewService(st, f.sandbox, nil, refund.Options{Now: f.now, GiftCards: f.cards, Receipts: receipts,
		Tx: storetest.InTx(st, func(tx *store.Store) refund.Tx { return tx })})
	f.admin = storetest.AddUser(t, st, "laura", account.RoleAdmin)
	f.tour = storetest.AddTour(t, st, "fjords", 10, f.day)
	return f
}

// card writes an active card of amountMinor dollars' cents, as a paid purchase leaves it.
func (f *fixture) card(t *testing.T, amountMinor int64) giftcard.Card {
	t.Helper()
	c := giftcard.Card{Code: giftcard.NewCode(), Status: giftcard.Active, Currency: "usd", AmountMinor: amountMinor,
		BalanceMinor: amountMinor, BuyerEmail: "bea@example.com", RecipientName: "Rita", RecipientEmail: "rita@example.com",
		DeliverOn: f.day, ExpiresAt: start.AddDate(3, 0, 0)}
	if err := f.st.CreateGiftCard(t.Context(), &c, start); err != nil {
		t.Fatal(err)
	}
	return c
}

func (f *fixture) balance(t *testing.T, c giftcard.Card) int64 {
	t.Helper()
	got, err := f.st.GiftCardByID(t.Context(), c.ID)
	if err != nil {
		t.Fatal(err)
	}
	return got.BalanceMinor
}

func (f *fixture) booking(t *testing.T, id string) booking.Booking {
	t.Helper()
	b, err := f.st.BookingByID(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// checkout opens a checkout of n seats for a new traveller with a gift card code.
func (f *fixture) checkout(t *testing.T, name string, n int, code string) (account.User, string, error) {
	t.Helper()
	u := storetest.AddUser(t, f.st, name, account.RoleUser)
	to, err := f.bookings.Open(t.Context(), u, "", booking.Checkout{TourID: f.tour.ID, Date: f.day.Format(time.DateOnly),
		Participants: n, GiftCard: code})
	return u, to, err
}

// methods is how each of a booking's receipts and credit notes says the money moved.
func (f *fixture) methods(t *testing.T, bookingID string) string {
	t.Helper()
	docs, err := f.st.BookingReceipts(t.Context(), bookingID)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, d := range docs {
		out = append(out, string(d.Kind)+":"+d.Method.Label())
	}
	return strings.Join(out, ", ")
}

func message(t *testing.T, err error) string {
	t.Helper()
	var fe *fault.Error
	if !errors.As(err, &fe) || fe.Kind == fault.Internal {
		t.Fatalf("error %v is not one a person reads", err)
	}
	return fe.Message
}

// payAtSandbox pays a sandbox checkout page with the test card and returns where it leads.
func payAtSandbox(t *testing.T, checkoutURL string) *url.URL {
	t.Helper()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Get(checkoutURL)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	m := regexp.MustCompile(`name="token" value="([0-9a-f]+)"`).FindSubmatch(page)
	if m == nil {
		t.Fatalf("no card form at %s:\n%s", checkoutURL, page)
	}
	resp, err = client.PostForm(checkoutURL+"/pay", url.Values{"token": {string(m[1])}, "number": {"4242 4242 4242 4242"},
		"expiry": {"12/39"}, "cvc": {"123"}, "name": {"Ann Lee"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc, _ := url.Parse(resp.Header.Get("Location"))
	return loc
}

// A card that cannot pay is refused at checkout with the reason, and no seat is held:
// a typo (before any lookup), an unknown code, one not paid for, voided, expired,
// spent, or in another currency.
func TestCheckoutRefusals(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st)
		ctx := t.Context()
		good := f.card(t, 10000)
		typo := []byte(good.Code)
		typo[3] = map[bool]byte{true: 'A', false: 'B'}[typo[3] != 'A']
		voided := f.card(t, 10000)
		if _, err := f.cards.VoidCard(ctx, f.admin, voided.ID, "Reported stolen", "k1"); err != nil {
			t.Fatal(err)
		}
		old := giftcard.Card{Code: giftcard.NewCode(), Status: giftcard.Active, Currency: "usd", AmountMinor: 5000,
			BalanceMinor: 5000, BuyerEmail: "b@example.com", RecipientName: "R", RecipientEmail: "r@example.com",
			DeliverOn: f.day, ExpiresAt: time.Date(2031, 1, 2, 0, 0, 0, 0, time.UTC)}
		spent := f.card(t, 10000)
		if _, err := f.cards.Adjust(ctx, f.admin, spent.ID, -10000, "Paid out in cash", "k2"); err != nil {
			t.Fatal(err)
		}
		pending := giftcard.Card{Code: giftcard.NewCode(), Status: giftcard.Pending, Currency: "usd", AmountMinor: 5000,
			BuyerEmail: "b@example.com", RecipientName: "R", RecipientEmail: "r@example.com", DeliverOn: f.day, ExpiresAt: start.AddDate(3, 0, 0)}
		euro := giftcard.Card{Code: giftcard.NewCode(), Status: giftcard.Active, Currency: "eur", AmountMinor: 5000, BalanceMinor: 5000,
			BuyerEmail: "b@example.com", RecipientName: "R", RecipientEmail: "r@example.com", DeliverOn: f.day, ExpiresAt: start.AddDate(3, 0, 0)}
		for _, c := range []*giftcard.Card{&old, &pending, &euro} {
			if err := st.CreateGiftCard(ctx, c, start); err != nil {
				t.Fatal(err)
			}
		}
		for i, tc := range []struct{ code, want string }{
			{string(typo), "That gift card code has a typo: please check it against the card."},
			{"ABCD-1234", "A gift card code has 16 letters and digits, like 7KQ4-M2XW-9D3F-HT6R. Please check the code on the card."},
			{giftcard.NewCode(), "There is no gift card with that code. Please check the code on the card."},
			{pending.Code, "This gift card has not been paid for yet, so it cannot be used."},
			{giftcard.Format(voided.Code), "This gift card was cancelled, so it can no longer be used."},
			{old.Code, "This gift card expired on 2 January 2031."},
			{strings.ToLower(spent.Code), "This gift card has no balance left."},
			{euro.Code, "This gift card is in EUR and cannot pay for a booking in USD."},
		} {
			_, _, err := f.checkout(t, "refused"+string(rune('a'+i)), 1, tc.code)
			if got := message(t, err); got != tc.want {
				t.Errorf("code %q: %q, want %q", tc.code, got, tc.want)
			}
		}
		if n, err := st.OpenHolds(ctx, "", f.now()); err != nil || n != 0 {
			t.Fatalf("holds: %d %v", n, err)
		}
		deps, err := st.TourByID(ctx, f.tour.ID, f.now())
		if err != nil || deps.SeatsLeft(deps.StartDates[0]) != 10 {
			t.Fatalf("seats left after refusals: %v", err)
		}
		if f.balance(t, good) != 10000 {
			t.Fatal("a refused checkout spent a card")
		}
	})
}

// A card worth more than the booking pays it all: no provider payment, the booking is
// paid at once with its ticket, and the success page confirms it. The card keeps the
// rest, and a refund puts the booking's amount back on it, once per refund.
func TestGiftCardPaysAll(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st)
		ctx := t.Context()
		c := f.card(t, 200000)
		u, to, err := f.checkout(t, "ann", 2, giftcard.Format(c.Code))
		if err != nil {
			t.Fatal(err)
		}
		loc, _ := url.Parse(to)
		if loc.Path != "/bookings/success" {
			t.Fatalf("sent to %s, want the success page", to)
		}
		b, msg, err := f.bookings.ConfirmReturn(ctx, u, loc.Query().Get("session_id"))
		if err != nil {
			t.Fatal(err)
		}
		if b.Status != booking.Paid || b.AmountMinor != 99400 || b.PaidMinor != 99400 ||
			msg != "Your booking of The fjords on 1 June 2031 for 2 participants is confirmed. Thank you!" {
			t.Fatalf("booking %+v, %q", b, msg)
		}
		if _, err := st.BookingTicket(ctx, b.ID); err != nil {
			t.Fatalf("no ticket: %v", err)
		}
		if got := f.balance(t, c); got != 200000-99400 {
			t.Fatalf("balance %d", got)
		}
		if _, err := f.refunds.Cancel(ctx, f.admin, b.ID, 50000, "Changed plans", "refund-1"); err != nil {
			t.Fatal(err)
		}
		if _, err := f.refunds.Cancel(ctx, f.admin, b.ID, 50000, "Changed plans", "refund-1"); err != nil {
			t.Fatal(err)
		}
		if got := f.balance(t, c); got != 200000-99400+50000 {
			t.Fatalf("balance after the refund: %d", got)
		}
		if b := f.booking(t, b.ID); b.Status != booking.Refunded || b.RefundedMinor != 50000 {
			t.Fatalf("refunded booking %+v", b)
		}
		if got := f.methods(t, b.ID); got != "receipt:Gift card, credit_note:Gift card" {
			t.Fatalf("documents: %s", got)
		}
	})
}

// A card worth less pays part: the provider is charged the rest, and once paid the
// booking is paid in full. A refund of all of it puts the card's part back on the
// card and the rest through the provider.
func TestGiftCardPaysPart(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st)
		ctx := t.Context()
		c := f.card(t, 10000)
		u, to, err := f.checkout(t, "ben", 1, c.Code)
		if err != nil {
			t.Fatal(err)
		}
		page := get(t, to)
		if !strings.Contains(page, "$397.00") || !strings.Contains(page, "gift card paid $100.00") || !strings.Contains(page, "1 × Adult, gift card -$100.00") {
			t.Fatalf("the checkout does not charge the rest:\n%s", page)
		}
		if got := f.balance(t, c); got != 0 {
			t.Fatalf("balance while held: %d", got)
		}
		loc := payAtSandbox(t, to)
		b, _, err := f.bookings.ConfirmReturn(ctx, u, loc.Query().Get("session_id"))
		if err != nil {
			t.Fatal(err)
		}
		if b.Status != booking.Paid || b.AmountMinor != 49700 || b.PaidMinor != 49700 {
			t.Fatalf("booking %+v", b)
		}
		if _, err := f.refunds.Cancel(ctx, f.admin, b.ID, 49700, "Storm", "refund-all"); err != nil {
			t.Fatal(err)
		}
		if got := f.balance(t, c); got != 10000 {
			t.Fatalf("balance after the refund: %d", got)
		}
		if b := f.booking(t, b.ID); b.Status != booking.Refunded || b.RefundedMinor != 49700 {
			t.Fatalf("refunded booking %+v", b)
		}
		if got := f.methods(t, b.ID); got != "receipt:Gift card and card (online), credit_note:Gift card and card (online)" {
			t.Fatalf("documents: %s", got)
		}
	})
}

// A hold that lapses unpaid gives its card's spend back; paid after that, the booking
// is short of the card's part and due a refund.
func TestLapsedHoldGivesBack(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st)
		ctx := t.Context()
		c := f.card(t, 10000)
		u, _, err := f.checkout(t, "cy", 1, c.Code)
		if err != nil {
			t.Fatal(err)
		}
		held, err := st.UserBookings(ctx, u.ID)
		if err != nil || len(held) != 1 {
			t.Fatalf("bookings %+v %v", held, err)
		}
		f.offset.Add(int64(31 * time.Minute))
		if _, err := f.bookings.ExpireHolds(ctx); err != nil {
			t.Fatal(err)
		}
		if got := f.balance(t, c); got != 10000 {
			t.Fatalf("balance after the hold lapsed: %d", got)
		}
		if _, err := f.bookings.ExpireHolds(ctx); err != nil {
			t.Fatal(err)
		}
		entries, err := st.GiftCardEntries(ctx, c.ID)
		if err != nil || len(entries) != 2 || entries[1].Kind != giftcard.Release {
			t.Fatalf("ledger %+v %v", entries, err)
		}
		// The provider's part paid late, after the card's part went back: the booking is
		// short of what the card paid, so due a refund, and the card keeps its balance.
		b, _, err := f.bookings.RecordPayment(ctx, held[0].ID, booking.Payment{Ref: "pi_late", AmountMinor: 39700, Currency: "usd"}, f.now(), nil)
		if err != nil || b.Status != booking.RefundDue || b.AmountMinor != 39700 || f.balance(t, c) != 10000 {
			t.Fatalf("late payment: %+v %v, balance %d", b, err, f.balance(t, c))
		}
	})
}

// Ten checkouts spending one card at the same moment take exactly its balance between
// them, never more.
func TestConcurrentSpend(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st)
		ctx := t.Context()
		c := f.card(t, 100000) // pays two bookings of 497.00 and 6.00 of a third
		var holds []booking.Booking
		for i := range 10 {
			holds = append(holds, storetest.AddHold(t, st, f.tour, f.day, f.now(), "t"+string(rune('a'+i)), 1))
		}
		var wg sync.WaitGroup
		var took atomic.Int64
		var refused atomic.Int32
		for _, b := range holds {
			wg.Go(func() {
				n, err := f.cards.Spend(context.WithoutCancel(ctx), c.Code, b.ID, "usd", b.AmountMinor)
				if err != nil {
					if message(t, err) != "This gift card has no balance left." {
						t.Errorf("spend: %v", err)
					}
					refused.Add(1)
					return
				}
				took.Add(n)
			})
		}
		wg.Wait()
		if took.Load() != 100000 || f.balance(t, c) != 0 || refused.Load() != 7 {
			t.Fatalf("took %d, balance %d, refused %d", took.Load(), f.balance(t, c), refused.Load())
		}
		entries, err := st.GiftCardEntries(ctx, c.ID)
		if err != nil || len(entries) != 3 {
			t.Fatalf("ledger %+v %v", entries, err)
		}
	})
}

// Only admins adjust or void a card; a reason is required; the balance never goes below
// zero; a retry of one form changes nothing more; each change is in the audit log.
func TestAdjustAndVoid(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st)
		ctx := t.Context()
		c := f.card(t, 5000)
		guide := storetest.AddUser(t, st, "kwame", account.RoleLeadGuide)
		if _, err := f.cards.Adjust(ctx, guide, c.ID, 100, "Goodwill", "a"); message(t, err) != "Only administrators can change gift cards." {
			t.Fatalf("lead guide: %v", err)
		}
		if _, err := f.cards.Adjust(ctx, f.admin, c.ID, 100, " ", "a"); !strings.Contains(message(t, err), "Please say why") {
			t.Fatalf("no reason: %v", err)
		}
		if _, err := f.cards.Adjust(ctx, f.admin, c.ID, -5001, "Typo", "a"); message(t, err) != "The balance cannot go below zero: it is $50.00." {
			t.Fatalf("below zero: %v", err)
		}
		for range 2 {
			got, err := f.cards.Adjust(ctx, f.admin, c.ID, 2500, "Apology for the cancelled trip", "b")
			if err != nil || got.BalanceMinor != 7500 {
				t.Fatalf("adjust: %+v %v", got, err)
			}
		}
		got, err := f.cards.VoidCard(ctx, f.admin, c.ID, "Refunded to the buyer's card", "c")
		if err != nil || got.Status != giftcard.Void || got.BalanceMinor != 0 || f.balance(t, c) != 0 {
			t.Fatalf("void: %+v %v", got, err)
		}
		if _, err := f.cards.Adjust(ctx, f.admin, c.ID, 100, "Again", "d"); message(t, err) != "Only an active gift card's balance can be changed." {
			t.Fatalf("adjust a void card: %v", err)
		}
		entries, err := st.GiftCardEntries(ctx, c.ID)
		if err != nil || len(entries) != 2 || entries[0].Reason != "Apology for the cancelled trip" || entries[1].Kind != giftcard.VoidKind ||
			entries[1].AmountMinor != -7500 || entries[0].ActorID != f.admin.ID {
			t.Fatalf("ledger %+v %v", entries, err)
		}
	})
}

func get(t *testing.T, u string) string {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return string(body)
}

// A visitor buys a card through the sandbox: the order is checked, the checkout charges
// its amount, and the webhook and the return together make it active exactly once with
// a purchase in its ledger; the card then pays at checkout.
func TestBuyThroughTheSandbox(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st)
		ctx := t.Context()
		_, err := f.cards.Buy(ctx, account.User{}, giftcard.Order{Amount: money.MinorAmount(1000), RecipientName: " ",
			RecipientEmail: "nope", BuyerEmail: "bea@example.com", DeliverOn: "2031-03-13"})
		for _, want := range []string{"Please choose an amount between $25.00 and $1,000.00.", "Please give the recipient's name",
			"Please give the recipient's email address", "The delivery date cannot be in the past."} {
			var fe *fault.Error
			if !errors.As(err, &fe) || !strings.Contains(strings.Join(values(fe.FieldMessages()), "|"), want) {
				t.Errorf("bad order: %v, want %q", err, want)
			}
		}
		to, err := f.cards.Buy(ctx, account.User{}, giftcard.Order{Amount: money.TypedAmount("73"), RecipientName: "Rita",
			RecipientEmail: "rita@example.com", Message: "Happy birthday!", BuyerName: "Bea", BuyerEmail: "bea@example.com",
			DeliverOn: "2031-04-01"})
		if err != nil {
			t.Fatal(err)
		}
		if page := get(t, to); !strings.Contains(page, "$73.00") || !strings.Contains(page, "Gift card") {
			t.Fatalf("the checkout does not sell the card:\n%s", page)
		}
		loc := payAtSandbox(t, to)
		if loc.Path != giftcard.PurchaseReturnPath {
			t.Fatalf("back to %s", loc)
		}
		var c giftcard.Card
		for range 2 { // the webhook came first; the return, twice, changes nothing
			var msg string
			c, msg, err = f.cards.ConfirmPurchase(ctx, loc.Query().Get("session_id"))
			if err != nil || c.Status != giftcard.Active || c.BalanceMinor != 7300 ||
				msg != "Thank you! Your gift card of $73.00 for Rita is paid. We email it to rita@example.com on 1 April 2031." {
				t.Fatalf("return: %+v %q %v", c, msg, err)
			}
		}
		if want := time.Date(2034, 4, 1, 0, 0, 0, 0, time.UTC); !c.ExpiresAt.Equal(want) {
			t.Fatalf("expires %v, want three years after delivery", c.ExpiresAt)
		}
		entries, err := st.GiftCardEntries(ctx, c.ID)
		if err != nil || len(entries) != 1 || entries[0].Kind != giftcard.Purchase || entries[0].AmountMinor != 7300 {
			t.Fatalf("ledger %+v %v", entries, err)
		}
		// The buyer's receipt goes at once; the recipient's card, with its code and the
		// printable PDF, waits in the outbox for its day. Once each, however often settled.
		receipts, cards := outbox(t, st, "giftCardReceipt"), outbox(t, st, "giftCard")
		if len(receipts) != 1 || len(cards) != 1 {
			t.Fatalf("%d receipts and %d cards queued", len(receipts), len(cards))
		}
		if r := receipts[0]; r.To != `"Bea" <bea@example.com>` && r.To != "Bea <bea@example.com>" ||
			!strings.Contains(r.Text, "$73.00") || !strings.Contains(r.Text, "1 April 2031") || strings.Contains(r.Text, c.Code[:8]) {
			t.Fatalf("receipt to %s:\n%s", r.To, r.Text)
		}
		card := cards[0]
		if !strings.Contains(card.To, "rita@example.com") || !strings.Contains(card.Text, giftcard.Format(c.Code)) ||
			!strings.Contains(card.Text, "Happy birthday!") || !card.NextAttemptAt.Equal(time.Date(2031, 4, 1, 0, 0, 0, 0, time.UTC)) ||
			len(card.Attachments) != 1 || !bytes.HasPrefix(card.Attachments[0].Data, []byte("%PDF-")) {
			t.Fatalf("card to %s due %v with %d attachments:\n%s", card.To, card.NextAttemptAt, len(card.Attachments), card.Text)
		}
		if _, to, err := f.checkout(t, "spender", 1, c.Code); err != nil || !strings.Contains(get(t, to), "$424.00") {
			t.Fatalf("spend the bought card: %v", err)
		}
	})
}

func values(m map[string]string) []string {
	var out []string
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

// The operator's settings: read back as saved, refused field by field when they cannot
// be used, and what /gift-cards sells and how long a card lasts follow them.
func TestSettings(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st)
		ctx := t.Context()
		if got, err := f.cards.Settings(ctx); err != nil || got.ExpiryMonths != 36 || len(got.Amounts) != 3 {
			t.Fatalf("defaults %+v %v", got, err)
		}
		guide := storetest.AddUser(t, st, "kwame", account.RoleLeadGuide)
		if _, err := f.cards.SaveSettings(ctx, guide, giftcard.SettingsForm{}); !strings.Contains(message(t, err), "Only administrators") {
			t.Fatalf("a lead guide: %v", err)
		}
		_, err := f.cards.SaveSettings(ctx, f.admin, giftcard.SettingsForm{Amounts: "50, lots", Min: "0", Max: "10", ExpiryMonths: "121"})
		var fe *fault.Error
		if !errors.As(err, &fe) || len(fe.FieldMessages()) != 3 || fe.FieldMessages()["expiryMonths"] != "A card lasts a whole number of months, from 1 to 120." {
			t.Fatalf("bad settings: %v", err)
		}
		_, err = f.cards.SaveSettings(ctx, f.admin, giftcard.SettingsForm{Amounts: "40", Min: "30", Max: "20", ExpiryMonths: "12"})
		if !errors.As(err, &fe) || fe.FieldMessages()["max"] != "The largest amount cannot be below the smallest." {
			t.Fatalf("max below min: %v", err)
		}
		saved, err := f.cards.SaveSettings(ctx, f.admin, giftcard.SettingsForm{Amounts: "40, 80.50", Min: "10", Max: "500", ExpiryMonths: "12"})
		if err != nil || saved.Amounts[1] != 8050 || saved.MinMinor != 1000 || saved.ExpiryMonths != 12 {
			t.Fatalf("saved %+v %v", saved, err)
		}
		if got, err := f.cards.Settings(ctx); err != nil || got.Form("usd") != (giftcard.SettingsForm{Amounts: "40.00, 80.50", Min: "10.00", Max: "500.00", ExpiryMonths: "12"}) {
			t.Fatalf("read back %+v %v", got, err)
		}
		if _, err := f.cards.Buy(ctx, account.User{}, giftcard.Order{Amount: money.TypedAmount("600"), RecipientName: "R",
			RecipientEmail: "r@example.com", BuyerEmail: "b@example.com"}); err == nil || !strings.Contains(err.Error(), "between $10.00 and $500.00") {
			t.Fatalf("over the new bound: %v", err)
		}
		to, err := f.cards.Buy(ctx, account.User{}, giftcard.Order{Amount: money.MinorAmount(8050), RecipientName: "R",
			RecipientEmail: "r@example.com", BuyerEmail: "b@example.com"})
		if err != nil {
			t.Fatal(err)
		}
		c, _, err := f.cards.ConfirmPurchase(ctx, payAtSandbox(t, to).Query().Get("session_id"))
		if want := tour.Day(start).AddDate(1, 0, 0); err != nil || !c.ExpiresAt.Equal(want) {
			t.Fatalf("expires %v, want %v (%v)", c.ExpiresAt, want, err)
		}
	})
}

// Booking the tour again (the back button from the checkout) replaces the hold and its
// spend: the card pays the new checkout; walking away from that one gives it back at once.
func TestBookingAgainWithTheSameCard(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st)
		ctx := t.Context()
		c := f.card(t, 10000)
		u, _, err := f.checkout(t, "dee", 1, c.Code)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.bookings.Open(ctx, u, "", booking.Checkout{TourID: f.tour.ID, Date: f.day.Format(time.DateOnly), Participants: 1,
			GiftCard: c.Code}); err != nil {
			t.Fatalf("booking again with the same card: %v", err)
		}
		if got := f.balance(t, c); got != 0 {
			t.Fatalf("balance %d after booking again", got)
		}
		list, err := st.UserBookings(ctx, u.ID)
		if err != nil || len(list) != 2 {
			t.Fatalf("bookings %+v %v", list, err)
		}
		for _, b := range list {
			if b.Status == booking.Pending {
				if err := f.bookings.CancelReturn(ctx, u, b.ID); err != nil {
					t.Fatal(err)
				}
			}
		}
		if got := f.balance(t, c); got != 10000 {
			t.Fatalf("balance %d after walking away", got)
		}
		entries, err := st.GiftCardEntries(ctx, c.ID)
		var kinds []giftcard.Kind
		for _, e := range entries {
			kinds = append(kinds, e.Kind)
		}
		if err != nil || fmt.Sprint(kinds) != "[spend release spend release]" {
			t.Fatalf("ledger %v %v", kinds, err)
		}
	})
}

// A refund of a booking whose gift card was voided or has expired since is refused with
// the reason, and nothing moves: the money would be lost on a card nobody can spend.
// The operator can still cancel it without a refund.
func TestRefundOntoAClosedCardIsRefused(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st)
		ctx := t.Context()
		for _, c := range []struct {
			name  string
			close func(c giftcard.Card)
			want  string
		}{
			{"voided", func(c giftcard.Card) {
				if _, err := f.cards.VoidCard(ctx, f.admin, c.ID, "Reported stolen", "void-"+c.ID); err != nil {
					t.Fatal(err)
				}
			}, "was cancelled"},
			{"expired", func(c giftcard.Card) {
				f.offset.Add(int64(3*366*24) * int64(time.Hour)) // past the card's three years
			}, "expired on 14 March 2034"},
		} {
			card := f.card(t, 200000)
			u, to, err := f.checkout(t, "ann-"+c.name, 1, giftcard.Format(card.Code))
			if err != nil {
				t.Fatal(err)
			}
			loc, _ := url.Parse(to)
			b, _, err := f.bookings.ConfirmReturn(ctx, u, loc.Query().Get("session_id"))
			if err != nil || b.Status != booking.Paid {
				t.Fatalf("%s: %+v %v", c.name, b, err)
			}
			c.close(card)
			_, err = f.refunds.Cancel(ctx, f.admin, b.ID, 49700, "Changed plans", "refund-"+c.name)
			want := fmt.Sprintf("The gift card ending %s that paid $497.00 of this booking %s, so the refund cannot go back on it and nothing was refunded. The booking is unchanged.",
				giftcard.Last4(card.Code), c.want)
			if got := message(t, err); got != want {
				t.Fatalf("%s: %q, want %q", c.name, got, want)
			}
			if after := f.booking(t, b.ID); after.Status != booking.Paid || after.RefundedMinor != 0 {
				t.Fatalf("%s: booking after the refused refund %+v", c.name, after)
			}
			if c.name == "voided" && f.balance(t, card) != 0 {
				t.Fatalf("voided card's balance %d", f.balance(t, card))
			}
			if _, err := f.refunds.Cancel(ctx, f.admin, b.ID, 0, "Settled with a new card", "none-"+c.name); err != nil {
				t.Fatalf("%s: cancel without refund: %v", c.name, err)
			}
			if after := f.booking(t, b.ID); after.Status != booking.Cancelled {
				t.Fatalf("%s: booking %+v", c.name, after)
			}
		}
	})
}
