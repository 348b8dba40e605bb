// Package giftcard sells gift cards and spends them: a card is bought through the
// payment provider, emailed to its recipient on the day the buyer chose, and pays part
// or all of a booking at checkout. Every movement of a card's money is one entry in its
// ledger, written once per idempotency key under the card's lock, and the balance never
// goes below zero. It knows nothing of HTTP or SQL.
package giftcard

import (
	"time"

	"tourbook/internal/fault"
)

// Status of a card.
type Status string

const (
	// Pending: bought, its checkout not paid yet; it cannot be spent.
	Pending Status = "pending"
	// Active: paid; spendable until it expires.
	Active Status = "active"
	// Void: voided by an admin; its balance is gone.
	Void Status = "void"
)

// Card is one gift card.
type Card struct {
	ID     string
	Code   string // the stored form (ParseCode), 16 symbols
	Status Status
	// Currency is ISO 4217, lower case; AmountMinor what it was bought for and
	// BalanceMinor what is left, in minor units.
	Currency     string
	AmountMinor  int64
	BalanceMinor int64
	// The buyer (BuyerID is "" for a visitor not signed in) and the recipient.
	BuyerID, BuyerName, BuyerEmail string
	RecipientName, RecipientEmail  string
	Message                        string
	// DeliverOn is the day the recipient gets the card (midnight UTC); DeliveredAt when
	// its email is due in the outbox, zero until it is queued (once paid).
	DeliverOn   time.Time
	DeliveredAt time.Time
	ExpiresAt   time.Time
	// The purchase's checkout at the provider and, once paid, its payment reference.
	Provider, CheckoutID, PaymentRef string
	CreatedAt, UpdatedAt             time.Time
}

// Kind of a ledger entry.
type Kind string

const (
	Purchase Kind = "purchase" // the card was paid: its amount
	Spend    Kind = "spend"    // a booking's checkout took money (negative)
	Release  Kind = "release"  // a hold lapsed unpaid: the spend given back
	Refund   Kind = "refund"   // a booking paid with the card was refunded to it
	Adjust   Kind = "adjust"   // an admin changed the balance, with a reason
	VoidKind Kind = "void"     // an admin voided the card: what was left (negative)
)

// Entry is one movement of a card's money.
type Entry struct {
	ID     string
	CardID string
	// Key makes the movement happen once ("spend:<booking>", "refund:<refund id>", …).
	Key  string
	Kind Kind
	// AmountMinor is signed: what the balance changed by; BalanceMinor what it left.
	AmountMinor  int64
	BalanceMinor int64
	BookingID    string // for spend, release and refund
	Reason       string // for adjust and void
	ActorID      string // who did it (an admin), "" for the site
	CreatedAt    time.Time
}

// ErrNotFound: no such card (and, for a code typed at checkout, said as a person reads it).
var ErrNotFound = fault.New(fault.NotFound, "gift card not found",
	"There is no gift card with that code. Please check the code on the card.")

// ErrEntryNotFound: no ledger entry with that key.
var ErrEntryNotFound = fault.New(fault.NotFound, "gift card entry not found", "There is no such gift card movement.")
