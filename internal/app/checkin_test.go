package app

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"tourbook/internal/audit"
	"tourbook/internal/ticket"
)

// Tickets and check-in through the real router, on every test engine.

// checkInTour is a tour Kwame guides, in a zone where it is now about noon, with a
// departure today and one tomorrow (local days), so that check-in is open on the first
// and not yet on the second whatever the hour the test runs at.
type checkInTour struct {
	ID, Today, Tomorrow string
}

func (s *testSite) checkInTour(t *testing.T, admin *http.Client, name string) checkInTour {
	t.Helper()
	kwame, err := s.Store.UserByEmail(t.Context(), "kwame@example.com")
	if err != nil {
		t.Fatal(err)
	}
	// Etc/GMT-N is N hours ahead of UTC (the sign is POSIX's).
	offset := 12 - time.Now().UTC().Hour()
	zone := fmt.Sprintf("Etc/GMT%+d", -offset)
	loc, err := time.LoadLocation(zone)
	if err != nil {
		t.Fatal(err)
	}
	in := newTourInput(name)
	in["timeZone"], in["guides"] = zone, []string{kwame.ID}
	tr := tourOf(t, s.send(t, admin, "POST", "/api/v1/tours", in), 201)
	local := time.Now().In(loc)
	out := checkInTour{ID: tr.ID, Today: local.Format(time.DateOnly), Tomorrow: local.AddDate(0, 0, 1).Format(time.DateOnly)}
	for _, d := range []string{out.Today, out.Tomorrow} {
		tourOf(t, s.send(t, admin, "POST", "/api/v1/tours/"+tr.ID+"/departures", map[string]any{"date": d, "startTime": "23:30"}), 201)
	}
	return out
}

// checkInSetup signs an admin and Kwame in, and makes a checkInTour.
func (s *testSite) checkInSetup(t *testing.T, name string) (admin, guide *http.Client, tr checkInTour) {
	t.Helper()
	admin, guide = s.client(t), s.client(t)
	s.login(t, admin, "laura@example.com")
	s.login(t, guide, "kwame@example.com")
	return admin, guide, s.checkInTour(t, admin, name)
}

// walkIn records a cash booking and returns its id and ticket code.
func (s *testSite) walkIn(t *testing.T, admin *http.Client, tourID, date, email string, participants int) (string, string) {
	t.Helper()
	r := s.send(t, admin, "POST", "/api/v1/tours/"+tourID+"/departures/"+date+"/bookings",
		map[string]any{"email": email, "name": "Traveller " + strings.Split(email, "@")[0], "participants": participants, "paymentMethod": "cash"})
	if r.status != 201 {
		t.Fatalf("walk-in: %d %s", r.status, r.body)
	}
	id := decode(t, r)["data"].(map[string]any)["bookingId"].(string)
	k, err := s.Store.BookingTicket(t.Context(), id)
	if err != nil {
		t.Fatalf("the walk-in has no ticket: %v", err)
	}
	return id, k.Code
}

func departurePath(tourID, date string) string {
	return "/api/v1/tours/" + tourID + "/departures/" + date
}

// ticketOf reads the ticket of a check-in answer.
func ticketOf(t *testing.T, r result, status int) map[string]any {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d, want %d: %s", r.status, status, r.body)
	}
	return decode(t, r)["data"].(map[string]any)["ticket"].(map[string]any)
}

