package app

import (
	"database/sql"
	"path/filepath"
	"strings"
	"testing"

	"tourbook/internal/booking"
)

// The legal pages (internal/legal) through the real router: the sample data's terms,
// privacy notice and imprint; an admin's save makes a new version that visitors see at
// once (the page cache forgets), the old one stays at /terms/v/1, and what is typed
// never reaches a page as script.

const hostileTerms = "# New terms\n\nPay **first**.\n\n<script>alert('pwned-script')</script>\n\n[Our office](javascript:alert('pwned-link'))\n\n<img src=x onerror=\"alert('pwned-img')\">"

func TestLegalPages(t *testing.T) {
	t.Parallel()
	s := newTestSite(t)
	visitor, admin := s.client(t), s.client(t)
	s.login(t, admin, "laura@example.com")

	for path, want := range map[string]string{"/terms": "<h1>Terms of booking</h1>", "/privacy": "<h1>Privacy notice</h1>", "/imprint": "<h1>Imprint</h1>"} {
		r := s.get(t, visitor, path)
		if r.status != 200 || !strings.Contains(r.body, want) || !strings.Contains(r.body, "Version 1, ") ||
			!strings.Contains(r.body, `rel="canonical" href="`+s.URL+path+`"`) {
			t.Errorf("%s: %d, %q in it: %v: %.300s", path, r.status, want, strings.Contains(r.body, want), r.body)
		}
	}
	// Every page's footer and the sign-up page link them.
	if home := s.get(t, visitor, "/").body; !strings.Contains(home, `href="/terms"`) || !strings.Contains(home, `href="/privacy"`) || !strings.Contains(home, `href="/imprint"`) {
		t.Error("the footer does not link the legal pages")
	}
	if signup := s.get(t, visitor, "/signup").body; !strings.Contains(signup, `<a href="/terms">terms of booking</a>`) {
		t.Error("the sign-up page does not link the terms")
	}

	// A save: version 2, sanitised, seen by a visitor at once though /terms was cached.
	r := s.send(t, admin, "PUT", "/api/v1/admin/legal/terms", map[string]any{"markdown": hostileTerms})
	if m := decode(t, r); r.status != 200 || !strings.Contains(r.body, `"number":2`) || !strings.Contains(r.body, `"new":true`) {
		t.Fatalf("save: %d %v", r.status, m)
	}
	page := s.get(t, visitor, "/terms")
	if !strings.Contains(page.body, "<h1>New terms</h1>") || !strings.Contains(page.body, "<strong>first</strong>") || !strings.Contains(page.body, "Version 2, ") {
		t.Errorf("/terms after the save: %.600s", page.body)
	}
	for _, bad := range []string{"pwned", "javascript:", "onerror"} {
		if strings.Contains(page.body, bad) {
			t.Errorf("/terms has %q", bad)
		}
	}
	// The first version stays, saying it is not the current one, out of search engines.
	old := s.get(t, visitor, "/terms/v/1")
	if old.status != 200 || !strings.Contains(old.body, "<h1>Terms of booking</h1>") || strings.Contains(old.body, "New terms") ||
		!strings.Contains(old.body, "This is version 1 of our terms of booking") || !strings.Contains(old.body, `content="noindex"`) {
		t.Errorf("/terms/v/1: %d %.600s", old.status, old.body)
	}
	if v2 := s.get(t, visitor, "/terms/v/2"); v2.status != 200 || !strings.Contains(v2.body, "<h1>New terms</h1>") || strings.Contains(v2.body, "This is version") {
		t.Errorf("/terms/v/2: %d", v2.status)
	}
	for _, path := range []string{"/terms/v/3", "/terms/v/0", "/terms/v/01", "/terms/v/x", "/terms/v/-1", "/privacy/v/2"} {
		if r := s.get(t, visitor, path); r.status != 404 || !strings.Contains(r.body, "Page not found") {
			t.Errorf("%s: %d, want the site's 404 page", path, r.status)
		}
	}

	// The same text again is no new version; an empty one is refused with the field.
	if r := s.send(t, admin, "PUT", "/api/v1/admin/legal/terms", map[string]any{"markdown": hostileTerms + "\n"}); !strings.Contains(r.body, `"new":false`) ||
		!strings.Contains(r.body, `"number":2`) {
		t.Errorf("the same text: %s", r.body)
	}
	r = s.send(t, admin, "PUT", "/api/v1/admin/legal/imprint", map[string]any{"markdown": "  "})
	if m := decode(t, r); r.status != 400 || m["message"] != "Please write the imprint: it cannot be empty." ||
		m["fields"].(map[string]any)["markdown"] != "Please write the imprint: it cannot be empty." {
		t.Errorf("empty imprint: %d %v", r.status, m)
	}
	refused(t, "unknown page", s.send(t, admin, "PUT", "/api/v1/admin/legal/cookies", map[string]any{"markdown": "x"}), 404, "no such page")
	refused(t, "too long", s.send(t, admin, "PUT", "/api/v1/admin/legal/terms", map[string]any{"markdown": strings.Repeat("a", 50_001)}), 400, "at most 50,000")

	// The preview is the page's HTML, sanitised the same way; nothing is saved.
	r = s.send(t, admin, "POST", "/api/v1/admin/legal/privacy/preview", map[string]any{"markdown": hostileTerms})
	if r.status != 200 || !strings.Contains(r.body, `\u003ch1\u003eNew terms\u003c/h1\u003e`) || strings.Contains(r.body, "pwned") {
		t.Errorf("preview: %d %s", r.status, r.body)
	}
	if p := s.get(t, visitor, "/privacy"); strings.Contains(p.body, "New terms") {
		t.Error("the preview saved the privacy notice")
	}

	// The back office's page: the editors and both versions of the terms.
	office := s.get(t, admin, "/admin/legal")
	for _, want := range []string{"Terms of booking (Markdown)", "Privacy notice (Markdown)", "Imprint (Markdown)", `href="/terms/v/2"`, `href="/terms/v/1"`, "Laura Bennett"} {
		if !strings.Contains(office.body, want) {
			t.Errorf("/admin/legal lacks %q", want)
		}
	}
	// The audit log has both saves of the terms.
	if audit := s.get(t, admin, "/admin/audit?object=terms"); strings.Count(audit.body, "legal.save") < 1 {
		t.Errorf("the audit log has no save of the terms")
	}
}

