package app

import (
	"fmt"
	"html"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"

	"tourbook/internal/booking"
	"tourbook/internal/httpx"
	"tourbook/internal/money"
	"tourbook/internal/payment"
	"tourbook/internal/refund"
	"tourbook/internal/store"
	"tourbook/internal/tour"
)

// The traveller's booking page, its calendar file and cancelling it themselves, on every
// test engine.

// myBookingOf reads the booking of a /api/v1/my-bookings answer.
func myBookingOf(t *testing.T, r result) map[string]any {
	t.Helper()
	if r.status != 200 {
		t.Fatalf("status %d: %s", r.status, r.body)
	}
	return decode(t, r)["data"].(map[string]any)["booking"].(map[string]any)
}

func TestMyBookingPageIsItsOwnersOnly(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		tr := s.tourByIndex(t, 1)
		b := s.paidBooking(t, "grace@example.com", tr, 0, 2, "4242 4242 4242 4242")
		owner, other, admin, visitor := s.client(t), s.client(t), s.client(t), s.client(t)
		s.login(t, owner, "grace@example.com")
		s.login(t, other, "omar@example.com")
		s.login(t, admin, "laura@example.com")
		page := "/my-tours/" + b.ID

		mine := s.get(t, owner, page)
		if mine.status != 200 {
			t.Fatalf("owner's page: %d", mine.status)
		}
		body := html.UnescapeString(mine.body)
		for _, want := range []string{tr.Name, "2 people", "Paid by card on", "Show on map", "https://www.openstreetmap.org/?mlat=",
			"30 days or more before departure", "7 to 29 days before departure", "Less than 7 days before departure",
			page + "/calendar.ics", "If you cancel now", "(" + tr.TimeZone + ")"} {
			if !strings.Contains(body, want) {
				t.Errorf("the booking page lacks %q", want)
			}
		}
		// Anyone else, an admin included, finds nothing there; a visitor logs in first.
		for name, c := range map[string]*http.Client{"another traveller": other, "an admin": admin} {
			for _, path := range []string{page, page + "/calendar.ics"} {
				if r := s.get(t, c, path); r.status != 404 || strings.Contains(r.body, tr.Name) {
					t.Errorf("%s on %s: %d", name, path, r.status)
				}
			}
			refused(t, name+" reading", s.get(t, c, "/api/v1/my-bookings/"+b.ID), 404, "no booking")
			refused(t, name+" cancelling", s.send(t, c, "POST", "/api/v1/my-bookings/"+b.ID+"/cancel", map[string]any{}), 404, "no booking")
		}
		if r := s.get(t, visitor, page); r.status != http.StatusSeeOther || r.header.Get("Location") != "/login" {
			t.Errorf("a visitor: %d %s", r.status, r.header.Get("Location"))
		}
		refused(t, "a visitor cancelling", s.send(t, visitor, "POST", "/api/v1/my-bookings/"+b.ID+"/cancel", map[string]any{}), 401, "log in")
		if r := s.get(t, owner, "/my-tours/no-such-booking"); r.status != 404 {
			t.Errorf("an unknown booking: %d", r.status)
		}
		// /my-tours links each booking to its page.
		if list := s.get(t, owner, "/my-tours"); !strings.Contains(list.body, `href="`+page+`"`) {
			t.Error("/my-tours does not link to the booking's page")
		}

		// The calendar file: the departure in its own zone, the same UID as the emails'.
		cal := s.get(t, owner, page+"/calendar.ics")
		if cal.status != 200 || !strings.HasPrefix(cal.header.Get("Content-Type"), "text/calendar") ||
			!strings.Contains(cal.header.Get("Content-Disposition"), "attachment") {
			t.Fatalf("calendar: %d %v", cal.status, cal.header)
		}
		ev := icsEvent(t, []byte(cal.body))
		if uid := ev.GetProperty(ics.ComponentPropertyUniqueId).Value; uid != "booking-"+b.ID+"@"+strings.TrimPrefix(s.URL, "http://") {
			t.Errorf("UID %s", uid)
		}
		start := ev.GetProperty(ics.ComponentPropertyDtStart)
		if start.ICalParameters["TZID"][0] != tr.TimeZone || !strings.HasPrefix(start.Value, strings.ReplaceAll(tr.StartDates[0].Date, "-", "")) {
			t.Errorf("DTSTART %v %s", start.ICalParameters, start.Value)
		}
		if ev.GetProperty(ics.ComponentPropertySummary).Value != tr.Name {
			t.Errorf("SUMMARY %s", ev.GetProperty(ics.ComponentPropertySummary).Value)
		}
	})
}

