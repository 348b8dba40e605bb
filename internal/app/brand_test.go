package app

import (
	"encoding/json"
	"mime"
	"net/http"
	netmail "net/mail"
	"strings"
	"testing"

	"tourbook/internal/audit"
	"tourbook/internal/business"
	"tourbook/internal/mail"
)

// fjordFell is a business that has filled in its settings.
var fjordFell = business.Profile{Name: "Fjord & Fell Tours", ShortName: "Fjord & Fell", Colour: "#0b4f6c",
	Logo: "logo-7f3a", ContactEmail: "hello@fjordfell.example", ContactPhone: "+47 55 12 34 56",
	Address: "Strandkaien 3\n5013 Bergen\nNorway", LegalName: "Fjord & Fell Tours AS"}

// putBrand saves p as the site's business profile, as the settings page does.
func (s *testSite) putBrand(t *testing.T, p business.Profile) {
	t.Helper()
	if err := s.Business.Put(t.Context(), p, audit.Entry{ActorName: "test", Action: "setting.update", ObjectType: "setting", ObjectID: business.SettingKey}); err != nil {
		t.Fatal(err)
	}
}

// businessName is the name the site's pages carry: the sample data's business, or
// "Tourbook" while none is saved.
func (s *testSite) businessName(t *testing.T) string {
	t.Helper()
	p, err := s.Business.Profile(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	return p.Name
}

// noTourbook fails when what a visitor or customer sees still names "Tourbook".
func noTourbook(t *testing.T, what, text string) {
	t.Helper()
	if i := strings.Index(strings.ToLower(text), "tourbook"); i >= 0 {
		t.Errorf("%s still says Tourbook: …%s…", what, text[max(0, i-80):min(len(text), i+80)])
	}
}

// TestTheBrandOnThePages: once the business has saved its profile, the next render of
// the (cached) home page and a tour page is the business's: the title, og:site_name,
// header logo, footer address and contact, favicon, brand colours and the JSON-LD
// Organization; and "Tourbook" is nowhere in them.
func TestTheBrandOnThePages(t *testing.T) {
	t.Parallel()
	eachEngine(t, testTheBrandOnThePages)
}

func testTheBrandOnThePages(t *testing.T, s *testSite) {
	visitor := s.client(t)
	_, slug, tourName := s.firstTour(t)

	// A site nobody has set up (whatever the sample data says): its own icon, no
	// colours of its own; and the home page cached.
	s.putBrand(t, business.Profile{})
	before := parseHead(t, s.get(t, visitor, "/").body)
	if before.title != "All tours | Tourbook" || strings.Join(before.icons, " ") != "/favicon.svg" {
		t.Fatalf("a fresh site's head: title %q, icons %v", before.title, before.icons)
	}
	for _, href := range before.styles {
		if strings.HasPrefix(href, "/brand.css") {
			t.Errorf("a site in the default colour links %s", href)
		}
	}

	s.putBrand(t, fjordFell)
	for _, path := range []string{"/", "/tour/" + slug} {
		r := s.get(t, visitor, path)
		if r.status != http.StatusOK {
			t.Fatalf("%s: %d", path, r.status)
		}
		noTourbook(t, path, r.body)
		h := parseHead(t, r.body)
		want := map[string]string{"/": "All tours | Fjord & Fell Tours", "/tour/" + slug: tourName + " | Fjord & Fell Tours"}[path]
		if h.title != want || h.meta["og:title"] != want || h.meta["og:site_name"] != "Fjord & Fell Tours" {
			t.Errorf("%s: title %q, og:title %q, og:site_name %q; want %q", path, h.title, h.meta["og:title"], h.meta["og:site_name"], want)
		}
		if icons := strings.Join(h.icons, " "); icons != "/img/brand/logo-7f3a-favicon.png /img/brand/logo-7f3a-favicon.png" {
			t.Errorf("%s: icons %s", path, icons)
		}
		for _, shown := range []string{
			`<img class="header__logo header__logo--brand" src="/img/brand/logo-7f3a-header.png" alt="Fjord &amp; Fell Tours" height="48"/>`,
			`<address class="footer__contact">`, `Strandkaien 3`, `5013 Bergen`,
			`<a class="footer__line" href="mailto:hello@fjordfell.example">hello@fjordfell.example</a>`,
			`<a class="footer__line" href="tel:+4755123456">+47 55 12 34 56</a>`,
		} {
			if !strings.Contains(r.body, shown) {
				t.Errorf("%s lacks %s", path, shown)
			}
		}
		// The colours: a style sheet of the site's own origin (the CSP allows no inline
		// style), after the site's, cached for good under its content's address.
		if len(h.styles) < 2 || !strings.HasPrefix(h.styles[len(h.styles)-1], "/brand.css?v=") {
			t.Fatalf("%s: style sheets %v, want /brand.css last", path, h.styles)
		}
		css := s.get(t, visitor, h.styles[len(h.styles)-1])
		if css.status != 200 || css.body != ":root{--green:#0b4f6c;--green-dark:#08374c;--green-light:#e7edf0}\n" ||
			css.header.Get("Content-Type") != "text/css; charset=utf-8" || !strings.Contains(css.header.Get("Cache-Control"), "immutable") {
			t.Errorf("%s: %d %q %v", h.styles[len(h.styles)-1], css.status, css.body, css.header)
		}
	}

	// The home page's JSON-LD is the business; a tour's names it as the provider.
	var org map[string]string
	if h := parseHead(t, s.get(t, visitor, "/").body); len(h.ldJSON) != 1 || json.Unmarshal([]byte(h.ldJSON[0]), &org) != nil {
		t.Fatalf("home page JSON-LD %v", h.ldJSON)
	}
	for k, v := range map[string]string{"@type": "Organization", "name": "Fjord & Fell Tours", "legalName": "Fjord & Fell Tours AS",
		"url": s.URL + "/", "logo": s.URL + "/img/brand/logo-7f3a-header.png", "email": "hello@fjordfell.example",
		"telephone": "+47 55 12 34 56", "address": "Strandkaien 3, 5013 Bergen, Norway"} {
		if org[k] != v {
			t.Errorf("Organization %s = %q, want %q", k, org[k], v)
		}
	}
	_, h := s.tripOf(t, slug)
	var trip struct{ Provider map[string]string }
	if err := json.Unmarshal([]byte(h.ldJSON[0]), &trip); err != nil || trip.Provider["name"] != "Fjord & Fell Tours" || trip.Provider["telephone"] != "+47 55 12 34 56" {
		t.Errorf("the tour's provider %v (%v)", trip.Provider, err)
	}

	// An old page's colour address still answers (the current colours), only not for good.
	if css := s.get(t, visitor, "/brand.css?v=0"); css.status != 200 || css.header.Get("Cache-Control") != "no-cache" || !strings.Contains(css.body, "#0b4f6c") {
		t.Errorf("an old brand.css address: %d %v %q", css.status, css.header, css.body)
	}
}

// TestTheBrandInEmailsCalendarsAndCheckout: a customer who books after the business saved
// its profile pays on a checkout page for the business, and gets a confirmation signed
// with its short name (From), its logo, address and contact (HTML and text), and a
// calendar entry the business organises; "Tourbook" is in none of them.
func TestTheBrandInEmailsCalendarsAndCheckout(t *testing.T) {
	t.Parallel()
	eachEngineWithMail(t, nil, testTheBrandInEmails)
}

func testTheBrandInEmails(t *testing.T, s *testSite, sink *mailSink) {
	s.putBrand(t, fjordFell)
	tr := s.tourByIndex(t, 0)
	c := s.client(t)
	s.login(t, c, "hannah@example.com")

	r := s.checkout(t, c, tr.ID, "?date="+tr.StartDates[1].Date+"&participants=2")
	if r.status != 200 {
		t.Fatalf("checkout: %d %s", r.status, r.body)
	}
	checkoutURL := decode(t, r)["session"].(map[string]any)["url"].(string)
	page := s.get(t, c, mustURL(t, checkoutURL).Path)
	if !strings.Contains(page.body, `<span class="merchant">for Fjord &amp; Fell Tours</span>`) {
		t.Errorf("the sandbox checkout does not name the business: %.600s", page.body)
	}
	noTourbook(t, "the sandbox checkout", page.body)
	paid := s.pay(t, c, checkoutURL, "4242 4242 4242 4242")
	if paid.status != http.StatusSeeOther {
		t.Fatalf("paying: %d %.300s", paid.status, paid.body)
	}
	s.get(t, c, mustURL(t, paid.header.Get("Location")).RequestURI())

	var confirmation mail.Message
	for _, m := range s.outbox(t, "hannah@example.com") {
		if strings.HasPrefix(m.IdemKey, "booking-paid:") {
			confirmation = m
		}
	}
	if confirmation.ID == "" {
		t.Fatal("no booking confirmation in the outbox")
	}
	for what, text := range map[string]string{"subject": confirmation.Subject, "HTML": confirmation.HTML, "text": confirmation.Text} {
		noTourbook(t, "the confirmation's "+what, text)
	}
	for _, shown := range []string{`src="` + s.URL + `/img/brand/logo-7f3a-email.png" alt="Fjord &amp; Fell Tours"`,
		"Strandkaien 3, 5013 Bergen, Norway", `href="mailto:hello@fjordfell.example"`, "+47 55 12 34 56",
		"border-bottom:3px solid #0b4f6c", "background-color:#0b4f6c"} {
		if !strings.Contains(confirmation.HTML, shown) {
			t.Errorf("the confirmation's HTML lacks %s", shown)
		}
	}
	if !strings.Contains(confirmation.Text, "-- \nFjord & Fell Tours\nStrandkaien 3\n5013 Bergen\nNorway\nhello@fjordfell.example\n+47 55 12 34 56\n") {
		t.Errorf("the confirmation's text is not signed by the business:\n%s", confirmation.Text)
	}
	var ics string
	for _, a := range confirmation.Attachments {
		if a.Name == "tour.ics" {
			ics = strings.ReplaceAll(string(a.Data), "\r\n ", "")
		}
	}
	noTourbook(t, "the calendar file", ics)
	if !strings.Contains(ics, "\r\nORGANIZER;CN=\"Fjord & Fell Tours\":mailto:hello@fjordfell.example\r\n") {
		t.Errorf("the calendar file's organiser:\n%s", ics)
	}
	// The booking's own calendar link is the same entry.
	b := s.bookings(t, "hannah@example.com")[0]
	if cal := s.get(t, c, "/my-tours/"+b.ID+"/calendar.ics"); !strings.Contains(strings.ReplaceAll(cal.body, "\r\n ", ""), "ORGANIZER;CN=\"Fjord & Fell Tours\":mailto:hello@fjordfell.example") {
		t.Errorf("/my-tours/%s/calendar.ics: %d\n%s", b.ID, cal.status, cal.body)
	}

	// Sent, it comes from the business's short name.
	s.runSender(t)
	got := sink.to("hannah@example.com")
	if len(got) == 0 {
		t.Fatal("nothing reached the SMTP server")
	}
	msg, err := netmail.ReadMessage(strings.NewReader(got[len(got)-1]))
	if err != nil {
		t.Fatal(err)
	}
	from, err := netmail.ParseAddress(msg.Header.Get("From"))
	if err != nil || from.Name != "Fjord & Fell" || !strings.HasPrefix(from.Address, "no-reply@") {
		t.Errorf("From %q (%v), want the short name", msg.Header.Get("From"), err)
	}
	dec := new(mime.WordDecoder)
	for k, vs := range msg.Header {
		for _, v := range vs {
			decoded, err := dec.DecodeHeader(v)
			if err != nil {
				t.Errorf("header %s: %v", k, err)
			}
			noTourbook(t, "the header "+k, decoded)
		}
	}
}