// TestLegalPageNotWritten: a site whose pages nobody wrote says so politely, as a 404
// (kept out of search engines), and its booking panel asks nothing.
func TestLegalPageNotWritten(t *testing.T) {
	t.Parallel()
	dataDir := t.TempDir()
	s := newTestSite(t, "-data-dir", dataDir)
	db, err := sql.Open("sqlite", filepath.Join(dataDir, "tourbook.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`DELETE FROM legal_versions`); err != nil {
		t.Fatal(err)
	}
	r := s.get(t, s.client(t), "/imprint")
	if r.status != 404 || !strings.Contains(r.body, "Our imprint is not written yet.") || !strings.Contains(r.body, `content="noindex"`) {
		t.Errorf("/imprint unwritten: %d %.400s", r.status, r.body)
	}
	if r := s.get(t, s.client(t), "/terms/v/1"); r.status != 404 || !strings.Contains(r.body, "Page not found") {
		t.Errorf("/terms/v/1 with no terms: %d", r.status)
	}
	tr := s.tourByIndex(t, 0)
	c := s.client(t)
	s.login(t, c, "grace@example.com")
	page := s.get(t, c, "/tour/"+tr.Slug)
	if strings.Contains(page.body, "accept-terms") || !strings.Contains(page.body, `"termsVersion":0`) {
		t.Error("a checkbox for terms nobody wrote")
	}
	r = s.get(t, c, "/api/v1/bookings/checkout-session/"+tr.ID)
	if r.status != 200 {
		t.Fatalf("checkout without terms written: %d %s", r.status, r.body)
	}
	if b := s.pendingBooking(t, "grace@example.com", tr.ID); b.TermsVersion != 0 || !b.TermsAcceptedAt.IsZero() {
		t.Errorf("a booking with no terms written keeps terms %d at %v", b.TermsVersion, b.TermsAcceptedAt)
	}
}

// TestCheckoutAcceptsTheTerms: while terms are written the checkout must name their
// current version (400 with a readable message otherwise, no seats held); the booking
// keeps the version and the time, which its back-office page shows and links.
func TestCheckoutAcceptsTheTerms(t *testing.T) {
	t.Parallel()
	s := newTestSite(t)
	tr := s.tourByIndex(t, 0)
	c, admin := s.client(t), s.client(t)
	s.login(t, c, "chloe@example.com")
	s.login(t, admin, "laura@example.com")

	if page := s.get(t, c, "/tour/"+tr.Slug); !strings.Contains(page.body, `id="accept-terms"`) ||
		!strings.Contains(page.body, "I accept the") || !strings.Contains(page.body, `"termsVersion":1`) {
		t.Error("the booking panel has no terms checkbox for version 1")
	}
	path := "/api/v1/bookings/checkout-session/" + tr.ID
	refused(t, "without terms", s.get(t, c, path), 400, "Please accept the terms of booking to book this tour")
	refused(t, "terms unreadable", s.get(t, c, path+"?terms=one"), 400, "could not be read")
	refused(t, "a version never written", s.get(t, c, path+"?terms=7"), 400, "have changed since this page was opened")
	if r := s.send(t, admin, "PUT", "/api/v1/admin/legal/terms", map[string]any{"markdown": "# Terms\n\nVersion two."}); r.status != 200 {
		t.Fatalf("save terms: %d %s", r.status, r.body)
	}
	refused(t, "the outdated version", s.get(t, c, path+"?terms=1"), 400, "Please reload the page, read them and accept them again.")
	if after := s.tourByIndex(t, 0); after.StartDates[0].SeatsLeft != tr.StartDates[0].SeatsLeft {
		t.Errorf("refused checkouts held seats: %d left, was %d", after.StartDates[0].SeatsLeft, tr.StartDates[0].SeatsLeft)
	}

	r := s.get(t, c, path+"?terms=2&participants=2")
	if r.status != 200 || !strings.Contains(r.body, `"url":"`) {
		t.Fatalf("checkout with the current terms: %d %s", r.status, r.body)
	}
	b := s.pendingBooking(t, "chloe@example.com", tr.ID)
	if b.TermsVersion != 2 || b.TermsAcceptedAt.IsZero() || b.TermsAcceptedAt.Before(b.CreatedAt.Add(-1)) {
		t.Fatalf("the booking keeps terms %d accepted at %v", b.TermsVersion, b.TermsAcceptedAt)
	}
	office := s.get(t, admin, "/admin/bookings/"+b.ID)
	if !strings.Contains(office.body, `<a href="/terms/v/2">Version 2</a>`) || !strings.Contains(office.body, ", accepted ") {
		t.Errorf("the booking's back-office page does not show the terms accepted: %.200s", office.body)
	}
}

// pendingBooking is the user's latest booking of the tour.
func (s *testSite) pendingBooking(t *testing.T, email, tourID string) booking.Booking {
	t.Helper()
	var found booking.Booking
	for _, b := range s.bookings(t, email) {
		if b.TourID == tourID && (found.ID == "" || b.CreatedAt.After(found.CreatedAt)) {
			found = b
		}
	}
	if found.ID == "" {
		t.Fatalf("%s has no booking of tour %s", email, tourID)
	}
	return found
}