// officeAt is the refunds service on the site's store and a sandbox provider, with its
// clock at now.
func officeAt(s *testSite, provider payment.Provider, now time.Time) *refund.Service {
	return refund.NewService(s.Store, provider, nil, refund.Options{Now: func() time.Time { return now },
		Tx: inTx(s.Store, func(tx *store.Store) refund.Tx { return tx })})
}

// tourIn makes a published tour in zone departing on day at 09:00 local, with policy.
func tourIn(t *testing.T, s *testSite, slug, zone string, day time.Time, policy tour.CancellationPolicy) tour.Tour {
	t.Helper()
	tr := tour.Tour{Name: "Policy " + slug, Slug: slug, Summary: "s", DurationDays: 2, MaxGroupSize: 8,
		Difficulty: tour.Easy, PriceMinor: 12345, Currency: "usd", TimeZone: zone,
		StartLocation: tour.Location{Description: "Harbour"}, Policy: policy,
		StartDates: []tour.StartDate{{Date: day, StartTime: "09:00"}}}
	if err := s.Store.CreateTour(t.Context(), &tr); err != nil {
		t.Fatal(err)
	}
	return tr
}

func TestSelfCancelRefundAtEachTierBoundary(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		// Auckland is 13 hours ahead of UTC in January: its days start while the UTC
		// day before is still running, so counting days in UTC would be off by one.
		zone := "Pacific/Auckland"
		loc, _ := tour.LoadZone(zone)
		day := time.Date(2031, 1, 31, 0, 0, 0, 0, time.UTC)
		tr := tourIn(t, s, "boundaries", zone, day, tour.DefaultPolicy())
		u, err := s.Store.UserByEmail(t.Context(), "hannah@example.com")
		if err != nil {
			t.Fatal(err)
		}
		local := func(daysBefore, hour, minute, sec int) time.Time {
			return time.Date(2031, 1, 31-daysBefore, hour, minute, sec, 0, loc)
		}
		sandbox := payment.NewSandbox(payment.SandboxOptions{})
		for _, c := range []struct {
			name    string
			at      time.Time
			allowed bool
			percent int
			// utcDiffers: the server's UTC day is not the tour's, so counting days in
			// UTC would land in the other tier.
			utcDiffers bool
		}{
			{"30 days before, the last second", local(30, 23, 59, 59), true, 100, false},
			{"29 days before, the first second", local(29, 0, 0, 0), true, 50, true},
			{"7 days before, the last second", local(7, 23, 59, 59), true, 50, false},
			{"6 days before, the first second", local(6, 0, 0, 0), true, 0, true},
			{"the day itself, before the start", local(0, 8, 59, 59), true, 0, false},
			{"at the start", local(0, 9, 0, 0), false, 0, false},
		} {
			t.Run(c.name, func(t *testing.T) {
				if inUTC := tour.DefaultPolicy().Percent(tour.DaysBefore(day, c.at, time.UTC)); c.utcDiffers && inUTC == c.percent && c.allowed {
					t.Fatalf("at %s counting in UTC gives the same %d%%: the case proves nothing about zones", c.at, inUTC)
				}
				id := payDirectly(t, s, tr, u, day, c.at.AddDate(0, -2, 0))
				// The site's clock reads the moment in the server's zone (UTC here), not
				// the tour's: the quote must convert it, not trust the time's own zone.
				office := officeAt(s, sandbox, c.at.In(time.UTC))
				own, err := office.OwnBooking(t.Context(), u, id)
				if err != nil {
					t.Fatal(err)
				}
				want := tr.UnitPriceMinor() * int64(c.percent) / 100
				if own.Quote.Allowed != c.allowed || own.Quote.Percent != c.percent || own.Quote.RefundMinor != want {
					t.Fatalf("at %s (%s UTC): quote %+v, want allowed %v, %d%% = %d", c.at, c.at.UTC(), own.Quote, c.allowed, c.percent, want)
				}
				expect := want
				got, err := office.CancelOwn(t.Context(), u, id, &expect)
				if !c.allowed {
					if status, msg := httpx.Classify(err); status != 409 || !strings.Contains(msg, "already started") {
						t.Fatalf("cancelling after the start: %v", err)
					}
					if b, _ := s.Store.BookingByID(t.Context(), id); b.Status != booking.Paid {
						t.Errorf("booking after a refused cancel: %s", b.Status)
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				wantStatus := booking.Refunded
				if want == 0 {
					wantStatus = booking.Cancelled
				}
				if got.Status != wantStatus || got.RefundedMinor != want {
					t.Errorf("after cancelling: %s, %d refunded; want %s, %d", got.Status, got.RefundedMinor, wantStatus, want)
				}
				if n, total := succeeded(s.refundsOf(t, id)); (want > 0 && (n != 1 || total != want)) || (want == 0 && n != 0) {
					t.Errorf("%d refunds of %d, want %d", n, total, want)
				}
			})
		}
	})
}

