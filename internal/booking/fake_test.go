package booking

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"sync"
	"time"

	"tourbook/internal/mail"
	"tourbook/internal/payment"
	"tourbook/internal/promotion"
	"tourbook/internal/receipt"
	"tourbook/internal/tour"
	"tourbook/internal/waitlist"
)

// fakeStore keeps tours and bookings in memory with the store contract's rules
// (docs/store-api.md): seats taken are Paid bookings plus unexpired holds.
type fakeStore struct {
	// Tx: the waiting list's primitives, never called without Options.Waitlist, and
	// receipts', never called without Options.Receipts.
	waitlist.Tx
	receiptTx
	// promotion.Tx: never called without Options.Promotions.
	promotionTx
	mu       sync.Mutex
	tours    map[string]tour.Tour
	bookings map[string]*Booking
	nextID   int
	fulfils  int // payments recorded
	emails   []mail.Message
	events   map[string][]time.Time // AddLoginFailure
	// txMu makes inTx's transactions one at a time, as the store's are on a booking.
	txMu sync.Mutex
}

// receiptTx names receipt.Tx apart from waitlist.Tx for embedding.
type receiptTx = receipt.Tx

// promotionTx names promotion.Tx apart for embedding.
type promotionTx = promotion.Tx

func newFakeStore(tours ...tour.Tour) *fakeStore {
	s := &fakeStore{tours: map[string]tour.Tour{}, bookings: map[string]*Booking{}}
	for _, t := range tours {
		s.tours[t.ID] = t
	}
	return s
}

// LockBooking is BookingByID: the fake's bookings change under its mutex only.
func (s *fakeStore) LockBooking(ctx context.Context, id string) (Booking, error) {
	return s.BookingByID(ctx, id)
}

// SetOfferCheckout: no offers in these tests.
func (s *fakeStore) SetOfferCheckout(context.Context, waitlist.OfferCheckout) error {
	return errors.New("no offers in the fake")
}

// SetBookingTerms: no offers, so no terms accepted apart from a hold, in these tests.
func (s *fakeStore) SetBookingTerms(context.Context, string, int, time.Time) error {
	return errors.New("no offers in the fake")
}

// inTx runs fn on the fake itself, one transaction at a time (Options.Tx); a failed one
// is not rolled back, which the service's tests do not need.
func (s *fakeStore) inTx(_ context.Context, fn func(tx Tx) error) error {
	s.txMu.Lock()
	defer s.txMu.Unlock()
	return fn(s)
}

func (s *fakeStore) taken(tourID string, date time.Time, now time.Time, except string) int {
	n := 0
	for _, b := range s.bookings {
		if b.ID != except && b.TourID == tourID && b.StartDate.Equal(date) && b.HoldsSeats(now) {
			n += b.Participants
		}
	}
	return n
}

func (s *fakeStore) TourByID(ctx context.Context, id string, now time.Time) (tour.Tour, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t, ok := s.tours[id]
	if !ok {
		return tour.Tour{}, fmt.Errorf("tour %q: %w", id, tour.ErrNotFound)
	}
	dates := make([]tour.StartDate, len(t.StartDates))
	for i, d := range t.StartDates {
		// Taken in the fixture stands for bookings made elsewhere.
		dates[i] = tour.StartDate{Date: d.Date, Taken: d.Taken + s.taken(t.ID, d.Date, now, "")}
	}
	t.StartDates = dates
	return t, nil
}

func (s *fakeStore) baseTaken(tourID string, date time.Time) int {
	for _, d := range s.tours[tourID].StartDates {
		if d.Date.Equal(date) {
			return d.Taken
		}
	}
	return 0
}

// capacity of the departure, as the real store reads it under its lock.
func (s *fakeStore) capacity(tourID string, date time.Time) int {
	t := s.tours[tourID]
	for _, d := range t.StartDates {
		if d.Date.Equal(date) {
			return t.CapacityOf(d)
		}
	}
	return 0
}

func (s *fakeStore) CreateHold(ctx context.Context, b *Booking, now time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	// As the store: the seats are the service's to check (Hold).
	s.nextID++
	b.ID = fmt.Sprintf("%024x", s.nextID)
	b.CreatedAt = now
	c := *b
	s.bookings[b.ID] = &c
	return nil
}

