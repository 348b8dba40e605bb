package giftcard

import (
	"context"
	"errors"
	"strings"

	"tourbook/internal/account"
	"tourbook/internal/fault"
	"tourbook/internal/money"
)

// forbidden: the back office's gift cards are the admins'.
var forbidden = &fault.Error{Kind: fault.Forbidden, Message: "Only administrators can see and change gift cards."}

// SearchLimit is how many cards a search lists.
const SearchLimit = 100

// Search lists the cards an admin looks for: by code (as typed, dashes or not) or by
// part of the buyer's or recipient's email; "" lists the newest.
func (s *Service) Search(ctx context.Context, actor account.User, q string) ([]Card, error) {
	if !account.CanAdminister(actor) {
		return nil, forbidden
	}
	q = strings.TrimSpace(q)
	if len(q) > 200 {
		q = q[:200]
	}
	if code, err := ParseCode(q); err == nil {
		q = code
	}
	return s.store.SearchGiftCards(ctx, q, SearchLimit)
}

// Card is one card and its ledger, oldest movement first, for an admin.
func (s *Service) Card(ctx context.Context, actor account.User, id string) (Card, []Entry, error) {
	if !account.CanAdminister(actor) {
		return Card{}, nil, forbidden
	}
	c, err := s.store.GiftCardByID(ctx, id)
	if errors.Is(err, ErrNotFound) || (err == nil && c.Status == Pending) {
		return Card{}, nil, &fault.Error{Kind: fault.NotFound, Message: "There is no such gift card.", Err: err}
	}
	if err != nil {
		return Card{}, nil, err
	}
	entries, err := s.store.GiftCardEntries(ctx, id)
	return c, entries, err
}

// AdjustTyped is Adjust with the amount as the admin typed it, in the card's currency.
func (s *Service) AdjustTyped(ctx context.Context, actor account.User, id string, amount money.Amount, reason, key string) (Card, error) {
	if !account.CanAdminister(actor) {
		return Card{}, forbidden
	}
	c, err := s.store.GiftCardByID(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return Card{}, &fault.Error{Kind: fault.NotFound, Message: "There is no such gift card.", Err: err}
	}
	if err != nil {
		return Card{}, err
	}
	minor, problem := amount.Read("Amount", c.Currency)
	if problem != "" {
		return Card{}, fault.FieldError("amount", problem)
	}
	return s.Adjust(ctx, actor, id, minor, reason, key)
}
