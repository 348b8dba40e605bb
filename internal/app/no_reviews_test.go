package app

import (
	"encoding/json"
	"html"
	"net/http"
	"strings"
	"testing"
	"time"
)

// A published tour nobody has reviewed says "No reviews yet" on its card and its page,
// never "0.0 rating (0)", and its JSON-LD has no rating.
func TestTourWithoutReviewsSaysSo(t *testing.T) {
	s := newTestSite(t)
	admin, visitor := s.client(t), s.client(t)
	s.login(t, admin, "laura@example.com")
	created := tourOf(t, s.send(t, admin, "POST", "/api/v1/tours", newTourInput("Quiet Valley Walk")), 201)
	ct, body := pictureBody(t, "cover", "cover.png", smallPNG(t, 1800, 1200))
	tourOf(t, s.do(t, admin, "POST", "/api/v1/tours/"+created.ID+"/pictures", ct, body), 200)
	// Ready to publish: a departure to come (catalog's readiness check).
	soon := time.Now().AddDate(0, 2, 0).Format(time.DateOnly)
	tourOf(t, s.send(t, admin, "POST", "/api/v1/tours/"+created.ID+"/departures", map[string]any{"date": soon}), 201)
	tourOf(t, s.send(t, admin, "PUT", "/api/v1/tours/"+created.ID+"/status", map[string]string{"status": "published"}), 200)

	overview := s.get(t, visitor, "/")
	card := html.UnescapeString(overview.body)
	if i := strings.Index(card, "Quiet Valley Walk"); overview.status != http.StatusOK || i < 0 {
		t.Fatalf("the overview: %d, lists the new tour: %v", overview.status, i >= 0)
	} else {
		card = card[i:]
		if end := strings.Index(card, "</article>"); end > 0 {
			card = card[:end]
		}
	}
	if !strings.Contains(card, "No reviews yet") || strings.Contains(card, "rating (0)") || strings.Contains(card, ">0.0<") {
		t.Errorf("the new tour's card: %q", card)
	}

	page := s.get(t, visitor, "/tour/"+created.Slug)
	text := html.UnescapeString(page.body)
	if page.status != http.StatusOK || !strings.Contains(text, `id="tour-rating">No reviews yet<`) || strings.Contains(text, "0.0 / 5") {
		t.Errorf("the new tour's page: %d, its rating says No reviews yet: %v", page.status, strings.Contains(text, `id="tour-rating">No reviews yet<`))
	}
	h := parseHead(t, page.body)
	if len(h.ldJSON) != 1 {
		t.Fatalf("%d JSON-LD scripts", len(h.ldJSON))
	}
	var ld map[string]any
	if err := json.Unmarshal([]byte(h.ldJSON[0]), &ld); err != nil {
		t.Fatal(err)
	}
	if r, ok := ld["aggregateRating"]; ok {
		t.Errorf("JSON-LD of a tour without reviews has a rating: %v", r)
	}
}
