package store

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/tour"
)

// TourCache is the Store with the tour catalogue kept in memory for up to ttl. Tours
// change when an operator imports them or someone writes a review; seats change with
// every booking. So the catalogue (texts, places, guides, reviews) is read from memory,
// and the seats taken are read from the database on every call: availability is never
// stale, and a tour page costs one small query instead of six (measured: a quarter of the
// tour page's CPU was SQL).
//
// Writes through this value (CreateTour, CreateReview, UpdateUserProfile) forget the
// cache at once; other instances, and `tourbook import` run beside the server, are seen
// within ttl. Whoever keeps something made of tours (the page cache) hears of every
// change with OnChange: those writes, Invalidate, and the booking writes through this
// value that change seats (holds, cancellations, payments, expiries).
type TourCache struct {
	*Store
	ttl time.Duration

	mu        sync.Mutex
	list      cached[[]tour.Tour]
	bySlug    map[string]cached[tour.Tour]
	byID      map[string]cached[tour.Tour]
	listeners []func()
}

type cached[T any] struct {
	value  T
	expiry time.Time
}

// maxCachedTours bounds the per-tour maps: a crawler asking for a million slugs must
// not grow them (misses are not cached at all).
const maxCachedTours = 1000

// NewTourCache wraps s. A ttl of zero or less turns the cache off.
func NewTourCache(s *Store, ttl time.Duration) *TourCache {
	return &TourCache{Store: s, ttl: ttl, bySlug: map[string]cached[tour.Tour]{}, byID: map[string]cached[tour.Tour]{}}
}

// OnChange adds f to what is called after every change to tours, reviews or seats.
// Call it before the cache is used.
func (c *TourCache) OnChange(f func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.listeners = append(c.listeners, f)
}

// Invalidate forgets everything cached, and tells the listeners.
func (c *TourCache) Invalidate() {
	c.mu.Lock()
	c.list = cached[[]tour.Tour]{}
	clear(c.bySlug)
	clear(c.byID)
	c.mu.Unlock()
	c.changed()
}

// changed tells the listeners; seats are never cached here, so a change of seats alone
// keeps the catalogue.
func (c *TourCache) changed() {
	c.mu.Lock()
	listeners := c.listeners
	c.mu.Unlock()
	for _, f := range listeners {
		f()
	}
}

// ListTours is Store.ListTours with the catalogue from memory and the seats live.
func (c *TourCache) ListTours(ctx context.Context, now time.Time) ([]tour.Tour, error) {
	c.mu.Lock()
	hit := c.list
	c.mu.Unlock()
	tours := hit.value
	if hit.value == nil || !now.Before(hit.expiry) {
		var err error
		if tours, err = c.Store.ListTours(ctx, now); err != nil {
			return nil, err
		}
		c.mu.Lock()
		c.list = cached[[]tour.Tour]{tours, now.Add(c.ttl)}
		c.mu.Unlock()
		return clone(tours), nil // just read: the seats are current
	}
	taken, err := c.seatsTaken(ctx, "", now)
	if err != nil {
		return nil, err
	}
	out := clone(tours)
	for i := range out {
		withSeats(&out[i], taken)
	}
	return out, nil
}

// TourBySlug is Store.TourBySlug with the catalogue from memory and the seats live.
func (c *TourCache) TourBySlug(ctx context.Context, slug string, now time.Time) (tour.Tour, error) {
	return c.one(ctx, c.bySlug, slug, now, c.Store.TourBySlug)
}

// TourByID is Store.TourByID with the catalogue from memory and the seats live.
func (c *TourCache) TourByID(ctx context.Context, id string, now time.Time) (tour.Tour, error) {
	return c.one(ctx, c.byID, id, now, c.Store.TourByID)
}