func TestPolicyChangeLeavesOldBookingsAlone(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		tr := s.tourByIndex(t, 2)
		old := s.paidBooking(t, "lucas@example.com", tr, 0, 1, "4242 4242 4242 4242")
		// A checkout opened before the change, still on its page, and one opened after it.
		sandboxPage := func(email string) string {
			t.Helper()
			c := s.client(t)
			s.login(t, c, email)
			r := s.checkout(t, c, tr.ID, "?date="+tr.StartDates[0].Date+"&participants=1")
			if r.status != 200 {
				t.Fatalf("checkout: %d %s", r.status, r.body)
			}
			return mustURL(t, decode(t, r)["session"].(map[string]any)["url"].(string)).Path
		}
		terms := func(path string) string {
			t.Helper()
			m := regexp.MustCompile(`<p class="terms" id="terms">([^<]*)</p>`).FindStringSubmatch(s.get(t, s.client(t), path).body)
			if m == nil {
				t.Fatalf("the sandbox checkout %s shows no cancellation policy", path)
			}
			return html.UnescapeString(m[1])
		}
		const defaultTerms = "Cancellation policy: 30 days or more before departure: full refund; 7 to 29 days before departure: 50% refund; Less than 7 days before departure: no refund."
		openBefore := sandboxPage("daniel@example.com")
		if got := terms(openBefore); got != defaultTerms {
			t.Errorf("the sandbox checkout's policy: %q", got)
		}
		admin := s.client(t)
		s.login(t, admin, "laura@example.com")
		path := "/api/v1/tours/" + tr.ID

		// The back office refuses policies that make no sense, each with its reason.
		for _, c := range []struct {
			policy []map[string]any
			want   string
		}{
			{[]map[string]any{}, "at least one tier"},
			{[]map[string]any{{"daysBefore": 10, "percent": 101}}, "between 0 and 100%"},
			{[]map[string]any{{"daysBefore": -1, "percent": 10}}, "between 0 and 365"},
			{[]map[string]any{{"daysBefore": 10, "percent": 50}, {"daysBefore": 10, "percent": 20}}, "each tier needs its own number of days"},
			{[]map[string]any{{"daysBefore": 2, "percent": 80}, {"daysBefore": 20, "percent": 50}}, "cannot refund more"},
			{[]map[string]any{{"daysBefore": "ten", "percent": 50}}, "whole number"},
		} {
			refused(t, fmt.Sprint(c.policy), s.send(t, admin, "PATCH", path, map[string]any{"version": s.tourVersion(t, tr.ID), "cancellationPolicy": c.policy}), 400, c.want)
		}
		// Tiers in any order are sorted.
		saved := s.send(t, admin, "PATCH", path, map[string]any{"version": s.tourVersion(t, tr.ID),
			"cancellationPolicy": []map[string]any{{"daysBefore": 0, "percent": 20}, {"daysBefore": 60, "percent": 100}}})
		if saved.status != 200 || !strings.Contains(saved.body, `"cancellationPolicy":[{"daysBefore":60,"percent":100},{"daysBefore":0,"percent":20}]`) {
			t.Fatalf("saving a policy: %d %s", saved.status, saved.body)
		}
		if entries := s.auditOf(t, tr.ID); len(entries) == 0 || entries[0].Changes["cancellationPolicy"].New == nil {
			t.Errorf("the audit log lacks the policy change: %+v", entries)
		}
		// The tour page shows the new policy; the old booking keeps the one it was made under.
		if page := html.UnescapeString(s.get(t, http.DefaultClient, "/tour/"+tr.Slug).body); !strings.Contains(page, "60 days or more before departure") ||
			!strings.Contains(page, "Less than 60 days before departure") || strings.Contains(page, "7 to 29 days") {
			t.Error("the tour page does not show the new policy")
		}
		traveller := s.client(t)
		s.login(t, traveller, "lucas@example.com")
		mine := myBookingOf(t, s.get(t, traveller, "/api/v1/my-bookings/"+old.ID))
		if policy := fmt.Sprint(mine["policy"]); !strings.Contains(policy, "30 days or more before departure") || strings.Contains(policy, "60 days") {
			t.Errorf("the old booking's policy changed: %s", policy)
		}
		// The checkout opened before shows what it was opened under; a new one the new policy.
		if got := terms(openBefore); got != defaultTerms {
			t.Errorf("a checkout opened before the change now shows %q", got)
		}
		if got := terms(sandboxPage("priya@example.com")); got != "Cancellation policy: 60 days or more before departure: full refund; Less than 60 days before departure: 20% refund." {
			t.Errorf("a checkout opened after the change shows %q", got)
		}
		// A booking made now takes the new one.
		fresh := s.paidBooking(t, "chloe@example.com", tr, 0, 1, "4242 4242 4242 4242")
		other := s.client(t)
		s.login(t, other, "chloe@example.com")
		if policy := fmt.Sprint(myBookingOf(t, s.get(t, other, "/api/v1/my-bookings/"+fresh.ID))["policy"]); !strings.Contains(policy, "60 days or more") {
			t.Errorf("a new booking's policy: %s", policy)
		}
	})
}