func TestCheckInAtTheDeparture(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		admin, guide, tr := s.checkInSetup(t, "Check-in Trail")
		dep := departurePath(tr.ID, tr.Today)
		id, code := s.walkIn(t, admin, tr.ID, tr.Today, "ana@example.com", 2)

		// Typed as a person would: lower case, spaces for dashes.
		typed := strings.ToLower(ticket.Format(code)[:4] + " " + code[4:8] + "-" + code[8:])
		k := ticketOf(t, s.send(t, guide, "POST", dep+"/tickets/lookup", map[string]any{"code": typed}), 200)
		if k["bookingId"] != id || k["customerName"] != "Traveller ana" || k["participants"] != 2.0 || k["checkIn"] != nil {
			t.Fatalf("lookup: %v", k)
		}
		refused(t, "more arrivals than participants", s.send(t, guide, "POST", dep+"/check-ins", map[string]any{"bookingId": id, "arrived": 3}), 400, "Between 0 and 2")
		refused(t, "no count", s.send(t, guide, "POST", dep+"/check-ins", map[string]any{"bookingId": id}), 400, "how many")
		k = ticketOf(t, s.send(t, guide, "POST", dep+"/check-ins", map[string]any{"bookingId": id, "arrived": 2}), 201)
		c := k["checkIn"].(map[string]any)
		if c["arrived"] != 2.0 || c["by"] != "Kwame Mensah" || c["label"] != "2 of 2 arrived" {
			t.Fatalf("check-in: %v", c)
		}

		// The second scan says when and by whom; so does a second check-in.
		at := c["at"].(string)
		want := "Already checked in at " + at + " by Kwame Mensah: 2 of 2 arrived."
		k = ticketOf(t, s.send(t, admin, "POST", dep+"/tickets/lookup", map[string]any{"code": code}), 200)
		if k["checkIn"].(map[string]any)["text"] != want {
			t.Errorf("second scan: %v, want %q", k["checkIn"], want)
		}
		refused(t, "second check-in", s.send(t, admin, "POST", dep+"/check-ins", map[string]any{"bookingId": id, "arrived": 1}), 409, want)

		// The manifest, its CSV and the audit log show it.
		page := s.get(t, guide, "/admin/tours/"+tr.ID+"/departures/"+tr.Today)
		if page.status != 200 || !strings.Contains(page.body, "2 of 2 arrived") {
			t.Errorf("the manifest does not show the arrival (%d)", page.status)
		}
		csvBody := s.get(t, guide, "/admin/tours/"+tr.ID+"/departures/"+tr.Today+"/manifest.csv").body
		records, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(csvBody, "\ufeff"))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if h, row := records[0], records[1]; h[9] != "Arrived" || row[0] != id || row[9] != "2" || row[10] != at+" by Kwame Mensah" {
			t.Errorf("CSV: %v / %v", h, row)
		}
		entries, err := s.Store.AuditLog(t.Context(), audit.Filter{ObjectID: id})
		if err != nil {
			t.Fatal(err)
		}
		if n := countAction(entries, "booking.check_in"); n != 1 {
			t.Errorf("%d check-in audit entries, want 1", n)
		}

		// Undo, then a no-show.
		k = ticketOf(t, s.send(t, guide, "DELETE", dep+"/check-ins/"+id, nil), 200)
		if k["checkIn"] != nil {
			t.Fatalf("after undo: %v", k)
		}
		refused(t, "undo twice", s.send(t, guide, "DELETE", dep+"/check-ins/"+id, nil), 409, "not checked in")
		k = ticketOf(t, s.send(t, guide, "POST", dep+"/check-ins", map[string]any{"bookingId": id, "arrived": 0}), 201)
		if c := k["checkIn"].(map[string]any); c["noShow"] != true || c["label"] != "No-show" {
			t.Errorf("no-show: %v", c)
		}
		entries, _ = s.Store.AuditLog(t.Context(), audit.Filter{ObjectID: id})
		if countAction(entries, "booking.check_in") != 2 || countAction(entries, "booking.check_in_undo") != 1 {
			t.Errorf("audit: %v", entries)
		}
	})
}

func countAction(entries []audit.Entry, action string) int {
	n := 0
	for _, e := range entries {
		if e.Action == action {
			n++
		}
	}
	return n
}