func (c *TourCache) one(ctx context.Context, m map[string]cached[tour.Tour], key string, now time.Time,
	load func(context.Context, string, time.Time) (tour.Tour, error)) (tour.Tour, error) {
	c.mu.Lock()
	hit, ok := m[key]
	c.mu.Unlock()
	if !ok || !now.Before(hit.expiry) {
		t, err := load(ctx, key, now)
		if err != nil {
			return t, err
		}
		c.mu.Lock()
		if len(m) >= maxCachedTours {
			clear(m)
		}
		m[key] = cached[tour.Tour]{t, now.Add(c.ttl)}
		c.mu.Unlock()
		return cloneTour(t), nil
	}
	taken, err := c.seatsTaken(ctx, hit.value.ID, now)
	if err != nil {
		return tour.Tour{}, err
	}
	t := cloneTour(hit.value)
	withSeats(&t, taken)
	return t, nil
}

// CreateTour stores the tour and forgets the cache.
func (c *TourCache) CreateTour(ctx context.Context, t *tour.Tour) error {
	defer c.Invalidate()
	return c.Store.CreateTour(ctx, t)
}

// CreateReview stores the review and forgets the cache (ratings changed).
func (c *TourCache) CreateReview(ctx context.Context, r *tour.Review) error {
	defer c.Invalidate()
	return c.Store.CreateReview(ctx, r)
}

// UpdateUserProfile changes the user and forgets the cache: guides and reviewers show
// their names and photos on tour pages.
func (c *TourCache) UpdateUserProfile(ctx context.Context, id string, p account.Profile) error {
	defer c.Invalidate()
	return c.Store.UpdateUserProfile(ctx, id, p)
}

// SeatsChanged tells the listeners that seats changed (a hold, a cancellation) in a
// transaction a service ran on the Store itself; seats are never cached here, so the
// catalogue is kept.
func (c *TourCache) SeatsChanged() { c.changed() }

// ExpireHolds frees the seats of abandoned checkouts and tells the listeners when any were.
func (c *TourCache) ExpireHolds(ctx context.Context, now time.Time) (int, error) {
	n, err := c.Store.ExpireHolds(ctx, now)
	if n > 0 {
		c.changed()
	}
	return n, err
}

// seatKey names a departure; the day as text, so that times scanned by either engine
// compare equal.
type seatKey struct {
	tourID string
	day    string
}

// seatsTaken reads the seats held at now, for one tour or ("") all of them.
func (c *TourCache) seatsTaken(ctx context.Context, tourID string, now time.Time) (map[seatKey]int, error) {
	query := `SELECT b.tour_id, b.start_date, ` + takenSum + ` FROM bookings b WHERE ` + holdsSeats
	args := []any{ts(now)}
	if tourID != "" {
		query += ` AND b.tour_id = $2`
		args = append(args, tourID)
	}
	rows, err := c.reader().QueryContext(ctx, query+` GROUP BY b.tour_id, b.start_date`, args...)
	if err != nil {
		return nil, fmt.Errorf("seats taken: %w", err)
	}
	taken := map[seatKey]int{}
	var id string
	var day time.Time
	var n int
	err = scanAll(rows, func() error {
		if err := rows.Scan(&id, timeCol{&day}, &n); err != nil {
			return err
		}
		taken[seatKey{id, day.Format(time.DateOnly)}] = n
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("seats taken: %w", err)
	}
	return taken, nil
}

func withSeats(t *tour.Tour, taken map[seatKey]int) {
	for i := range t.StartDates {
		t.StartDates[i].Taken = taken[seatKey{t.ID, t.StartDates[i].Date.Format(time.DateOnly)}]
	}
}

// clone copies what a caller may change (the start dates get their seats per call);
// the rest of a tour is only read.
func clone(tours []tour.Tour) []tour.Tour {
	out := slices.Clone(tours)
	for i := range out {
		out[i] = cloneTour(out[i])
	}
	return out
}

func cloneTour(t tour.Tour) tour.Tour {
	t.StartDates = slices.Clone(t.StartDates)
	return t
}