func (s *fakeStore) SetCheckout(ctx context.Context, bookingID, provider, checkoutID string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	b, ok := s.bookings[bookingID]
	if !ok {
		return ErrNotFound
	}
	b.Provider, b.CheckoutID = provider, checkoutID
	return nil
}

func (s *fakeStore) BookingByID(ctx context.Context, id string) (Booking, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	b, ok := s.bookings[id]
	if !ok {
		return Booking{}, ErrNotFound
	}
	return *b, nil
}

func (s *fakeStore) BookingByCheckout(ctx context.Context, provider, checkoutID string) (Booking, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, b := range s.bookings {
		if b.Provider == provider && b.CheckoutID == checkoutID && checkoutID != "" {
			return *b, nil
		}
	}
	return Booking{}, ErrNotFound
}

func (s *fakeStore) CancelBooking(ctx context.Context, id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	b, ok := s.bookings[id]
	if !ok {
		return ErrNotFound
	}
	if b.Status == Pending {
		b.Status = Cancelled
	}
	return nil
}

func (s *fakeStore) ReleaseHolds(ctx context.Context, userID, tourID string) ([]Booking, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var released []Booking
	for _, b := range s.bookings {
		if b.UserID == userID && b.TourID == tourID && b.Status == Pending {
			b.Status = Cancelled
			released = append(released, *b)
		}
	}
	return released, nil
}

func (s *fakeStore) OpenHolds(ctx context.Context, userID string, now time.Time) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, b := range s.bookings {
		if b.UserID == userID && b.Status == Pending && now.Before(b.HoldUntil) {
			n++
		}
	}
	return n, nil
}

func (s *fakeStore) RecordPayment(ctx context.Context, b Booking) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	stored, ok := s.bookings[b.ID]
	if !ok {
		return ErrNotFound
	}
	stored.Status, stored.PaymentRef, stored.PaidAt, stored.AmountMinor, stored.Currency, stored.PaidMinor =
		b.Status, b.PaymentRef, b.PaidAt, b.AmountMinor, b.Currency, b.PaidMinor
	s.fulfils++
	return nil
}

func (s *fakeStore) LockDeparture(ctx context.Context, tourID string, date time.Time) (tour.StartDate, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.capacity(tourID, date)
	if c == 0 {
		return tour.StartDate{}, tour.ErrNotFound
	}
	return tour.StartDate{Date: date, Capacity: c}, nil
}

func (s *fakeStore) SeatsTaken(ctx context.Context, tourID string, date, now time.Time) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.baseTaken(tourID, date) + s.taken(tourID, date, now, ""), nil
}

func (s *fakeStore) IssueTicket(context.Context, string, time.Time) error { return nil }
func (s *fakeStore) BookOffer(context.Context, string) error              { return nil }

func (s *fakeStore) EnqueueEmail(_ context.Context, m *mail.Message) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.emails = append(s.emails, *m)
	return true, nil
}

func (s *fakeStore) ExpireHolds(ctx context.Context, now time.Time) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, b := range s.bookings {
		if b.Status == Pending && !now.Before(b.HoldUntil) {
			b.Status = Cancelled
			n++
		}
	}
	return n, nil
}

