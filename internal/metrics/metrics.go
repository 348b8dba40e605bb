// Package metrics is what the site tells Prometheus: requests by route and status with
// their latency, server rendering, the database pools, bookings, seat holds and refunds,
// and the email outbox's backlog. Everything is registered on the registry the caller
// passes in (no package state), and the other packages only see the small interfaces
// they define (ssr.Observer, booking.Counter, …), which *Metrics implements.
package metrics

import (
	"context"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"tourbook/internal/mail"
	"tourbook/internal/store"
)

const namespace = "tourbook"

// Unmatched is the route label of a request no route took (refused before routing).
const Unmatched = "unmatched"

// Latency buckets: pages answer in milliseconds, a checkout that calls the payment
// provider in up to seconds.
var requestBuckets = []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10}

// Render buckets: a V8 render is a fraction of a millisecond, QuickJS tens of them.
var renderBuckets = []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, 1}

// Metrics holds the site's collectors.
type Metrics struct {
	gatherer prometheus.Gatherer
	reg      prometheus.Registerer

	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	inFlight prometheus.Gauge

	renderWait   prometheus.Histogram
	renderTime   *prometheus.HistogramVec
	renderErrors *prometheus.CounterVec

	holds    *prometheus.CounterVec
	released *prometheus.CounterVec
	bookings *prometheus.CounterVec
	refunds  *prometheus.CounterVec
}

// New registers the site's collectors, with Go's runtime and the process's, on reg.
func New(reg *prometheus.Registry) *Metrics {
	f := func(c prometheus.Collector) prometheus.Collector { reg.MustRegister(c); return c }
	m := &Metrics{gatherer: reg, reg: reg}
	f(collectors.NewGoCollector())
	f(collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))

	m.requests = f(prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: namespace, Name: "http_requests_total",
		Help: "HTTP requests answered, by route pattern and status code.",
	}, []string{"route", "status"})).(*prometheus.CounterVec)
	m.latency = f(prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Namespace: namespace, Name: "http_request_duration_seconds",
		Help:    "Time from a request's arrival to the end of its answer, by route pattern.",
		Buckets: requestBuckets,
	}, []string{"route"})).(*prometheus.HistogramVec)
	m.inFlight = f(prometheus.NewGauge(prometheus.GaugeOpts{
		Namespace: namespace, Name: "http_requests_in_flight",
		Help: "HTTP requests being answered now.",
	})).(prometheus.Gauge)

	m.renderWait = f(prometheus.NewHistogram(prometheus.HistogramOpts{
		Namespace: namespace, Name: "ssr_pool_wait_seconds",
		Help:    "Time a server render waited for a free JavaScript runtime.",
		Buckets: renderBuckets,
	})).(prometheus.Histogram)
	m.renderTime = f(prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Namespace: namespace, Name: "ssr_render_seconds",
		Help:    "Time a server render took in its JavaScript runtime, by page or email template.",
		Buckets: renderBuckets,
	}, []string{"page"})).(*prometheus.HistogramVec)
	m.renderErrors = f(prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: namespace, Name: "ssr_render_errors_total",
		Help: "Server renders that failed (an exception, the time limit, no free runtime before the request ended).",
	}, []string{"page"})).(*prometheus.CounterVec)

	m.holds = outcomes(reg, "seat_holds_total",
		"Checkouts asked for: seats held (placed), refused for want of seats (no_seats), or refused by a limit on holding seats (limited).",
		"outcome", "placed", "no_seats", "limited")
	m.released = outcomes(reg, "seat_holds_released_total",
		"Seat holds that ended unpaid, by reason: cancelled by the traveller, replaced by booking the tour again, failed (no checkout opened), expired.",
		"reason", "cancelled", "replaced", "failed", "expired")
	m.bookings = outcomes(reg, "bookings_paid_total",
		"Payments recorded on bookings, by the status they left: paid, or refund_due (late or mismatched).",
		"status", "paid", "refund_due")
	m.refunds = outcomes(reg, "refunds_total",
		"Refunds asked of the payment provider (or recorded for cash), by outcome: succeeded or failed.",
		"outcome", "succeeded", "failed")
	return m
}

// outcomes registers a counter with one label whose every value shows from the start,
// at 0, so that a rate() has a baseline.
func outcomes(reg prometheus.Registerer, name, help, label string, values ...string) *prometheus.CounterVec {
	c := prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: namespace, Name: name, Help: help}, []string{label})
	reg.MustRegister(c)
	for _, v := range values {
		c.WithLabelValues(v)
	}
	return c
}