// tourVersion is the tour's current version, as the back office's editor sends it.
func (s *testSite) tourVersion(t *testing.T, id string) int {
	t.Helper()
	tr, err := s.Store.TourByIDAnyStatus(t.Context(), id, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return tr.Version
}

func TestConcurrentSelfCancelsRefundOnce(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		tr := s.tourByIndex(t, 3)
		b := s.paidBooking(t, "yuki@example.com", tr, 0, 2, "4242 4242 4242 4242")
		traveller := s.client(t)
		s.login(t, traveller, "yuki@example.com")
		quote := myBookingOf(t, s.get(t, traveller, "/api/v1/my-bookings/"+b.ID))["cancel"].(map[string]any)
		refund := int64(quote["refundMinor"].(float64))
		if refund != b.AmountMinor { // the sample departures are months away: the full price
			t.Fatalf("quote %v for a booking of %d", quote, b.AmountMinor)
		}
		seatsBefore := s.tourByIndex(t, 3).StartDates[0].SeatsLeft
		// A double click in two tabs: eight requests at once.
		var wg sync.WaitGroup
		answers := make([]result, 8)
		for i := range answers {
			wg.Go(func() {
				answers[i] = s.send(t, traveller, "POST", "/api/v1/my-bookings/"+b.ID+"/cancel", map[string]any{"expectedRefundMinor": refund})
			})
		}
		wg.Wait()
		for _, a := range answers {
			if got := myBookingOf(t, a); got["status"] != "refunded" || got["refunded"] == "" {
				t.Errorf("an answer: %v", got)
			}
		}
		n, total := succeeded(s.refundsOf(t, b.ID))
		if list := s.refundsOf(t, b.ID); n != 1 || total != refund || len(list) != 1 {
			t.Fatalf("%d refunds of %d (%+v), want one of %d", n, total, list, refund)
		}
		got, _ := s.Store.BookingByID(t.Context(), b.ID)
		if got.Status != booking.Refunded || got.RefundedMinor != refund {
			t.Errorf("booking %s, %d refunded", got.Status, got.RefundedMinor)
		}
		if left := s.tourByIndex(t, 3).StartDates[0].SeatsLeft; left != seatsBefore+2 {
			t.Errorf("seats left %d, want %d", left, seatsBefore+2)
		}
		yuki, _ := s.Store.UserByEmail(t.Context(), "yuki@example.com")
		events, _ := s.Store.BookingEvents(t.Context(), b.ID)
		if len(events) != 1 || events[0].Kind != "refunded" || events[0].ActorID != yuki.ID {
			t.Errorf("events %+v", events)
		}
		cancelled := 0
		for _, m := range s.outbox(t, "yuki@example.com") {
			if m.IdemKey == "booking-cancelled:"+b.ID {
				cancelled++
			}
		}
		if cancelled != 1 {
			t.Errorf("%d cancellation emails", cancelled)
		}
		// The page and /my-tours say so.
		page := html.UnescapeString(s.get(t, traveller, "/my-tours/"+b.ID).body)
		label := "Cancelled, " + money.Format(refund, b.Currency) + " refunded"
		if !strings.Contains(page, label) || !strings.Contains(html.UnescapeString(s.get(t, traveller, "/my-tours").body), label) {
			t.Errorf("the pages do not say %q", label)
		}
	})
}