func (s *fakeStore) all() []Booking {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Booking
	for _, b := range s.bookings {
		out = append(out, *b)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// fakeProvider is a payment provider whose checkouts the test pays by hand. Its
// webhooks are the Event as JSON, "signed" by a header the test sets.
type fakeProvider struct {
	mu        sync.Mutex
	requests  []payment.CheckoutRequest
	createErr error
	lookupErr error
	events    map[string]payment.Event // by checkout id
	expired   []string                 // checkouts closed (ExpireCheckout)
}

func newFakeProvider() *fakeProvider { return &fakeProvider{events: map[string]payment.Event{}} }

func (p *fakeProvider) Name() string { return "fake" }

func (p *fakeProvider) Refund(context.Context, payment.RefundRequest) (string, error) {
	return "", errors.New("the booking service does not refund")
}

func (p *fakeProvider) CreateCheckout(ctx context.Context, req payment.CheckoutRequest) (payment.Checkout, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.requests = append(p.requests, req)
	if p.createErr != nil {
		return payment.Checkout{}, p.createErr
	}
	id := fmt.Sprintf("cs_fake_%d", len(p.requests))
	p.events[id] = payment.Event{Type: payment.EventCheckoutLookup, CheckoutID: id, BookingID: req.BookingID,
		AmountTotal: req.TotalMinor(), Currency: req.Currency, URL: "https://pay.example/" + id}
	return payment.Checkout{ID: id, URL: "https://pay.example/" + id}, nil
}

// pay marks a checkout paid, as the customer paying on the hosted page would, and
// returns the webhook the provider would send.
func (p *fakeProvider) pay(id string) (payload []byte, h http.Header) {
	p.mu.Lock()
	defer p.mu.Unlock()
	ev := p.events[id]
	ev.Paid, ev.PaymentRef = true, "pi_"+id
	p.events[id] = ev
	ev.Type = payment.EventCheckoutCompleted
	payload, _ = json.Marshal(ev)
	return payload, http.Header{"Fake-Signature": {"valid"}}
}

func (p *fakeProvider) ParseWebhook(payload []byte, h http.Header) (payment.Event, error) {
	if h.Get("Fake-Signature") != "valid" {
		return payment.Event{}, payment.ErrBadSignature
	}
	var ev payment.Event
	err := json.Unmarshal(payload, &ev)
	return ev, err
}

func (p *fakeProvider) Checkout(ctx context.Context, id string) (payment.Event, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.lookupErr != nil {
		return payment.Event{}, p.lookupErr
	}
	ev, ok := p.events[id]
	if !ok {
		return payment.Event{}, payment.ErrNotFound
	}
	return ev, nil
}

func (p *fakeProvider) ExpireCheckout(ctx context.Context, id string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.expired = append(p.expired, id)
	return nil
}

func (p *fakeProvider) lastRequest() payment.CheckoutRequest {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.requests[len(p.requests)-1]
}

func (s *fakeStore) LastHold(ctx context.Context, userID, tourID string, date time.Time) (Booking, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var last *Booking
	for _, b := range s.bookings {
		if b.UserID == userID && b.TourID == tourID && b.StartDate.Equal(date) && (b.Status == Pending || b.Status == Cancelled) && b.CheckoutID != "" &&
			(last == nil || b.HoldUntil.After(last.HoldUntil)) {
			last = b
		}
	}
	if last == nil {
		return Booking{}, ErrNotFound
	}
	return *last, nil
}

func (s *fakeStore) CheckoutsSince(ctx context.Context, userID string, since time.Time) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, b := range s.bookings {
		if b.UserID == userID && !b.CreatedAt.Before(since) {
			n++
		}
	}
	return n, nil
}

func (s *fakeStore) HeldSeats(ctx context.Context, userID string, now time.Time) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, b := range s.bookings {
		if b.UserID == userID && b.Status == Pending && now.Before(b.HoldUntil) {
			n += b.Participants
		}
	}
	return n, nil
}

func (s *fakeStore) AddLoginFailure(ctx context.Context, key string, at time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.events == nil {
		s.events = map[string][]time.Time{}
	}
	s.events[key] = append(s.events[key], at)
	return nil
}

func (s *fakeStore) CountLoginFailures(ctx context.Context, key string, since time.Time) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, at := range s.events[key] {
		if !at.Before(since) {
			n++
		}
	}
	return n, nil
}

func (s *fakeStore) RemoveLoginFailure(ctx context.Context, key string, at time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, t := range s.events[key] {
		if t.Equal(at) {
			s.events[key] = append(s.events[key][:i:i], s.events[key][i+1:]...)
			break
		}
	}
	return nil
}

func (s *fakeStore) DueHolds(ctx context.Context, now time.Time) ([]Booking, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var due []Booking
	for _, b := range s.bookings {
		if b.Status == Pending && !now.Before(b.HoldUntil) && b.CheckoutID != "" {
			due = append(due, *b)
		}
	}
	return due, nil
}

// ExtrasHeld adds up the extras of the bookings holding seats, as the store does.
func (s *fakeStore) ExtrasHeld(_ context.Context, tourID string, date, now time.Time) (map[string]int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	held := map[string]int{}
	for _, b := range s.bookings {
		if b.TourID == tourID && b.StartDate.Equal(date) && b.HoldsSeats(now) {
			for _, e := range b.Extras {
				held[e.ExtraID] += e.Quantity
			}
		}
	}
	return held, nil
}

// GiftCardSpent: the fake's bookings are never paid by gift card.
func (s *fakeStore) GiftCardSpent(context.Context, string) (string, int64, error) { return "", 0, nil }