// Handler serves the metrics in Prometheus's text format (or OpenMetrics when asked).
func (m *Metrics) Handler(log *slog.Logger) http.Handler {
	return promhttp.HandlerFor(m.gatherer, promhttp.HandlerOpts{
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
		ErrorHandling:     promhttp.ContinueOnError, // one failing collector leaves the rest readable
		Registry:          m.reg,                    // counts the handler's own scrapes and errors
		EnableOpenMetrics: true,
	})
}

// RequestStarted and RequestDone count a request while it is answered; route is the
// pattern that took it (Unmatched for none).
func (m *Metrics) RequestStarted() { m.inFlight.Inc() }

// RequestDone: see RequestStarted.
func (m *Metrics) RequestDone(route string, status int, took time.Duration) {
	m.inFlight.Dec()
	if route == "" {
		route = Unmatched
	}
	m.requests.WithLabelValues(route, strconv.Itoa(status)).Inc()
	m.latency.WithLabelValues(route).Observe(took.Seconds())
}

// ObserveRender implements ssr.Observer.
func (m *Metrics) ObserveRender(page string, wait, render time.Duration, err error) {
	m.renderWait.Observe(wait.Seconds())
	if render > 0 {
		m.renderTime.WithLabelValues(page).Observe(render.Seconds())
	}
	if err != nil {
		m.renderErrors.WithLabelValues(page).Inc()
	}
}

// HoldPlaced implements booking.Counter.
func (m *Metrics) HoldPlaced() { m.holds.WithLabelValues("placed").Inc() }

// HoldRefused implements booking.Counter.
func (m *Metrics) HoldRefused() { m.holds.WithLabelValues("no_seats").Inc() }

// HoldLimited implements booking.Counter.
func (m *Metrics) HoldLimited() { m.holds.WithLabelValues("limited").Inc() }

// HoldsReleased implements booking.Counter.
func (m *Metrics) HoldsReleased(reason string, n int) {
	m.released.WithLabelValues(reason).Add(float64(n))
}

// PaymentRecorded implements booking.Counter: status is the booking's, "paid" or
// "refund_due".
func (m *Metrics) PaymentRecorded(status string) { m.bookings.WithLabelValues(status).Inc() }

// RefundMade implements refund.Counter.
func (m *Metrics) RefundMade(ok bool) {
	outcome := "succeeded"
	if !ok {
		outcome = "failed"
	}
	m.refunds.WithLabelValues(outcome).Inc()
}

// AddPools reports the database pools' statistics (connections open, in use, idle, waits).
func (m *Metrics) AddPools(pools []store.Pool) {
	for _, p := range pools {
		m.reg.MustRegister(collectors.NewDBStatsCollector(p.DB, p.Name))
	}
}

// BacklogFunc reads the email outbox's backlog (store.Store.EmailBacklog).
type BacklogFunc func(ctx context.Context, now time.Time) (mail.Backlog, error)

// AddOutbox reports the email outbox's backlog, read from the database at each scrape
// (every instance reports the same, shared outbox).
func (m *Metrics) AddOutbox(backlog BacklogFunc) {
	m.reg.MustRegister(&outboxCollector{backlog: backlog})
}

var (
	outboxEmails = prometheus.NewDesc(namespace+"_outbox_emails",
		"Emails in the outbox by status: pending (waiting to be sent or retried), sending (leased by a sender), failed (given up).",
		[]string{"status"}, nil)
	outboxOldest = prometheus.NewDesc(namespace+"_outbox_oldest_due_seconds",
		"How long the longest-waiting due email has been due; 0 when none is.", nil, nil)
)

type outboxCollector struct{ backlog BacklogFunc }

func (c *outboxCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- outboxEmails
	ch <- outboxOldest
}

// scrapeTimeout bounds the outbox's queries, so a slow database cannot hold a scrape.
const scrapeTimeout = 2 * time.Second

func (c *outboxCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), scrapeTimeout)
	defer cancel()
	now := time.Now()
	b, err := c.backlog(ctx, now)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(outboxEmails, err)
		return
	}
	for _, s := range []struct {
		status mail.Status
		n      int
	}{{mail.Pending, b.Pending}, {mail.Sending, b.Sending}, {mail.Failed, b.Failed}} {
		ch <- prometheus.MustNewConstMetric(outboxEmails, prometheus.GaugeValue, float64(s.n), string(s.status))
	}
	oldest := 0.0
	if !b.OldestDue.IsZero() {
		oldest = max(0, now.Sub(b.OldestDue).Seconds())
	}
	ch <- prometheus.MustNewConstMetric(outboxOldest, prometheus.GaugeValue, oldest)
}
