package app

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"tourbook/internal/booking"
	"tourbook/internal/giftcard"
)

// Gift cards through the real router (issue #24 §2): a visitor buys one at /gift-cards
// with the sandbox's test card and comes back to a thank-you; the card is found in the
// back office by its recipient's email, and only admins see it or change it; a typo in a
// card's code at checkout is refused with a readable message.
func TestGiftCardsThroughTheSite(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		visitor, admin, lead, guide, user := s.client(t), s.client(t), s.client(t), s.client(t), s.client(t)
		s.login(t, admin, "laura@example.com")
		s.login(t, lead, "miyu@example.com")
		s.login(t, guide, "kwame@example.com")
		s.login(t, user, "sophie@example.com")

		if page := s.get(t, visitor, "/gift-cards"); page.status != 200 || !strings.Contains(page.body, "Give a tour") || !strings.Contains(page.body, "$50.00") {
			t.Fatalf("/gift-cards: %d", page.status)
		}
		bad := s.send(t, visitor, "POST", "/api/v1/gift-cards", map[string]any{"amount": "5", "recipientName": "Rita",
			"recipientEmail": "rita@example.com", "buyerEmail": "bea@example.com"})
		if bad.status != 400 || !strings.Contains(bad.body, "Please choose an amount between $25.00 and $1,000.00.") {
			t.Fatalf("an amount out of bounds: %d %s", bad.status, bad.body)
		}
		r := s.send(t, visitor, "POST", "/api/v1/gift-cards", map[string]any{"amount": 10000, "recipientName": "Rita <b>Berg</b>",
			"recipientEmail": "rita@example.com", "message": "Happy birthday!", "buyerName": "Bea", "buyerEmail": "bea@example.com"})
		if r.status != 200 {
			t.Fatalf("buy: %d %s", r.status, r.body)
		}
		paid := s.pay(t, visitor, decode(t, r)["session"].(map[string]any)["url"].(string), "4242 4242 4242 4242")
		back := mustURL(t, paid.header.Get("Location"))
		if paid.status != http.StatusSeeOther || back.Path != "/gift-cards/bought" {
			t.Fatalf("paying: %d to %s", paid.status, back)
		}
		thanks := s.get(t, visitor, back.RequestURI())
		if thanks.status != 200 || !strings.Contains(thanks.body, "Thank you! Your gift card of $100.00 for Rita &lt;b&gt;Berg&lt;/b&gt; is paid.") {
			t.Fatalf("back from paying: %d %s", thanks.status, thanks.body)
		}

		list := s.get(t, admin, "/admin/gift-cards?q=RITA@")
		if list.status != 200 || !strings.Contains(list.body, "$100.00 of $100.00") {
			t.Fatalf("search: %d", list.status)
		}
		laura, err := s.Store.UserByEmail(t.Context(), "laura@example.com")
		if err != nil {
			t.Fatal(err)
		}
		cards, err := s.GiftCards.Search(t.Context(), laura, "rita@")
		if err != nil || len(cards) != 1 {
			t.Fatalf("cards: %v %v", cards, err)
		}
		card := cards[0]
		page := "/admin/gift-cards/" + card.ID
		for _, c := range []struct {
			who    string
			client *http.Client
			want   int
		}{{"an admin", admin, 200}, {"a lead guide", lead, 404}, {"a guide", guide, 404}, {"a traveller", user, 404}, {"a visitor", visitor, 303}} {
			for _, path := range []string{"/admin/gift-cards", page} {
				if got := s.get(t, c.client, path).status; got != c.want {
					t.Errorf("%s, %s: %d, want %d", c.who, path, got, c.want)
				}
			}
			want := map[int]int{200: 0, 404: 403, 303: 401}[c.want]
			if want == 0 {
				continue // the admin's changes are below
			}
			for _, action := range []string{"adjust", "void"} {
				got := s.send(t, c.client, "POST", "/api/v1/admin/gift-cards/"+card.ID+"/"+action,
					map[string]any{"amount": "5", "reason": "Try", "key": c.who + action})
				if got.status != want {
					t.Errorf("%s, %s: %d, want %d (%s)", c.who, action, got.status, want, got.body)
				}
			}
			if got := s.send(t, c.client, "PUT", "/api/v1/admin/settings/gift-cards", map[string]any{"amounts": "10", "min": "5",
				"max": "20", "expiryMonths": "1"}); got.status != want {
				t.Errorf("%s, settings: %d, want %d (%s)", c.who, got.status, want, got.body)
			}
		}
		saved := s.send(t, admin, "PUT", "/api/v1/admin/settings/gift-cards", map[string]any{"amounts": "50, 100", "min": "20",
			"max": "500", "expiryMonths": "24"})
		if saved.status != 200 || !strings.Contains(saved.body, `"amounts":"50.00, 100.00"`) {
			t.Errorf("settings: %d %s", saved.status, saved.body)
		}
		if page := s.get(t, visitor, "/gift-cards"); !strings.Contains(page.body, "valid for 2 years") || strings.Contains(page.body, "$200.00") {
			t.Errorf("/gift-cards does not follow the settings")
		}
		if got := s.get(t, admin, "/admin/gift-cards/nosuchcard").status; got != 404 {
			t.Errorf("no such card: %d", got)
		}
		below := s.send(t, admin, "POST", "/api/v1/admin/gift-cards/"+card.ID+"/adjust", map[string]any{"amount": "-100.01", "reason": "Typo", "key": "k1"})
		if below.status != 409 || !strings.Contains(below.body, "The balance cannot go below zero: it is $100.00.") {
			t.Errorf("below zero: %d %s", below.status, below.body)
		}
		adjusted := s.send(t, admin, "POST", "/api/v1/admin/gift-cards/"+card.ID+"/adjust", map[string]any{"amount": "-20", "reason": "Paid out in cash", "key": "k2"})
		if adjusted.status != 200 || !strings.Contains(adjusted.body, `"balance":"$80.00"`) || !strings.Contains(adjusted.body, "Paid out in cash") {
			t.Errorf("adjust: %d %s", adjusted.status, adjusted.body)
		}
		if audit := s.get(t, admin, "/admin/audit"); !strings.Contains(audit.body, "gift_card.adjust") {
			t.Errorf("the adjustment is not in the audit log")
		}

		tr := s.tourByIndex(t, 0)
		typo := []byte(card.Code)
		typo[0] = map[bool]byte{true: 'A', false: 'B'}[typo[0] != 'A']
		refused := s.checkout(t, user, tr.ID, "?date="+tr.StartDates[1].Date+"&participants=1&giftCard="+string(typo))
		if refused.status != 400 || !strings.Contains(refused.body, "That gift card code has a typo: please check it against the card.") {
			t.Errorf("a typo: %d %s", refused.status, refused.body)
		}
		// The card pays part of a booking: its page in the back office says how much, from which card.
		part := s.checkout(t, user, tr.ID, "?date="+tr.StartDates[1].Date+"&participants=1&giftCard="+card.Code)
		if part.status != 200 {
			t.Fatalf("checkout with the card: %d %s", part.status, part.body)
		}
		if paid := s.pay(t, user, decode(t, part)["session"].(map[string]any)["url"].(string), "4242 4242 4242 4242"); paid.status != http.StatusSeeOther {
			t.Fatalf("paying the rest: %d %.300s", paid.status, paid.body)
		}
		var bookingID string
		for _, b := range s.bookings(t, "sophie@example.com") {
			if b.Status == booking.Paid && b.TourID == tr.ID {
				bookingID = b.ID
			}
		}
		if bookingID == "" {
			t.Fatal("no paid booking with the gift card")
		}
		want := fmt.Sprintf(`"giftCard":{"amount":"$80.00","last4":"%s","url":"/admin/gift-cards/%s"}`, giftcard.Last4(card.Code), card.ID)
		if page := s.get(t, admin, "/admin/bookings/"+bookingID); page.status != 200 || !strings.Contains(page.body, want) {
			t.Errorf("the booking's page does not show the gift card's part %s", want)
		}
		voided := s.send(t, admin, "POST", "/api/v1/admin/gift-cards/"+card.ID+"/void", map[string]any{"reason": "Refunded to the buyer", "key": "k3"})
		if voided.status != 200 || !strings.Contains(voided.body, `"status":"void"`) || !strings.Contains(voided.body, `"balance":"$0.00"`) {
			t.Errorf("void: %d %s", voided.status, voided.body)
		}
		refused = s.checkout(t, user, tr.ID, "?date="+tr.StartDates[1].Date+"&participants=1&giftCard="+card.Code)
		if refused.status != 409 || !strings.Contains(refused.body, "This gift card was cancelled, so it can no longer be used.") {
			t.Errorf("a void card: %d %s", refused.status, refused.body)
		}
	})
}
