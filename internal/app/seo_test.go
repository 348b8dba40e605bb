package app

import (
	"context"
	"encoding/json"
	"encoding/xml"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"tourbook/internal/money"
	"tourbook/internal/tour"
	"tourbook/internal/view"
	"tourbook/internal/web"
)

// What search engines and link previews read: head tags, the tour page's JSON-LD, the
// sitemap and robots.txt, through the real router on every test engine.

// head is what a page's <head> says to search engines and link previews.
type head struct {
	title     string
	meta      map[string]string // name= or property= → content
	links     map[string]map[string]string
	ldJSON    []string // the text of each application/ld+json script
	robotsSet bool
	// styles are the style sheets' addresses, in order; icons the icons' (rel icon and
	// apple-touch-icon).
	styles, icons []string
}

func parseHead(t *testing.T, body string) head {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	h := head{meta: map[string]string{}, links: map[string]map[string]string{}}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			attrs := map[string]string{}
			for _, a := range n.Attr {
				attrs[a.Key] = a.Val
			}
			switch n.Data {
			case "title":
				if n.FirstChild != nil {
					h.title = n.FirstChild.Data
				}
			case "meta":
				key := attrs["name"]
				if key == "" {
					key = attrs["property"]
				}
				if key != "" {
					if _, dup := h.meta[key]; dup {
						t.Errorf("meta %s twice", key)
					}
					h.meta[key] = attrs["content"]
				}
			case "link":
				switch attrs["rel"] {
				case "stylesheet":
					h.styles = append(h.styles, attrs["href"])
				case "icon", "apple-touch-icon":
					h.icons = append(h.icons, attrs["href"])
				}
				// The first of each: the head's, before React's own image preloads in the body.
				if _, seen := h.links[attrs["rel"]]; !seen && (attrs["rel"] == "canonical" || attrs["rel"] == "preload") {
					h.links[attrs["rel"]] = attrs
				}
			case "script":
				if attrs["type"] == "application/ld+json" && n.FirstChild != nil {
					h.ldJSON = append(h.ldJSON, n.FirstChild.Data)
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return h
}

// ldTrip is the JSON-LD the tour page carries, as a search engine reads it.
type ldTrip struct {
	Context     string `json:"@context"`
	Type        string `json:"@type"`
	Name        string
	Description string
	URL         string
	Image       []string
	Itinerary   struct {
		Type            string `json:"@type"`
		NumberOfItems   int
		ItemListElement []struct {
			Type     string `json:"@type"`
			Position int
			Item     struct {
				Type string `json:"@type"`
				Name string
				Geo  struct {
					Type      string `json:"@type"`
					Latitude  float64
					Longitude float64
				}
			}
		}
	}
	Offers []struct {
		Type               string `json:"@type"`
		Price              string
		PriceCurrency      string
		Availability       string
		AvailabilityStarts string
		ValidThrough       string
		InventoryLevel     struct{ Value int }
	}
	AggregateRating *struct {
		Type        string `json:"@type"`
		RatingValue float64
		ReviewCount int
	}
}

func (s *testSite) tripOf(t *testing.T, slug string) (ldTrip, head) {
	t.Helper()
	r := s.get(t, http.DefaultClient, "/tour/"+slug)
	if r.status != 200 {
		t.Fatalf("tour page %s: %d", slug, r.status)
	}
	h := parseHead(t, r.body)
	if len(h.ldJSON) != 1 {
		t.Fatalf("tour page has %d JSON-LD scripts, want 1", len(h.ldJSON))
	}
	var trip ldTrip
	if err := json.Unmarshal([]byte(h.ldJSON[0]), &trip); err != nil {
		t.Fatalf("JSON-LD does not parse: %v\n%s", err, h.ldJSON[0])
	}
	return trip, h
}

// checkTrip compares the JSON-LD with the tour as the database holds it.
func checkTrip(t *testing.T, trip ldTrip, tr tour.Tour, base string, now time.Time) {
	t.Helper()
	pageURL := base + "/tour/" + tr.Slug
	if trip.Context != "https://schema.org" || trip.Type != "TouristTrip" || trip.Name != tr.Name ||
		trip.Description != tr.Summary || trip.URL != pageURL {
		t.Errorf("trip %q %q %q %q %q", trip.Context, trip.Type, trip.Name, trip.Description, trip.URL)
	}
	if len(trip.Image) == 0 || trip.Image[0] != base+"/img/tours/"+tr.CoverImage {
		t.Errorf("images %v, want the cover %s first", trip.Image, tr.CoverImage)
	}
	it := trip.Itinerary
	if it.Type != "ItemList" || it.NumberOfItems != len(tr.Locations) || len(it.ItemListElement) != len(tr.Locations) {
		t.Fatalf("itinerary %+v for %d stops", it, len(tr.Locations))
	}
	for i, el := range it.ItemListElement {
		l := tr.Locations[i]
		if el.Type != "ListItem" || el.Position != i+1 || el.Item.Type != "Place" || el.Item.Name != l.Description ||
			el.Item.Geo.Type != "GeoCoordinates" || el.Item.Geo.Latitude != l.Point.Lat || el.Item.Geo.Longitude != l.Point.Lng {
			t.Errorf("stop %d: %+v, want %+v", i+1, el, l)
		}
	}
	var want []tour.StartDate
	for _, d := range tr.StartDates {
		if !d.Closed && !tr.Started(d, now) {
			want = append(want, d)
		}
	}
	if len(trip.Offers) != len(want) || len(want) == 0 {
		t.Fatalf("%d offers for %d open departures ahead", len(trip.Offers), len(want))
	}
	for i, o := range trip.Offers {
		d := want[i]
		starts, err := time.Parse(time.RFC3339, o.AvailabilityStarts)
		if err != nil || !starts.Equal(tr.StartsAt(d)) || o.ValidThrough != o.AvailabilityStarts {
			t.Errorf("offer %d starts %q (%v), want %v", i, o.AvailabilityStarts, err, tr.StartsAt(d))
		}
		if o.Type != "Offer" || o.Price != money.Decimal(tr.PriceOn(d, tr.SeatCategory()), tr.Currency) ||
			o.PriceCurrency != strings.ToUpper(tr.Currency) || o.Availability != web.Availability(tr, d) ||
			o.InventoryLevel.Value != tr.SeatsLeft(d) {
			t.Errorf("offer %d: %+v for %+v", i, o, d)
		}
	}
	if tr.RatingsCount == 0 {
		if trip.AggregateRating != nil {
			t.Errorf("a rating without reviews: %+v", trip.AggregateRating)
		}
	} else if r := trip.AggregateRating; r == nil || r.Type != "AggregateRating" || r.ReviewCount != tr.RatingsCount ||
		r.RatingValue < tr.RatingsAverage-0.05 || r.RatingValue > tr.RatingsAverage+0.05 {
		t.Errorf("rating %+v, want %.2f of %d", r, tr.RatingsAverage, tr.RatingsCount)
	}
}

func TestTourStructuredData(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		ctx := context.Background()
		admin := s.client(t)
		s.login(t, admin, "laura@example.com")
		_, slug, _ := s.firstTour(t)
		tr, err := s.Store.TourBySlug(ctx, slug, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		trip, _ := s.tripOf(t, slug)
		checkTrip(t, trip, tr, s.URL, time.Now())

		// Availability follows the seats: a departure filled by a walk-in is sold out, one
		// with a quarter of its seats left is limited, a closed one is not offered.
		var open []string
		for _, d := range tr.StartDates {
			if tr.Bookable(d, time.Now()) && d.Taken == 0 {
				open = append(open, d.Date.Format(time.DateOnly))
			}
		}
		if len(open) < 3 {
			t.Fatalf("the sample tour has %d empty departures ahead, want 3", len(open))
		}
		setCapacity := func(date string, capacity int) {
			tourOf(t, s.send(t, admin, "PATCH", "/api/v1/tours/"+tr.ID+"/departures/"+date, map[string]any{"capacity": capacity}), 200)
		}
		walkIn := func(date string, n int) {
			r := s.send(t, admin, "POST", "/api/v1/tours/"+tr.ID+"/departures/"+date+"/bookings",
				map[string]any{"email": "walk-in@example.com", "name": "Walk In", "participants": n, "paymentMethod": "cash"})
			if r.status != 201 {
				t.Fatalf("walk-in: %d %s", r.status, r.body)
			}
		}
		setCapacity(open[0], 2)
		walkIn(open[0], 2)
		setCapacity(open[1], 4)
		walkIn(open[1], 3)
		tourOf(t, s.send(t, admin, "PATCH", "/api/v1/tours/"+tr.ID+"/departures/"+open[2], map[string]any{"closed": true}), 200)
		// A departure's own price is its offer's.
		tourOf(t, s.send(t, admin, "PATCH", "/api/v1/tours/"+tr.ID+"/departures/"+open[1],
			map[string]any{"prices": map[string]int64{tr.SeatCategory().ID: 12300}}), 200)

		if tr, err = s.Store.TourBySlug(ctx, slug, time.Now()); err != nil {
			t.Fatal(err)
		}
		trip, _ = s.tripOf(t, slug)
		checkTrip(t, trip, tr, s.URL, time.Now())
		availability := map[string]string{}
		for _, o := range trip.Offers {
			starts, _ := time.Parse(time.RFC3339, o.AvailabilityStarts)
			availability[starts.In(tr.Zone()).Format(time.DateOnly)] = o.Availability
		}
		if a := availability[open[0]]; a != "https://schema.org/SoldOut" {
			t.Errorf("full departure: %q", a)
		}
		if a := availability[open[1]]; a != "https://schema.org/LimitedAvailability" {
			t.Errorf("departure with 1 of 4 seats left: %q", a)
		}
		if a, offered := availability[open[2]]; offered {
			t.Errorf("closed departure offered as %q", a)
		}
		if len(open) > 3 && availability[open[3]] != "https://schema.org/InStock" {
			t.Errorf("empty departure: %q", availability[open[3]])
		}
	})
}

// A tour's texts cannot end the JSON-LD's script element or open a comment in it.
func TestStructuredDataEscapesScriptEnds(t *testing.T) {
	t.Parallel()
	s := newTestSite(t)
	admin := s.client(t)
	s.login(t, admin, "laura@example.com")
	id, slug, _ := s.firstTour(t)
	tr := s.tourByIDAny(t, id)
	name := `Fire </script><script>alert(1)</script> & <!-- ice`
	// (A line separator, which JSON allows raw but a script does not, cannot come through
	// the API any more — a one-line text refuses it —: internal/web's
	// TestStructuredDataEscapesLineSeparators covers it.)
	summary := "Lava fields</SCRIPT >and <!--glaciers-->"
	tourOf(t, s.send(t, admin, "PATCH", "/api/v1/tours/"+id, map[string]any{"version": tr.Version, "name": name, "summary": summary, "slug": slug}), 200)

	trip, h := s.tripOf(t, slug)
	if trip.Name != name || trip.Description != summary {
		t.Errorf("JSON-LD name %q, summary %q", trip.Name, trip.Description)
	}
	for _, bad := range []string{"</", "<!--", "\u2028"} {
		if strings.Contains(h.ldJSON[0], bad) {
			t.Errorf("JSON-LD carries %q raw: %s", bad, h.ldJSON[0])
		}
	}
	if h.meta["og:title"] != name+" | "+s.businessName(t) || h.meta["description"] != summary {
		t.Errorf("og:title %q, description %q", h.meta["og:title"], h.meta["description"])
	}
}

func TestHeadTagsForSearchAndSharing(t *testing.T) {
	t.Parallel()
	s := newTestSite(t)
	_, slug, name := s.firstTour(t)
	tr, err := s.Store.TourBySlug(context.Background(), slug, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	visitor, member, admin := s.client(t), s.client(t), s.client(t)
	s.login(t, member, "sophie@example.com")
	s.login(t, admin, "laura@example.com")

	business := s.businessName(t)
	public := []struct {
		path, title string
		image       bool
	}{
		{"/", "All tours | " + business, true},
		{"/tour/" + slug, name + " | " + business, true},
		{"/login", "Log in | " + business, false},
		{"/signup", "Create your account | " + business, false},
	}
	for _, p := range public {
		r := s.get(t, visitor, p.path)
		h := parseHead(t, r.body)
		canonical := s.URL + p.path
		if r.status != 200 || h.title != p.title || h.meta["description"] == "" {
			t.Errorf("%s: %d, title %q, description %q", p.path, r.status, h.title, h.meta["description"])
		}
		if h.links["canonical"]["href"] != canonical || h.meta["og:url"] != canonical {
			t.Errorf("%s: canonical %q, og:url %q, want %s", p.path, h.links["canonical"]["href"], h.meta["og:url"], canonical)
		}
		if _, ok := h.meta["robots"]; ok {
			t.Errorf("%s is public but says robots %q", p.path, h.meta["robots"])
		}
		if h.meta["og:title"] != p.title || h.meta["og:description"] != h.meta["description"] ||
			h.meta["og:type"] != "website" || h.meta["og:site_name"] != business {
			t.Errorf("%s: Open Graph %v", p.path, h.meta)
		}
		wantCard := map[bool]string{true: "summary_large_image", false: "summary"}[p.image]
		if h.meta["twitter:card"] != wantCard {
			t.Errorf("%s: twitter:card %q, want %q", p.path, h.meta["twitter:card"], wantCard)
		}
		if p.image {
			img := h.meta["og:image"]
			u, err := url.Parse(img)
			if err != nil || !u.IsAbs() || !strings.HasPrefix(img, s.URL+"/img/tours/") {
				t.Errorf("%s: og:image %q is not an absolute picture address", p.path, img)
			} else if got := s.get(t, visitor, u.Path); got.status != 200 || got.header.Get("Content-Type") != "image/jpeg" {
				t.Errorf("%s: og:image %s answers %d %s", p.path, img, got.status, got.header.Get("Content-Type"))
			}
		}
	}

	// The tour page preloads its hero as the <img> will ask for it, and asks for the cover.
	h := parseHead(t, s.get(t, visitor, "/tour/"+slug).body)
	if pre := h.links["preload"]; pre["as"] != "image" || pre["href"] != "/img/tours/"+tr.CoverImage ||
		pre["imagesrcset"] == "" || pre["imagesrcset"] != view.TourImageSrcSet(tr.CoverImage) || pre["imagesizes"] != web.HeroSizes {
		t.Errorf("hero preload %v", pre)
	}
	if h.meta["og:image"] != s.URL+"/img/tours/"+tr.CoverImage {
		t.Errorf("tour og:image %q, want its cover", h.meta["og:image"])
	}

	private := []struct {
		c    *http.Client
		path string
	}{
		{member, "/me"}, {member, "/my-tours"}, {admin, "/admin"}, {admin, "/admin/tours"}, {admin, "/admin/bookings"},
		{visitor, "/no-such-page"}, {visitor, "/tour/no-such-tour"}, {visitor, "/forgot-password"},
	}
	for _, p := range private {
		r := s.get(t, p.c, p.path)
		h := parseHead(t, r.body)
		if h.meta["robots"] != "noindex" {
			t.Errorf("%s (%d): robots %q, want noindex", p.path, r.status, h.meta["robots"])
		}
		if len(h.links["canonical"]) != 0 || h.meta["og:url"] != "" || len(h.ldJSON) != 0 {
			t.Errorf("%s: a private page names a canonical address or carries structured data", p.path)
		}
	}
}

type sitemap struct {
	XMLName xml.Name `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
	URLs    []struct {
		Loc     string `xml:"loc"`
		LastMod string `xml:"lastmod"`
	} `xml:"url"`
}

func (s *testSite) sitemap(t *testing.T) map[string]string {
	t.Helper()
	r := s.get(t, http.DefaultClient, "/sitemap.xml")
	if r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), "application/xml") {
		t.Fatalf("sitemap: %d %s", r.status, r.header.Get("Content-Type"))
	}
	var sm sitemap
	if err := xml.Unmarshal([]byte(r.body), &sm); err != nil {
		t.Fatalf("sitemap is not a sitemap: %v\n%s", err, r.body)
	}
	locs := map[string]string{}
	for _, u := range sm.URLs {
		if _, dup := locs[u.Loc]; dup {
			t.Errorf("%s listed twice", u.Loc)
		}
		if u.LastMod != "" {
			if _, err := time.Parse(time.RFC3339, u.LastMod); err != nil {
				t.Errorf("%s lastmod %q: %v", u.Loc, u.LastMod, err)
			}
		}
		locs[u.Loc] = u.LastMod
	}
	return locs
}

func TestSitemapListsPublishedToursOnly(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		admin := s.client(t)
		s.login(t, admin, "laura@example.com")
		tours, err := s.Store.ListTours(context.Background(), time.Now())
		if err != nil {
			t.Fatal(err)
		}
		locs := s.sitemap(t)
		for _, p := range []string{"/", "/signup", "/login", "/terms", "/privacy", "/imprint"} {
			if _, ok := locs[s.URL+p]; !ok {
				t.Errorf("sitemap lacks %s", p)
			}
		}
		for _, tr := range tours {
			lm, ok := locs[s.URL+"/tour/"+tr.Slug]
			if !ok || lm == "" {
				t.Errorf("sitemap lacks %s (lastmod %q)", tr.Slug, lm)
			}
		}
		if len(locs) != 6+len(tours) {
			t.Errorf("sitemap lists %d addresses, want %d", len(locs), 6+len(tours))
		}

		// A draft is not listed; a tour archived after publication leaves the list, and
		// an edit moves a tour's lastmod.
		tourOf(t, s.send(t, admin, "POST", "/api/v1/tours", newTourInput("Secret Draft Tour")), 201)
		archived := tours[len(tours)-1]
		tourOf(t, s.send(t, admin, "PUT", "/api/v1/tours/"+archived.ID+"/status", map[string]string{"status": "archived"}), 200)
		edited := tours[0]
		before := locs[s.URL+"/tour/"+edited.Slug]
		tourOf(t, s.send(t, admin, "PATCH", "/api/v1/tours/"+edited.ID, map[string]any{"version": s.tourByIDAny(t, edited.ID).Version, "summary": "A new summary."}), 200)

		locs = s.sitemap(t)
		for loc := range locs {
			if strings.Contains(loc, "secret-draft-tour") || loc == s.URL+"/tour/"+archived.Slug {
				t.Errorf("sitemap lists %s", loc)
			}
		}
		// The edit and the listing before it can fall in one second, which lastmod cannot
		// tell apart: what it must say is the time the edit stored.
		after := locs[s.URL+"/tour/"+edited.Slug]
		now, err := s.Store.ListTours(context.Background(), time.Now())
		if err != nil {
			t.Fatal(err)
		}
		var stored time.Time
		for _, tr := range now {
			if tr.ID == edited.ID {
				stored = tr.UpdatedAt
			}
		}
		if !stored.After(edited.UpdatedAt) || after != stored.UTC().Format(time.RFC3339) {
			t.Errorf("lastmod after an edit %q, before %q, want the edit's time %v", after, before, stored)
		}
		if locs[s.URL+"/"] != after {
			t.Errorf("the overview's lastmod %q, want the newest tour's %q", locs[s.URL+"/"], after)
		}
	})
}

func mustTime(t *testing.T, s string) time.Time {
	t.Helper()
	v, err := time.Parse(time.RFC3339, s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestRobotsTxt(t *testing.T) {
	t.Parallel()
	s := newTestSite(t)
	r := s.get(t, http.DefaultClient, "/robots.txt")
	if r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), "text/plain") {
		t.Fatalf("robots.txt: %d %s", r.status, r.header.Get("Content-Type"))
	}
	lines := strings.Split(strings.TrimSpace(r.body), "\n")
	if lines[0] != "User-agent: *" {
		t.Errorf("first line %q", lines[0])
	}
	for _, want := range []string{"Disallow: /admin", "Disallow: /api/", "Disallow: /me", "Disallow: /my-tours", "Sitemap: " + s.URL + "/sitemap.xml"} {
		if !slices.Contains(lines, want) {
			t.Errorf("robots.txt lacks %q:\n%s", want, r.body)
		}
	}
	for _, line := range lines {
		if d, ok := strings.CutPrefix(line, "Disallow: "); ok && (d == "/" || d == "/tour" || d == "/login") {
			t.Errorf("robots.txt keeps engines from public pages: %q", line)
		}
	}
}
