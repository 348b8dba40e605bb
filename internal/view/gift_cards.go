package view

import (
	"strconv"
	"time"

	"tourbook/internal/giftcard"
	"tourbook/internal/money"
)

// GiftCardAmount is one amount the buyer can choose.
type GiftCardAmount struct {
	Minor int64  `json:"minor"`
	Label string `json:"label"` // "$50.00"
}

// GiftCardsProps are the props of /gift-cards: the amounts offered, the bounds of one the
// buyer types, and the first and last delivery days.
type GiftCardsProps struct {
	Amounts  []GiftCardAmount `json:"amounts"`
	Currency string           `json:"currency"`
	MinMinor int64            `json:"minMinor"`
	MaxMinor int64            `json:"maxMinor"`
	// "$25.00 to $1,000.00"
	Bounds string `json:"bounds"`
	// YYYY-MM-DD: today and a year from today.
	Today   string `json:"today"`
	LastDay string `json:"lastDay"`
	// "3 years": how long a card lasts from its delivery.
	Valid string `json:"valid"`
	// Notice is what became of a purchase the buyer came back from; "" otherwise.
	Notice string `json:"notice"`
}

// NewGiftCardsProps are /gift-cards' props for the operator's settings in currency.
func NewGiftCardsProps(st giftcard.Settings, currency string, today time.Time) GiftCardsProps {
	p := GiftCardsProps{Currency: currency, MinMinor: st.MinMinor, MaxMinor: st.MaxMinor,
		Bounds: money.Format(st.MinMinor, currency) + " to " + money.Format(st.MaxMinor, currency),
		Today:  today.Format(time.DateOnly), LastDay: today.AddDate(1, 0, 0).Format(time.DateOnly),
		Valid:   validFor(st.ExpiryMonths),
		Amounts: []GiftCardAmount{}}
	for _, a := range st.Amounts {
		p.Amounts = append(p.Amounts, GiftCardAmount{Minor: a, Label: money.Format(a, currency)})
	}
	return p
}

func validFor(months int) string {
	switch {
	case months%12 == 0 && months == 12:
		return "1 year"
	case months%12 == 0:
		return strconv.Itoa(months/12) + " years"
	case months == 1:
		return "1 month"
	}
	return strconv.Itoa(months) + " months"
}

// GiftCardRow is one card in /admin/gift-cards.
type GiftCardRow struct {
	ID             string `json:"id"`
	Code           string `json:"code"` // "7KQ4-M2XW-9D3F-HT6R"
	Status         string `json:"status"`
	Amount         string `json:"amount"`
	Balance        string `json:"balance"`
	BalanceMinor   int64  `json:"balanceMinor"`
	Currency       string `json:"currency"`
	RecipientName  string `json:"recipientName"`
	RecipientEmail string `json:"recipientEmail"`
	BuyerName      string `json:"buyerName"`
	BuyerEmail     string `json:"buyerEmail"`
	DeliverOn      string `json:"deliverOn"`
	// Delivered: its email is due (sent, or being sent, by the outbox).
	Delivered bool   `json:"delivered"`
	Expires   string `json:"expires"`
	Expired   bool   `json:"expired"`
	Message   string `json:"message"`
}

// NewGiftCardRow is c as the back office shows it at now.
func NewGiftCardRow(c giftcard.Card, now time.Time) GiftCardRow {
	return GiftCardRow{ID: c.ID, Code: giftcard.Format(c.Code), Status: string(c.Status),
		Amount: money.Format(c.AmountMinor, c.Currency), Balance: money.Format(c.BalanceMinor, c.Currency),
		BalanceMinor: c.BalanceMinor, Currency: c.Currency, RecipientName: c.RecipientName, RecipientEmail: c.RecipientEmail,
		BuyerName: c.BuyerName, BuyerEmail: c.BuyerEmail, DeliverOn: c.DeliverOn.Format("2 Jan 2006"),
		Delivered: !c.DeliveredAt.IsZero() && !now.Before(c.DeliveredAt), Expires: c.ExpiresAt.Format("2 Jan 2006"), Expired: !now.Before(c.ExpiresAt),
		Message: c.Message}
}

