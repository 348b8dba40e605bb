package payment

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// SandboxCheckout is one sandbox checkout session as its storage keeps it.
type SandboxCheckout struct {
	ID        string
	Request   CheckoutRequest
	FormToken string // proves a pay form came from the checkout's own page
	CreatedAt time.Time
	// PaymentRef is the payment's reference once paid, "" before.
	PaymentRef string
	PaidAt     time.Time
	// ExpiredAt is when the checkout was closed unpaid because its seat hold was
	// released (Sandbox.ExpireCheckout); zero while open.
	ExpiredAt time.Time
}

// Expired reports whether the checkout was closed unpaid.
func (c SandboxCheckout) Expired() bool { return !c.ExpiredAt.IsZero() && !c.Paid() }

// Paid reports whether the checkout has been paid.
func (c SandboxCheckout) Paid() bool { return c.PaymentRef != "" }

func (c SandboxCheckout) amount() int64 { return c.Request.TotalMinor() }

// SandboxStore keeps the sandbox's checkouts and refunds. The site gives one backed by
// its database, so that a checkout opened on one instance can be paid on another and an
// open checkout page outlives a restart.
type SandboxStore interface {
	// CreateSandboxCheckout stores a new, unpaid checkout.
	CreateSandboxCheckout(ctx context.Context, c SandboxCheckout) error
	// SandboxCheckout returns a checkout, or an error wrapping ErrNotFound.
	SandboxCheckout(ctx context.Context, id string) (SandboxCheckout, error)
	// PaySandboxCheckout records paymentRef and paidAt on an unpaid, open checkout and
	// returns it with first true; on a checkout already paid or expired it changes
	// nothing and returns it as stored with first false, so a payment happens once however
	// many instances are asked, and never after the checkout expired. ErrNotFound for an
	// unknown id.
	PaySandboxCheckout(ctx context.Context, id, paymentRef string, paidAt time.Time) (c SandboxCheckout, first bool, err error)
	// ExpireSandboxCheckout sets ExpiredAt to at on an unpaid checkout not expired yet,
	// and returns the checkout as stored (paid, when its payment came first).
	// ErrNotFound for an unknown id.
	ExpireSandboxCheckout(ctx context.Context, id string, at time.Time) (SandboxCheckout, error)
	// PurgeSandboxCheckouts forgets checkouts whose expiry is before before.
	PurgeSandboxCheckouts(ctx context.Context, before time.Time) (int, error)
	// SandboxRefund records a refund under its idempotency key and returns its id:
	// refundID when the key is new, the id first recorded under the key otherwise.
	SandboxRefund(ctx context.Context, req RefundRequest, refundID string, at time.Time) (string, error)
}

// memorySandboxStore keeps the sandbox's state in this process: enough for the
// package's own tests and a program without a database, never for several instances.
type memorySandboxStore struct {
	mu        sync.Mutex
	checkouts map[string]SandboxCheckout
	refunds   map[string]string // idempotency key → refund id
}

func newMemorySandboxStore() *memorySandboxStore {
	return &memorySandboxStore{checkouts: map[string]SandboxCheckout{}, refunds: map[string]string{}}
}

func (m *memorySandboxStore) CreateSandboxCheckout(_ context.Context, c SandboxCheckout) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.checkouts[c.ID]; ok {
		return fmt.Errorf("sandbox checkout %q exists", c.ID)
	}
	m.checkouts[c.ID] = c
	return nil
}

func (m *memorySandboxStore) SandboxCheckout(_ context.Context, id string) (SandboxCheckout, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	c, ok := m.checkouts[id]
	if !ok {
		return c, fmt.Errorf("sandbox checkout %q: %w", id, ErrNotFound)
	}
	return c, nil
}

func (m *memorySandboxStore) PaySandboxCheckout(_ context.Context, id, paymentRef string, paidAt time.Time) (SandboxCheckout, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	c, ok := m.checkouts[id]
	if !ok {
		return c, false, fmt.Errorf("sandbox checkout %q: %w", id, ErrNotFound)
	}
	if c.Paid() || c.Expired() {
		return c, false, nil
	}
	c.PaymentRef, c.PaidAt = paymentRef, paidAt
	m.checkouts[id] = c
	return c, true, nil
}

func (m *memorySandboxStore) ExpireSandboxCheckout(_ context.Context, id string, at time.Time) (SandboxCheckout, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	c, ok := m.checkouts[id]
	if !ok {
		return c, fmt.Errorf("sandbox checkout %q: %w", id, ErrNotFound)
	}
	if !c.Paid() && c.ExpiredAt.IsZero() {
		c.ExpiredAt = at
		m.checkouts[id] = c
	}
	return c, nil
}

func (m *memorySandboxStore) PurgeSandboxCheckouts(_ context.Context, before time.Time) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := 0
	for id, c := range m.checkouts {
		if c.Request.ExpiresAt.Before(before) {
			delete(m.checkouts, id)
			n++
		}
	}
	return n, nil
}

func (m *memorySandboxStore) SandboxRefund(_ context.Context, req RefundRequest, refundID string, _ time.Time) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if id, ok := m.refunds[req.Key]; ok {
		return id, nil
	}
	m.refunds[req.Key] = refundID
	return refundID, nil
}
