package store

import (
	"errors"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/booking"
	"tourbook/internal/giftcard"
)

func newGiftCard(t *testing.T, s *Store, code, recipient string, deliverOn time.Time) giftcard.Card {
	t.Helper()
	c := giftcard.Card{Code: code, Status: giftcard.Active, Currency: "usd", AmountMinor: 10000, BalanceMinor: 10000,
		BuyerEmail: "Buyer@Example.com", BuyerName: "Bea", RecipientName: "Rita", RecipientEmail: recipient,
		Message: "Happy birthday", DeliverOn: deliverOn, ExpiresAt: t0.AddDate(3, 0, 0), Provider: "sandbox",
		CheckoutID: "cs_" + code}
	must(t, s.CreateGiftCard(t.Context(), &c, t0))
	return c
}

// A card reads back as written, by id, code and checkout; its ledger keeps every
// movement with the balance it left, once per key; no balance below zero is stored.
func TestGiftCards(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		c := newGiftCard(t, s, "AAAABBBBCCCCDDDD", "rita@example.com", date(2031, 3, 20))
		for _, get := range []func() (giftcard.Card, error){
			func() (giftcard.Card, error) { return s.GiftCardByID(ctx, c.ID) },
			func() (giftcard.Card, error) { return s.GiftCardByCode(ctx, c.Code) },
			func() (giftcard.Card, error) { return s.GiftCardByCheckout(ctx, "sandbox", c.CheckoutID) },
		} {
			got, err := get()
			must(t, err)
			if got != c {
				t.Fatalf("read %+v\nwant %+v", got, c)
			}
		}
		if _, err := s.GiftCardByCode(ctx, "ZZZZ"); !errors.Is(err, giftcard.ErrNotFound) {
			t.Fatalf("unknown code: %v", err)
		}
		if _, err := s.GiftCardByCheckout(ctx, "sandbox", ""); !errors.Is(err, giftcard.ErrNotFound) {
			t.Fatalf("empty checkout: %v", err)
		}

		u := addUser(t, s, "gc", account.RoleUser)
		tr := addTour(t, s, "gc-tour", 10, []time.Time{date(2031, 6, 1)})
		bid := mustHold(t, s, tr, u, date(2031, 6, 1), 1, t0)
		must(t, s.InTx(ctx, func(tx *Store) error {
			locked, err := tx.LockGiftCard(ctx, c.ID)
			if err != nil {
				return err
			}
			locked.BalanceMinor -= 4000
			locked.UpdatedAt = t0
			if err := tx.UpdateGiftCard(ctx, locked); err != nil {
				return err
			}
			return tx.AddGiftCardEntry(ctx, &giftcard.Entry{CardID: c.ID, Key: "spend:" + bid, Kind: giftcard.Spend,
				AmountMinor: -4000, BalanceMinor: locked.BalanceMinor, BookingID: bid}, t0)
		}))
		dup := giftcard.Entry{CardID: c.ID, Key: "spend:" + bid, Kind: giftcard.Spend, AmountMinor: -1, BalanceMinor: 5999, BookingID: bid}
		if err := s.AddGiftCardEntry(ctx, &dup, t0); err == nil {
			t.Fatal("a key used twice was written twice")
		}
		below := giftcard.Entry{CardID: c.ID, Key: "adjust:x", Kind: giftcard.Adjust, AmountMinor: -7000, BalanceMinor: -1000}
		if err := s.AddGiftCardEntry(ctx, &below, t0); err == nil {
			t.Fatal("an entry leaving a negative balance was written")
		}
		neg := c
		neg.BalanceMinor = -1
		if err := s.UpdateGiftCard(ctx, neg); err == nil {
			t.Fatal("a negative balance was written")
		}
		e, err := s.GiftCardEntryByKey(ctx, "spend:"+bid)
		must(t, err)
		if e.AmountMinor != -4000 || e.BalanceMinor != 6000 || e.BookingID != bid || e.Kind != giftcard.Spend {
			t.Fatalf("entry %+v", e)
		}
		if _, err := s.GiftCardEntryByKey(ctx, "nope"); !errors.Is(err, giftcard.ErrEntryNotFound) {
			t.Fatalf("unknown key: %v", err)
		}
		card, spent, err := s.GiftCardSpent(ctx, bid)
		must(t, err)
		if card != c.ID || spent != 4000 {
			t.Fatalf("spent %s %d", card, spent)
		}
		if card, spent, err := s.GiftCardSpent(ctx, "other"); err != nil || card != "" || spent != 0 {
			t.Fatalf("spent on a booking without a card: %q %d %v", card, spent, err)
		}

		// The hold is live: nothing lapsed. Cancelled unpaid: its spend is to be given
		// back, until it is.
		lapsed, err := s.LapsedGiftCardSpends(ctx)
		must(t, err)
		if len(lapsed) != 0 {
			t.Fatalf("lapsed with a live hold: %v", lapsed)
		}
		must(t, s.CancelBooking(ctx, bid))
		lapsed, err = s.LapsedGiftCardSpends(ctx)
		must(t, err)
		if len(lapsed) != 1 || lapsed[0] != bid {
			t.Fatalf("lapsed = %v", lapsed)
		}
		must(t, s.AddGiftCardEntry(ctx, &giftcard.Entry{CardID: c.ID, Key: "release:" + bid, Kind: giftcard.Release,
			AmountMinor: 4000, BalanceMinor: 10000, BookingID: bid}, t0.Add(time.Minute)))
		lapsed, err = s.LapsedGiftCardSpends(ctx)
		must(t, err)
		if len(lapsed) != 0 {
			t.Fatalf("lapsed after release = %v", lapsed)
		}
		list, err := s.GiftCardEntries(ctx, c.ID)
		must(t, err)
		if len(list) != 2 || list[0].Kind != giftcard.Spend || list[1].Kind != giftcard.Release {
			t.Fatalf("ledger %+v", list)
		}
		if _, err := s.BookingByID(ctx, bid); err != nil || booking.Cancelled == "" {
			t.Fatal(err)
		}
	})
}

// Admins find a card by its code or by part of either email; pending cards (not paid)
// are not listed.
func TestGiftCardSearch(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		a := newGiftCard(t, s, "AAAABBBBCCCCDDDD", "rita@example.com", date(2031, 3, 14))
		b := newGiftCard(t, s, "EEEEFFFFGGGGHHHH", "ola_n@example.org", date(2031, 3, 20))
		p := giftcard.Card{Code: "JJJJKKKKMMMMNNNN", Status: giftcard.Pending, Currency: "usd", AmountMinor: 5000,
			BalanceMinor: 0, BuyerEmail: "rita@example.com", RecipientName: "X", RecipientEmail: "x@example.com",
			DeliverOn: date(2031, 3, 1), ExpiresAt: t0.AddDate(3, 0, 0)}
		must(t, s.CreateGiftCard(ctx, &p, t0))
		for q, want := range map[string][]string{
			"":                 {b.ID, a.ID},
			"eeeeffffgggghhhh": {b.ID},
			"RITA@":            {a.ID},
			"ola_n":            {b.ID},
			"t%r":              {},
			"buyer@example":    {b.ID, a.ID},
		} {
			list, err := s.SearchGiftCards(ctx, q, 10)
			must(t, err)
			var ids []string
			for _, c := range list {
				ids = append(ids, c.ID)
			}
			if len(ids) != len(want) || (len(want) == 2 && (ids[0] != want[0] && ids[0] != want[1])) || (len(want) == 1 && ids[0] != want[0]) {
				t.Errorf("search %q = %v, want %v", q, ids, want)
			}
		}
	})
}
