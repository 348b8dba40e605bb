package app

import (
	"context"
	"database/sql"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"tourbook/internal/mail"
)

// families is a scrape of /metrics, parsed.
type families map[string]*dto.MetricFamily

// scrape asks the debug listener's handler for /metrics and parses the text format.
func (s *testSite) scrape(t *testing.T) families {
	t.Helper()
	srv := httptest.NewServer(debugMux(s.Metrics.Handler(slog.New(slog.DiscardHandler))))
	defer srv.Close()
	res, err := http.Get(srv.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/plain") {
		t.Fatalf("GET /metrics: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	p := expfmt.NewTextParser(model.LegacyValidation)
	fams, err := p.TextToMetricFamilies(res.Body)
	if err != nil {
		t.Fatalf("parse /metrics: %v", err)
	}
	return fams
}

// metric is the series of family name whose labels include every pair of labels
// ("route", "GET /{$}", …); nil when there is none.
func (f families) metric(name string, labels ...string) *dto.Metric {
	fam := f[name]
	if fam == nil {
		return nil
	}
next:
	for _, m := range fam.Metric {
		have := map[string]string{}
		for _, l := range m.Label {
			have[l.GetName()] = l.GetValue()
		}
		for i := 0; i+1 < len(labels); i += 2 {
			if have[labels[i]] != labels[i+1] {
				continue next
			}
		}
		return m
	}
	return nil
}

// value is a counter's or gauge's value, or a histogram's count; -1 when the series is
// missing.
func (f families) value(name string, labels ...string) float64 {
	m := f.metric(name, labels...)
	switch {
	case m == nil:
		return -1
	case m.Counter != nil:
		return m.Counter.GetValue()
	case m.Gauge != nil:
		return m.Gauge.GetValue()
	case m.Histogram != nil:
		return float64(m.Histogram.GetSampleCount())
	}
	return -1
}

func TestMetrics(t *testing.T) {
	t.Parallel()
	s := newTestSiteWith(t, siteOptions{ownEngine: true}) // its SSR metrics are its own engine's
	before := s.scrape(t)
	_, slug, _ := s.firstTour(t) // GET /api/v1/tours
	visitor := s.client(t)
	for range 3 {
		s.get(t, visitor, "/")
	}
	s.get(t, visitor, "/tour/"+slug)
	s.get(t, visitor, "/no/such/page/a")
	s.get(t, visitor, "/no/such/page/b")

	// A paid booking, refunded by the admin; and a checkout refused for want of seats.
	tr := s.tourByIndex(t, 1)
	b := s.paidBooking(t, "grace@example.com", tr, 0, 1, "4242 4242 4242 4242")
	admin := s.client(t)
	s.login(t, admin, "laura@example.com")
	bookingOf(t, s.send(t, admin, "POST", "/api/v1/admin/bookings/"+b.ID+"/cancel",
		map[string]any{"refundMinor": b.AmountMinor, "reason": "Metrics", "key": "metrics-1"}))
	// Three accounts take what is left (one account holds at most 12 seats).
	left := s.tourByIndex(t, 1).StartDates[0].SeatsLeft
	placed := 1.0
	for _, email := range []string{"omar@example.com", "chloe@example.com", "yuki@example.com"} {
		if left == 0 {
			break
		}
		greedy := s.client(t)
		s.login(t, greedy, email)
		n := min(left, 12)
		if r := s.checkout(t, greedy, tr.ID, "?date="+tr.StartDates[0].Date+"&participants="+strconv.Itoa(n)); r.status != 200 {
			t.Fatalf("checkout of %d seats: %d %s", n, r.status, r.body)
		}
		left -= n
		placed++
	}

	after := s.scrape(t)

	// Requests, by route pattern and status: never by path.
	for _, tc := range []struct {
		route, status string
		want          float64
	}{
		{"GET /{$}", "200", 3},
		{"GET /tour/{slug}", "200", 1},
		{"/", "404", 2},
		{"GET /api/v1/tours", "200", 3}, // firstTour and tourByIndex twice
		{"POST /api/v1/admin/bookings/{id}/cancel", "200", 1},
	} {
		if got := after.value("tourbook_http_requests_total", "route", tc.route, "status", tc.status); got != tc.want {
			t.Errorf("requests %s %s: %v, want %v", tc.route, tc.status, got, tc.want)
		}
	}
	if got := after.value("tourbook_http_request_duration_seconds", "route", "GET /{$}"); got != 3 {
		t.Errorf("latency histogram of GET /: %v observations, want 3", got)
	}
	for _, m := range after["tourbook_http_requests_total"].Metric {
		for _, l := range m.Label {
			if l.GetName() == "route" && strings.Contains(l.GetValue(), "/no/such") {
				t.Errorf("a raw path became a label: %q", l.GetValue())
			}
		}
	}

	// Server rendering: each page's render time, and the wait for a runtime.
	// The three visits to / are one render: the page cache answers the other two.
	if got := after.value("tourbook_ssr_render_seconds", "page", "overview"); got != 1 {
		t.Errorf("overview renders: %v, want 1 (the page cache serves the rest)", got)
	}
	if got, renders := after.value("tourbook_ssr_pool_wait_seconds"), after.value("tourbook_ssr_render_seconds", "page", "error"); got < 1+1+2 || renders != 2 {
		t.Errorf("pool waits %v (want at least 4), error page renders %v (want 2)", got, renders)
	}

	// The database pools: SQLite's single writer and its readers.
	if got := after.value("go_sql_max_open_connections", "db_name", "writer"); got != 1 {
		t.Errorf("writer pool's max open connections: %v, want 1", got)
	}
	if got := after.value("go_sql_max_open_connections", "db_name", "reader"); got < 4 {
		t.Errorf("reader pool's max open connections: %v, want at least 4", got)
	}
	if got := after.value("go_sql_open_connections", "db_name", "reader"); got < 1 {
		t.Errorf("reader pool's open connections: %v", got)
	}

	// Holds, payments and refunds moved by exactly what happened.
	for _, tc := range []struct {
		name, label, value string
		moved              float64
	}{
		{"tourbook_seat_holds_total", "outcome", "placed", placed},
		{"tourbook_seat_holds_total", "outcome", "no_seats", 0},
		{"tourbook_seat_holds_total", "outcome", "limited", 0},
		{"tourbook_seat_holds_released_total", "reason", "cancelled", 0},
		{"tourbook_seat_holds_released_total", "reason", "expired", 0},
		{"tourbook_bookings_paid_total", "status", "paid", 1},
		{"tourbook_bookings_paid_total", "status", "refund_due", 0},
		{"tourbook_refunds_total", "outcome", "succeeded", 1},
		{"tourbook_refunds_total", "outcome", "failed", 0},
	} {
		was, now := before.value(tc.name, tc.label, tc.value), after.value(tc.name, tc.label, tc.value)
		if was != 0 || now-was != tc.moved {
			t.Errorf("%s{%s=%q}: %v then %v, want 0 then %v", tc.name, tc.label, tc.value, was, now, tc.moved)
		}
	}
	// Nobody else gets those seats now: a refusal for want of seats.
	other := s.client(t)
	s.login(t, other, "mateo@example.com")
	if r := s.checkout(t, other, tr.ID, "?date="+tr.StartDates[0].Date); r.status != http.StatusConflict {
		t.Fatalf("checkout of a full date: %d %s", r.status, r.body)
	}
	if got := s.scrape(t).value("tourbook_seat_holds_total", "outcome", "no_seats"); got != 1 {
		t.Errorf("holds refused for want of seats: %v, want 1", got)
	}

	// The outbox's backlog is what the database holds (nothing sends in this test).
	_, npending, err := s.Store.ListEmails(context.Background(), mail.Filter{Status: mail.Pending}, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	if npending == 0 || after.value("tourbook_outbox_emails", "status", "pending") != float64(npending) {
		t.Errorf("outbox pending: %v, the database has %d", after.value("tourbook_outbox_emails", "status", "pending"), npending)
	}
	if got := after.value("tourbook_outbox_oldest_due_seconds"); got < 0 {
		t.Errorf("oldest due email: %v", got)
	}
}

func TestReadyz(t *testing.T) {
	t.Parallel()
	dataDir := t.TempDir()
	s := newTestSite(t, "-data-dir", dataDir)
	if r := s.get(t, http.DefaultClient, "/readyz"); r.status != 200 {
		t.Fatalf("ready site: %d %s", r.status, r.body)
	}
	// A migration the database has not applied: not ready, and the answer says so.
	db, err := sql.Open("sqlite", filepath.Join(dataDir, "tourbook.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`DELETE FROM schema_migrations WHERE version = 1`); err != nil {
		t.Fatal(err)
	}
	r := s.get(t, http.DefaultClient, "/readyz")
	if m := decode(t, r); r.status != http.StatusServiceUnavailable || !strings.Contains(m["message"].(string), "lacks 1 of this version's migrations") {
		t.Fatalf("schema behind: %d %s", r.status, r.body)
	}
	// The database closed: not ready.
	if err := s.Store.Close(); err != nil {
		t.Fatal(err)
	}
	r = s.get(t, http.DefaultClient, "/readyz")
	if m := decode(t, r); r.status != http.StatusServiceUnavailable || m["message"] != "The database is not reachable." || r.header.Get("Retry-After") == "" {
		t.Fatalf("database closed: %d %s", r.status, r.body)
	}
	if r := s.get(t, http.DefaultClient, "/healthz"); r.status != 200 {
		t.Errorf("liveness with the database closed: %d, want 200 (the process is alive)", r.status)
	}
}
