package ssr

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// realBundle returns the UI team's server bundle. It is a build product (make ui), not
// a committed file; TOURBOOK_SSR_BUNDLE points elsewhere when needed. A missing bundle
// fails the test rather than skipping it: a skipped SSR suite would hide a broken build.
func realBundle(tb testing.TB) []byte {
	tb.Helper()
	path := os.Getenv("TOURBOOK_SSR_BUNDLE")
	if path == "" {
		path = filepath.Join("..", "..", "ui", "dist", "server", "render.js")
	}
	b, err := os.ReadFile(path)
	if err != nil {
		tb.Fatalf("server bundle missing (%v): run `make ui` first to build ui/dist/server/render.js", err)
	}
	return b
}

// startEngine starts an engine and closes it when the test ends.
func startEngine(tb testing.TB, cfg config) Engine {
	tb.Helper()
	if cfg.renderTimeout == 0 {
		// Far above the production limit: under -race QuickJS (C translated to Go, every
		// memory access instrumented) is a hundred times slower.
		cfg.renderTimeout = time.Minute
	}
	if cfg.heapLimit == 0 {
		cfg.heapLimit = defaultHeapLimit
	}
	e, err := newEngine(cfg)
	if err != nil {
		tb.Fatalf("start %s engine: %v", cfg.kind, err)
	}
	tb.Cleanup(func() {
		if err := e.Close(); err != nil {
			tb.Errorf("close %s engine: %v", cfg.kind, err)
		}
	})
	return e
}

func mustRender(tb testing.TB, e Engine, page string, props []byte) string {
	tb.Helper()
	html, err := e.Render(context.Background(), page, props)
	if err != nil {
		tb.Fatalf("render %s: %v", page, err)
	}
	return html
}

// The props below follow ui/src/props.ts (PageData). Maps keep the tests independent
// of the web package's types.

var site = map[string]any{
	"name":            "Tourbook",
	"shortName":       "Tourbook",
	"logo":            "",
	"contactEmail":    "",
	"contactPhone":    "",
	"address":         []string{},
	"tileUrl":         "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
	"tileAttribution": `&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors`,
}

func pageData(tb testing.TB, page string, user map[string]any, props map[string]any) []byte {
	tb.Helper()
	var u any
	if user != nil {
		u = user
	}
	b, err := json.Marshal(map[string]any{"page": page, "site": site, "user": u, "props": props})
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

func errorPage(tb testing.TB, title, message string) []byte {
	return pageData(tb, "error", nil, map[string]any{"status": 404, "title": title, "message": message})
}

func tourCard(i int, name string) map[string]any {
	return map[string]any{
		"id":              fmt.Sprintf("t%03d", i),
		"slug":            fmt.Sprintf("tour-%d", i),
		"name":            name,
		"difficulty":      []string{"easy", "medium", "difficult"}[i%3],
		"durationDays":    5 + i%10,
		"summary":         "Breathtaking hike through the Canadian Banff National Park & its lakes",
		"coverImage":      fmt.Sprintf("tour-%d-cover.jpg", i),
		"startLocation":   "Banff, CAN",
		"nextDate":        "June 2027",
		"stops":           3 + i%4,
		"maxGroupSize":    25,
		"price":           "$497",
		"ratingsAverage":  "4.8",
		"ratingsQuantity": 6 + i,
	}
}

func overviewPage(tb testing.TB, names ...string) []byte {
	var tours []map[string]any
	for i, n := range names {
		tours = append(tours, tourCard(i, n))
	}
	user := map[string]any{"id": "u1", "name": "Laura Wilson", "email": "laura@example.com", "photo": "/img/users/u1.jpg", "role": "user"}
	return pageData(tb, "overview", user, map[string]any{"tours": tours})
}

// tourPage is about the size of a real tour page: its HTML is some 17 KB.
func tourPage(tb testing.TB, name string) []byte {
	t := tourCard(1, name)
	t["description"] = strings.Repeat("Lorem ipsum dolor sit amet, consectetur adipisicing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. ", 6) +
		"\n" + strings.Repeat("Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat. ", 6)
	t["pictures"] = []string{"tour-1-1.jpg", "tour-1-2.jpg", "tour-1-3.jpg"}
	t["guides"] = []map[string]any{
		{"name": "Steve T. Williams", "role": "lead-guide", "roleLabel": "Lead guide", "photo": "/img/users/user-2.jpg"},
		{"name": "Lisa Brown", "role": "guide", "roleLabel": "Tour guide", "photo": "/img/users/user-3.jpg"},
		{"name": "Max Smith", "role": "guide", "roleLabel": "Tour guide", "photo": "/img/users/user-4.jpg"},
	}
	var locations, dates, reviews []map[string]any
	for i := range 8 {
		locations = append(locations, map[string]any{"coordinates": []float64{-116.214531 + float64(i)/10, 51.417611 - float64(i)/20}, "day": i + 1, "description": fmt.Sprintf("Stop %d: Lake Louise & the glacier", i+1)})
	}
	for i := range 6 {
		dates = append(dates, map[string]any{"date": fmt.Sprintf("2027-%02d-15", i+4), "label": fmt.Sprintf("Tue 15 Month %d 2027", i+4), "seatsLeft": 25 - i*4, "bookable": i != 2, "prices": []int64{49700}})
	}
	for i := range 8 {
		reviews = append(reviews, map[string]any{"id": fmt.Sprintf("r%d", i), "text": "Cras mollis nisi parturient mi nec aliquet suspendisse sagittis eros condimentum scelerisque taciti mattis praesent feugiat eu nascetur a tincidunt", "rating": 1 + i%5, "userName": fmt.Sprintf("Reviewer %d", i), "userPhoto": fmt.Sprintf("/img/users/user-%d.jpg", i)})
	}
	t["locations"], t["startDates"], t["reviews"] = locations, dates, reviews
	t["cancellationPolicy"] = []map[string]any{{"when": "30 days or more before departure", "refund": "Full refund"},
		{"when": "Less than 30 days before departure", "refund": "No refund"}}
	t["booking"] = map[string]any{"currency": "usd", "extras": []any{}, "travellers": "", "questions": []any{},
		"categories": []map[string]any{{"id": "adult", "name": "Adult", "price": "$497", "ages": "", "takesSeat": true, "min": 0, "max": 0, "onlyWith": ""}}}
	return pageData(tb, "tour", nil, map[string]any{"tour": t, "waitlist": []any{}, "waitlistDates": []string{},
		"reviewing": nil, "reviewLimits": map[string]int{"minText": 10, "maxText": 2000}})
}