func TestCheckInAnswersClearly(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		admin, guide, tr := s.checkInSetup(t, "Clear Answers Trail")
		today, tomorrow := departurePath(tr.ID, tr.Today), departurePath(tr.ID, tr.Tomorrow)
		laterID, laterCode := s.walkIn(t, admin, tr.ID, tr.Tomorrow, "later@example.com", 1)
		gone, goneCode := s.walkIn(t, admin, tr.ID, tr.Today, "gone@example.com", 1)
		if r := s.send(t, admin, "POST", "/api/v1/admin/bookings/"+gone+"/cancel", map[string]any{"refundMinor": 0, "reason": "changed plans"}); r.status != 200 {
			t.Fatalf("cancel: %d %s", r.status, r.body)
		}

		lookup := func(path, code string) result {
			return s.send(t, guide, "POST", path+"/tickets/lookup", map[string]any{"code": code})
		}
		day, _ := time.Parse(time.DateOnly, tr.Tomorrow)
		refused(t, "another departure's code", lookup(today, laterCode), 409,
			"This ticket is for Clear Answers Trail on "+day.Format("Mon 2 January 2006")+", not for this departure.")
		refused(t, "another departure's booking", s.send(t, guide, "POST", today+"/check-ins", map[string]any{"bookingId": laterID, "arrived": 1}), 409, "not for this departure")
		refused(t, "a cancelled booking", lookup(today, goneCode), 409, "This booking was cancelled: the ticket is no longer valid.")
		refused(t, "checking a cancelled booking in", s.send(t, guide, "POST", today+"/check-ins", map[string]any{"bookingId": gone, "arrived": 1}), 409, "no longer valid")
		unknown := ticket.NewCode()
		for unknown == laterCode || unknown == goneCode {
			unknown = ticket.NewCode()
		}
		refused(t, "an unknown code", lookup(today, unknown), 404, "No ticket has this code")
		refused(t, "a malformed code", lookup(today, "12345"), 400, "12 letters and digits")
		refused(t, "an empty code", lookup(today, "  "), 400, "12 letters and digits")
		refused(t, "an unknown booking", s.send(t, guide, "POST", today+"/check-ins", map[string]any{"bookingId": "nosuchbooking", "arrived": 1}), 404, "No ticket")

		// Tomorrow's ticket can be looked up today, not checked in.
		if k := ticketOf(t, lookup(tomorrow, laterCode), 200); k["bookingId"] != laterID {
			t.Errorf("lookup of tomorrow's ticket: %v", k)
		}
		refused(t, "before the departure's day", s.send(t, guide, "POST", tomorrow+"/check-ins", map[string]any{"bookingId": laterID, "arrived": 1}), 409, "Check-in opens on the day of the departure")
		page := s.get(t, guide, "/admin/tours/"+tr.ID+"/departures/"+tr.Tomorrow+"/check-in")
		if page.status != 200 || !strings.Contains(page.body, "Check-in opens on the day of the departure") {
			t.Errorf("tomorrow's check-in page does not say when it opens (%d)", page.status)
		}

		// A guide of another tour sees none of it.
		other := s.client(t)
		s.login(t, other, "elodie@example.com")
		refused(t, "another tour's guide", s.send(t, other, "POST", today+"/tickets/lookup", map[string]any{"code": goneCode}), 404, "")
		refused(t, "another tour's guide checking in", s.send(t, other, "POST", today+"/check-ins", map[string]any{"bookingId": gone, "arrived": 1}), 404, "")
	})
}

// TestConcurrentCheckInsRecordOnce: guides scanning one ticket at the same moment record
// one check-in; the others are told it is already checked in.
func TestConcurrentCheckInsRecordOnce(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		admin := s.client(t)
		s.login(t, admin, "laura@example.com")
		tr := s.checkInTour(t, admin, "Busy Gate Trail")
		id, _ := s.walkIn(t, admin, tr.ID, tr.Today, "crowd@example.com", 3)
		const n = 8
		clients := make([]*http.Client, n)
		for i := range clients {
			clients[i] = s.client(t)
			s.login(t, clients[i], []string{"laura@example.com", "miyu@example.com", "kwame@example.com"}[i%3])
		}
		// atOnce has every guide record arrived at the same moment, and counts the 201s.
		atOnce := func(arrived int) (int, []int) {
			statuses := make([]int, n)
			var wg sync.WaitGroup
			start := make(chan struct{})
			for i := range n {
				wg.Go(func() {
					<-start
					statuses[i] = s.send(t, clients[i], "POST", departurePath(tr.ID, tr.Today)+"/check-ins",
						map[string]any{"bookingId": id, "arrived": arrived}).status
				})
			}
			close(start)
			wg.Wait()
			created := 0
			for _, st := range statuses {
				switch st {
				case 201:
					created++
				case 409:
				default:
					t.Errorf("status %d", st)
				}
			}
			return created, statuses
		}
		created, statuses := atOnce(2)
		entries, err := s.Store.AuditLog(t.Context(), audit.Filter{ObjectID: id})
		if err != nil {
			t.Fatal(err)
		}
		if created != 1 || countAction(entries, "booking.check_in") != 1 {
			t.Errorf("%d check-ins answered 201 and %d audited, want 1 and 1 (%v)", created, countAction(entries, "booking.check_in"), statuses)
		}

		// The latecomer, added by every guide at once: raised once, to 3.
		if created, statuses := atOnce(3); created != 1 {
			t.Errorf("the latecomer answered %v, want one 201 and the rest 409", statuses)
		}
		k, err := s.Store.BookingTicket(t.Context(), id)
		if err != nil || k.CheckIn == nil || k.CheckIn.Arrived != 3 {
			t.Errorf("after the latecomer: %+v, %v", k.CheckIn, err)
		}
		entries, _ = s.Store.AuditLog(t.Context(), audit.Filter{ObjectID: id})
		if countAction(entries, "booking.check_in_raise") != 1 {
			t.Errorf("%d raises audited, want 1", countAction(entries, "booking.check_in_raise"))
		}
	})
}