func TestSelfCancelRefusals(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		tr := s.tourByIndex(t, 4)
		traveller := s.client(t)
		s.login(t, traveller, "mateo@example.com")
		// The provider refuses the refund (the sandbox's card whose refunds fail): a 502
		// that says so, the booking as it was, and the same again on a retry.
		bad := s.paidBooking(t, "mateo@example.com", tr, 0, 1, "4000 0000 0000 5126")
		for range 2 {
			r := s.send(t, traveller, "POST", "/api/v1/my-bookings/"+bad.ID+"/cancel", map[string]any{"expectedRefundMinor": bad.AmountMinor})
			if m := decode(t, r); r.status != http.StatusBadGateway || !strings.Contains(fmt.Sprint(m["message"]), "refused the refund") {
				t.Fatalf("a refused refund: %d %s", r.status, r.body)
			}
			if got, _ := s.Store.BookingByID(t.Context(), bad.ID); got.Status != booking.Paid || got.RefundedMinor != 0 {
				t.Errorf("booking after a refused refund: %s %d", got.Status, got.RefundedMinor)
			}
		}
		// A quote that is no longer the refund: nothing happens, and the answer says why.
		ok := s.paidBooking(t, "nikolai@example.com", tr, 1, 1, "4242 4242 4242 4242")
		other := s.client(t)
		s.login(t, other, "nikolai@example.com")
		refused(t, "an old quote", s.send(t, other, "POST", "/api/v1/my-bookings/"+ok.ID+"/cancel",
			map[string]any{"expectedRefundMinor": ok.AmountMinor - 1}), 409, "a cancellation deadline passed")
		if got, _ := s.Store.BookingByID(t.Context(), ok.ID); got.Status != booking.Paid {
			t.Errorf("booking after an old quote: %s", got.Status)
		}
		refused(t, "a bad body", s.send(t, other, "POST", "/api/v1/my-bookings/"+ok.ID+"/cancel",
			map[string]any{"expectedRefundMinor": "all of it"}), 400, "whole number")
	})
}

// A traveller's cancellation while Stripe cannot be reached: a 502 that says nothing
// changed, the booking still theirs, and the same click refunds once Stripe is back.
func TestSelfCancelWhenTheProviderIsDown(t *testing.T) {
	t.Parallel()
	eachStripeSite(t, func(t *testing.T, s *testSite, proxy *switchProxy) {
		b := s.stripePaid(t, "hannah@example.com", s.tourByIndex(t, 6), "pi_self_cancel_test")
		traveller := s.client(t)
		s.login(t, traveller, "hannah@example.com")
		cancel := "/api/v1/my-bookings/" + b.ID + "/cancel"
		body := map[string]any{"expectedRefundMinor": b.AmountMinor} // months ahead: the full price

		proxy.setDown(true)
		down := s.send(t, traveller, "POST", cancel, body)
		if m := decode(t, down); down.status != http.StatusBadGateway ||
			!strings.Contains(fmt.Sprint(m["message"]), "could not be reached, so nothing was refunded and the booking is unchanged") {
			t.Fatalf("cancelling with Stripe down: %d %s", down.status, down.body)
		}
		if got, _ := s.Store.BookingByID(t.Context(), b.ID); got.Status != booking.Paid || got.RefundedMinor != 0 {
			t.Errorf("booking after a failed refund: %s %d", got.Status, got.RefundedMinor)
		}
		if page := s.get(t, traveller, "/my-tours/"+b.ID); !strings.Contains(page.body, "Cancel booking") {
			t.Error("the page no longer offers to cancel after a failed refund")
		}

		proxy.setDown(false)
		if got := myBookingOf(t, s.send(t, traveller, "POST", cancel, body)); got["status"] != "refunded" {
			t.Errorf("after Stripe came back: %v", got)
		}
		list := s.refundsOf(t, b.ID)
		if n, total := succeeded(list); n != 1 || total != b.AmountMinor || len(list) != 1 || list[0].ProviderRef == "" {
			t.Errorf("refunds %+v", list)
		}
	})
}