// AdminGiftCardsProps are the props of /admin/gift-cards?q= (admins): the cards found
// and the operator's gift card settings.
type AdminGiftCardsProps struct {
	Query    string           `json:"query"`
	Cards    []GiftCardRow    `json:"cards"`
	Settings GiftCardSettings `json:"settings"`
}

// GiftCardSettings is the settings form as typed (giftcard.SettingsForm), in Currency.
type GiftCardSettings struct {
	Amounts      string `json:"amounts"` // "50.00, 100.00, 200.00"
	Min          string `json:"min"`
	Max          string `json:"max"`
	ExpiryMonths string `json:"expiryMonths"`
	Currency     string `json:"currency"`
}

// NewGiftCardSettings is st as its form shows it.
func NewGiftCardSettings(st giftcard.Settings, currency string) GiftCardSettings {
	f := st.Form(currency)
	return GiftCardSettings{Amounts: f.Amounts, Min: f.Min, Max: f.Max, ExpiryMonths: f.ExpiryMonths, Currency: currency}
}

// NewAdminGiftCardsProps lists cards found for q, with the settings.
func NewAdminGiftCardsProps(q string, cards []giftcard.Card, st giftcard.Settings, currency string, now time.Time) AdminGiftCardsProps {
	p := AdminGiftCardsProps{Query: q, Cards: make([]GiftCardRow, 0, len(cards)), Settings: NewGiftCardSettings(st, currency)}
	for _, c := range cards {
		p.Cards = append(p.Cards, NewGiftCardRow(c, now))
	}
	return p
}

// GiftCardEntryRow is one movement in a card's history.
type GiftCardEntryRow struct {
	ID      string `json:"id"`
	At      string `json:"at"`
	Kind    string `json:"kind"` // "Purchase", "Spent on a booking", …
	Amount  string `json:"amount"`
	Balance string `json:"balance"`
	// BookingID links the booking it paid; Reason is an admin's.
	BookingID string `json:"bookingId"`
	Reason    string `json:"reason"`
}

var entryKinds = map[giftcard.Kind]string{giftcard.Purchase: "Bought", giftcard.Spend: "Spent on a booking",
	giftcard.Release: "Given back (checkout not paid)", giftcard.Refund: "Refunded to the card",
	giftcard.Adjust: "Adjusted", giftcard.VoidKind: "Voided"}

// AdminGiftCardProps are the props of /admin/gift-cards/{id} (admins): the card and its
// history, newest first.
type AdminGiftCardProps struct {
	Card    GiftCardRow        `json:"card"`
	Entries []GiftCardEntryRow `json:"entries"`
}

// NewAdminGiftCardProps is a card with its ledger (oldest first, as the store reads it).
func NewAdminGiftCardProps(c giftcard.Card, entries []giftcard.Entry, now time.Time, zone *time.Location) AdminGiftCardProps {
	p := AdminGiftCardProps{Card: NewGiftCardRow(c, now), Entries: make([]GiftCardEntryRow, 0, len(entries))}
	for i := len(entries) - 1; i >= 0; i-- {
		e := entries[i]
		amount := money.Format(e.AmountMinor, c.Currency)
		if e.AmountMinor > 0 {
			amount = "+" + amount
		}
		p.Entries = append(p.Entries, GiftCardEntryRow{ID: e.ID, At: e.CreatedAt.In(zone).Format("2 Jan 2006 15:04"),
			Kind: entryKinds[e.Kind], Amount: amount, Balance: money.Format(e.BalanceMinor, c.Currency),
			BookingID: e.BookingID, Reason: e.Reason})
	}
	return p
}