// TestTicketIsItsTravellersOnly: a paid booking's ticket is on /my-tours with its QR
// code, which nobody else can load.
func TestTicketIsItsTravellersOnly(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		tr := s.tourByIndex(t, 2)
		b := s.paidBooking(t, "priya@example.com", tr, 0, 2, "4242 4242 4242 4242")
		k, err := s.Store.BookingTicket(t.Context(), b.ID)
		if err != nil {
			t.Fatalf("the paid booking has no ticket: %v", err)
		}
		owner := s.client(t)
		s.login(t, owner, "priya@example.com")
		list := s.get(t, owner, "/my-tours")
		qr := "/my-tours/" + b.ID + "/ticket.svg"
		if !strings.Contains(list.body, ticket.Format(k.Code)) || !strings.Contains(list.body, qr) {
			t.Errorf("/my-tours does not show the ticket %s", ticket.Format(k.Code))
		}
		page := "/my-tours/" + b.ID
		if r := s.get(t, owner, page); !strings.Contains(r.body, `id="my-ticket"`) || !strings.Contains(r.body, ticket.Format(k.Code)) || !strings.Contains(r.body, qr) {
			t.Errorf("the booking page does not show the ticket %s: %d", ticket.Format(k.Code), r.status)
		}
		r := s.get(t, owner, qr)
		if r.status != 200 || r.header.Get("Content-Type") != "image/svg+xml" || !strings.Contains(r.body, "QR code of ticket "+ticket.Format(k.Code)) ||
			r.header.Get("Cache-Control") != "private, no-store" {
			t.Fatalf("the owner's QR code: %d %v %.200s", r.status, r.header, r.body)
		}
		for _, email := range []string{"daniel@example.com", "laura@example.com"} {
			c := s.client(t)
			s.login(t, c, email)
			if r := s.get(t, c, qr); r.status != 404 || strings.Contains(r.body, k.Code) {
				t.Errorf("%s loads another's ticket: %d", email, r.status)
			}
			if strings.Contains(s.get(t, c, "/my-tours").body, ticket.Format(k.Code)) {
				t.Errorf("%s sees another's ticket code on /my-tours", email)
			}
		}
		if r := s.get(t, s.client(t), qr); r.status != 303 {
			t.Errorf("signed out: %d", r.status)
		}
		if r := s.get(t, owner, "/my-tours/nosuchbooking/ticket.svg"); r.status != 404 {
			t.Errorf("an unknown booking's ticket: %d", r.status)
		}

		// Once refunded, the ticket is gone from the traveller's page.
		admin := s.client(t)
		s.login(t, admin, "laura@example.com")
		if r := s.send(t, admin, "POST", "/api/v1/admin/bookings/"+b.ID+"/cancel",
			map[string]any{"refundMinor": b.AmountMinor, "reason": "", "key": "ticket-test-" + b.ID}); r.status != 200 {
			t.Fatalf("refund: %d %s", r.status, r.body)
		}
		if r := s.get(t, owner, qr); r.status != 404 {
			t.Errorf("a refunded booking's QR code: %d", r.status)
		}
		if strings.Contains(s.get(t, owner, "/my-tours").body, ticket.Format(k.Code)) {
			t.Errorf("/my-tours still shows a refunded booking's ticket")
		}
		if strings.Contains(s.get(t, owner, page).body, ticket.Format(k.Code)) {
			t.Errorf("the booking page still shows a refunded booking's ticket")
		}
	})
}

// pageProps reads the props a page was rendered with, as its hydration reads them.
func pageProps(t *testing.T, r result) map[string]any {
	t.Helper()
	const open = `<script id="page-props" type="application/json">`
	i := strings.Index(r.body, open)
	if r.status != 200 || i < 0 {
		t.Fatalf("no page props (%d): %.300s", r.status, r.body)
	}
	rest := r.body[i+len(open):]
	var data map[string]any
	if err := json.Unmarshal([]byte(rest[:strings.Index(rest, "</script>")]), &data); err != nil {
		t.Fatal(err)
	}
	return data["props"].(map[string]any)
}

// names are the customers' names of a manifest's rows.
func names(rows any) []string {
	out := []string{}
	for _, r := range rows.([]any) {
		out = append(out, r.(map[string]any)["customerName"].(string))
	}
	return out
}