// TestMyToursKeepsBookingsOfToursOffSale: a tour an operator takes off sale after it was
// booked is still its traveller's booking: listed on /my-tours with its ticket, and its
// page, calendar file and ticket work; only the links to the tour's own page, which is
// gone, are left out.
func TestMyToursKeepsBookingsOfToursOffSale(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		tr := s.tourByIndex(t, 1)
		b := s.paidBooking(t, "grace@example.com", tr, 0, 2, "4242 4242 4242 4242")
		owner, admin := s.client(t), s.client(t)
		s.login(t, owner, "grace@example.com")
		s.login(t, admin, "laura@example.com")
		page := "/my-tours/" + b.ID
		tourLink := `href="/tour/` + tr.Slug + `"`
		if list := s.get(t, owner, "/my-tours"); !strings.Contains(list.body, tourLink) {
			t.Fatalf("/my-tours does not link to the tour on sale")
		}

		for _, status := range []string{"draft", "archived"} {
			if r := s.send(t, admin, "PUT", "/api/v1/tours/"+tr.ID+"/status", map[string]any{"status": status}); r.status != 200 {
				t.Fatalf("set %s: %d %s", status, r.status, r.body)
			}
			if r := s.get(t, owner, "/tour/"+tr.Slug); r.status != 404 {
				t.Fatalf("%s: the tour page answers %d", status, r.status)
			}
			list := s.get(t, owner, "/my-tours")
			body := html.UnescapeString(list.body)
			if list.status != 200 || !strings.Contains(body, tr.Name) || !strings.Contains(body, `href="`+page+`"`) ||
				!strings.Contains(body, "/my-tours/"+b.ID+"/ticket.svg") {
				t.Errorf("%s: /my-tours does not list the booking with its page and ticket: %d", status, list.status)
			}
			if strings.Contains(list.body, tourLink) {
				t.Errorf("%s: /my-tours links to the tour's page, which is gone", status)
			}
			mine := s.get(t, owner, page)
			body = html.UnescapeString(mine.body)
			if mine.status != 200 || !strings.Contains(body, tr.Name) || !strings.Contains(body, "2 people") ||
				!strings.Contains(body, `id="my-ticket"`) || !strings.Contains(body, "If you cancel now") {
				t.Errorf("%s: the booking page: %d", status, mine.status)
			}
			if strings.Contains(mine.body, tourLink) {
				t.Errorf("%s: the booking page links to the tour's page, which is gone", status)
			}
			for _, path := range []string{page + "/calendar.ics", page + "/ticket.svg"} {
				if r := s.get(t, owner, path); r.status != 200 {
					t.Errorf("%s: %s answers %d", status, path, r.status)
				}
			}
			if q := myBookingOf(t, s.get(t, owner, "/api/v1/my-bookings/"+b.ID)); q["status"] != "paid" {
				t.Errorf("%s: the booking reads %v", status, q["status"])
			}
		}
		// Someone else's view of it is still nothing.
		other := s.client(t)
		s.login(t, other, "omar@example.com")
		if r := s.get(t, other, page); r.status != 404 {
			t.Errorf("another traveller: %d", r.status)
		}
		if strings.Contains(s.get(t, other, "/my-tours").body, tr.Name) {
			t.Error("another traveller's /my-tours lists the booking")
		}
	})
}