// TestManifestCountsTravellersComing: the manifest, its CSV and the check-in page count
// only the bookings whose travellers are coming; a cancelled one is listed apart; a
// latecomer raises a booking's arrivals without undoing its check-in.
func TestManifestCountsTravellersComing(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		admin, guide, tr := s.checkInSetup(t, "Manifest Count Trail")
		dep := departurePath(tr.ID, tr.Today)
		ana, _ := s.walkIn(t, admin, tr.ID, tr.Today, "ana@example.com", 3)
		s.walkIn(t, admin, tr.ID, tr.Today, "ben@example.com", 2)
		gone, _ := s.walkIn(t, admin, tr.ID, tr.Today, "gone@example.com", 3)
		if r := s.send(t, admin, "POST", "/api/v1/admin/bookings/"+gone+"/cancel", map[string]any{"refundMinor": 0, "reason": "changed plans"}); r.status != 200 {
			t.Fatalf("cancel: %d %s", r.status, r.body)
		}

		// Two of Ana's three arrive; the third comes late, and then nobody else can.
		ticketOf(t, s.send(t, guide, "POST", dep+"/check-ins", map[string]any{"bookingId": ana, "arrived": 2}), 201)
		k := ticketOf(t, s.send(t, guide, "POST", dep+"/check-ins", map[string]any{"bookingId": ana, "arrived": 3}), 201)
		if c := k["checkIn"].(map[string]any); c["arrived"] != 3.0 || c["label"] != "3 of 3 arrived" || c["by"] != "Kwame Mensah" {
			t.Errorf("latecomer: %v", c)
		}
		refused(t, "the same count again", s.send(t, guide, "POST", dep+"/check-ins", map[string]any{"bookingId": ana, "arrived": 3}), 409, "Already checked in")
		refused(t, "fewer than recorded", s.send(t, guide, "POST", dep+"/check-ins", map[string]any{"bookingId": ana, "arrived": 1}), 409, "3 of 3 arrived")
		entries, err := s.Store.AuditLog(t.Context(), audit.Filter{ObjectID: ana})
		if err != nil {
			t.Fatal(err)
		}
		if countAction(entries, "booking.check_in") != 1 || countAction(entries, "booking.check_in_raise") != 1 {
			t.Errorf("audit: %v", entries)
		}

		p := pageProps(t, s.get(t, guide, "/admin/tours/"+tr.ID+"/departures/"+tr.Today))
		if got := names(p["rows"]); strings.Join(got, ",") != "Traveller ana,Traveller ben" {
			t.Errorf("coming: %v", got)
		}
		if got := names(p["apart"]); strings.Join(got, ",") != "Traveller gone" {
			t.Errorf("apart: %v", got)
		}
		if p["bookings"] != 2.0 || p["travellers"] != 5.0 || p["checkedIn"] != 3.0 {
			t.Errorf("totals: %v bookings, %v travellers, %v checked in; want 2, 5, 3", p["bookings"], p["travellers"], p["checkedIn"])
		}
		if g := p["guides"].([]any); len(g) != 1 || g[0] != "Kwame Mensah" {
			t.Errorf("guides: %v", g)
		}
		if row := p["rows"].([]any)[0].(map[string]any); row["phone"] != "" || row["notes"] != "" {
			t.Errorf("a walk-in without phone or notes: %v", row)
		}

		c := pageProps(t, s.get(t, guide, "/admin/tours/"+tr.ID+"/departures/"+tr.Today+"/check-in"))
		if got := names(c["rows"]); strings.Join(got, ",") != "Traveller ana,Traveller ben" || c["travellers"] != 5.0 || c["arrived"] != 3.0 {
			t.Errorf("check-in page: %v, %v travellers, %v arrived", got, c["travellers"], c["arrived"])
		}

		csvBody := s.get(t, guide, "/admin/tours/"+tr.ID+"/departures/"+tr.Today+"/manifest.csv").body
		records, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(csvBody, "\ufeff"))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		// One row per traveller: Ana's three, then Ben's two; a booking's arrivals on its lead's row.
		if len(records) != 6 || records[1][1] != "Traveller ana" || records[1][9] != "3" || records[2][9] != "" ||
			records[4][1] != "Traveller ben" || records[4][13] != "1 of 2" ||
			strings.Join(records[0][11:], ",") != "Phone,Notes,Traveller,Category" {
			t.Errorf("CSV: %v", records)
		}
	})
}
