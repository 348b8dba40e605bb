package giftcard

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/mail"
	"strconv"
	"strings"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/fault"
	tbmail "tourbook/internal/mail"
	"tourbook/internal/money"
	"tourbook/internal/payment"
	"tourbook/internal/tour"
)

// SettingKey is the site setting the gift card settings are kept under (JSON Settings).
const SettingKey = "gift-cards"

// Settings are the operator's: the amounts offered, the bounds of an amount the buyer
// chooses (minor units of the site's currency), and how many months a card lasts.
type Settings struct {
	Amounts      []int64 `json:"amounts"`
	MinMinor     int64   `json:"minMinor"`
	MaxMinor     int64   `json:"maxMinor"`
	ExpiryMonths int     `json:"expiryMonths"`
}

// DefaultExpiryMonths: a card lasts three years unless the operator says otherwise.
const DefaultExpiryMonths = 36

// withDefaults fills what the operator left unset.
func (st Settings) withDefaults() Settings {
	if len(st.Amounts) == 0 {
		st.Amounts = []int64{5000, 10000, 20000}
	}
	if st.MinMinor <= 0 {
		st.MinMinor = 2500
	}
	if st.MaxMinor < st.MinMinor {
		st.MaxMinor = max(st.MinMinor, 100000)
	}
	if st.ExpiryMonths <= 0 {
		st.ExpiryMonths = DefaultExpiryMonths
	}
	return st
}

// Settings reads the operator's settings, with the defaults for what is unset.
func (s *Service) Settings(ctx context.Context) (Settings, error) {
	var st Settings
	raw, ok, err := s.store.Setting(ctx, SettingKey)
	if err != nil {
		return st, fmt.Errorf("gift card settings: %w", err)
	}
	if ok && raw != "" {
		if err := json.Unmarshal([]byte(raw), &st); err != nil {
			return st, fmt.Errorf("gift card settings: %w", err)
		}
	}
	return st.withDefaults(), nil
}

// Order is what a buyer asks for on /gift-cards.
type Order struct {
	// Amount is one of the listed amounts (a number, minor units) or one typed (text, in
	// the site's currency: "75" or "75.50").
	Amount         money.Amount `json:"amount"`
	RecipientName  string       `json:"recipientName"`
	RecipientEmail string       `json:"recipientEmail"`
	Message        string       `json:"message"`
	// DeliverOn is YYYY-MM-DD, "" for today.
	DeliverOn string `json:"deliverOn"`
	// BuyerName and BuyerEmail are a visitor's who is not signed in.
	BuyerName  string `json:"buyerName"`
	BuyerEmail string `json:"buyerEmail"`
}

// PurchaseReturnPath is where the provider sends the buyer back.
const PurchaseReturnPath = "/gift-cards/bought"

// Buy checks an order and opens the provider's checkout for it: a pending card, paid
// (and then active) when the provider says so. It returns the checkout's address.
func (s *Service) Buy(ctx context.Context, buyer account.User, o Order) (string, error) {
	st, err := s.Settings(ctx)
	if err != nil {
		return "", err
	}
	now := s.now()
	currency := strings.ToLower(s.currency(ctx))
	c, err := s.checkOrder(st, buyer, o, currency, now)
	if err != nil {
		return "", err
	}
	if err := s.store.CreateGiftCard(ctx, &c, now); err != nil {
		return "", err
	}
	co, err := s.provider.CreateCheckout(ctx, payment.CheckoutRequest{
		BookingID: "giftcard:" + c.ID, UserID: buyer.ID, CustomerEmail: c.BuyerEmail, TourName: "Gift card",
		Description: fmt.Sprintf("A gift card of %s for %s, delivered on %s", money.Format(c.AmountMinor, currency),
			c.RecipientName, c.DeliverOn.Format("2 January 2006")),
		UnitAmountMinor: c.AmountMinor, Quantity: 1, Currency: currency,
		SuccessURL: s.baseURL + PurchaseReturnPath + "?session_id=" + payment.PlaceholderCheckoutID,
		CancelURL:  s.baseURL + "/gift-cards?checkout=cancelled",
		ExpiresAt:  now.Add(30 * time.Minute),
	})
	if err != nil {
		return "", &fault.Error{Kind: fault.Upstream, Err: err,
			Message: "The payment provider could not be reached. Nothing was charged; please try again in a moment."}
	}
	c.Provider, c.CheckoutID, c.UpdatedAt = s.provider.Name(), co.ID, now
	if err := s.store.UpdateGiftCard(ctx, c); err != nil {
		return "", err
	}
	s.log.Info("gift card checkout started", "card_id", c.ID, "amount", c.AmountMinor, "currency", currency, "checkout_id", co.ID)
	return co.URL, nil
}

// checkOrder is the pending card an order asks for, or the reasons it cannot be.
func (s *Service) checkOrder(st Settings, buyer account.User, o Order, currency string, now time.Time) (Card, error) {
	var f fault.Fields
	amount, problem := o.Amount.Read("Amount", currency)
	listed := false
	for _, a := range st.Amounts {
		listed = listed || a == amount
	}
	switch {
	case problem != "":
		f.Add("amount", "%s", problem)
	case !listed && (amount < st.MinMinor || amount > st.MaxMinor):
		f.Add("amount", "Please choose an amount between %s and %s.", money.Format(st.MinMinor, currency), money.Format(st.MaxMinor, currency))
	}
	c := Card{Code: NewCode(), Status: Pending, Currency: currency, AmountMinor: amount,
		BuyerID: buyer.ID, BuyerName: strings.TrimSpace(o.BuyerName), BuyerEmail: strings.TrimSpace(o.BuyerEmail),
		RecipientName: strings.TrimSpace(o.RecipientName), RecipientEmail: strings.TrimSpace(o.RecipientEmail),
		Message: strings.TrimSpace(o.Message)}
	if buyer.ID != "" {
		c.BuyerName, c.BuyerEmail = buyer.Name, buyer.Email
	}
	if c.RecipientName == "" || len(c.RecipientName) > 100 {
		f.Add("recipientName", "Please give the recipient's name, in at most 100 characters.")
	}
	if !emailOK(c.RecipientEmail) {
		f.Add("recipientEmail", "Please give the recipient's email address, like name@example.com.")
	}
	if !emailOK(c.BuyerEmail) {
		f.Add("buyerEmail", "Please give your email address, like name@example.com, for your receipt.")
	}
	if len(c.Message) > 500 {
		f.Add("message", "Please keep the message to 500 characters.")
	}
	today := tour.Day(now)
	c.DeliverOn = today
	if o.DeliverOn != "" {
		d, err := time.Parse(time.DateOnly, o.DeliverOn)
		switch {
		case err != nil:
			f.Add("deliverOn", "Please give the delivery date as YYYY-MM-DD.")
		case d.Before(today):
			f.Add("deliverOn", "The delivery date cannot be in the past.")
		case d.After(today.AddDate(1, 0, 0)):
			f.Add("deliverOn", "The delivery date can be at most a year from today.")
		default:
			c.DeliverOn = d
		}
	}
	c.ExpiresAt = c.DeliverOn.AddDate(0, st.ExpiryMonths, 0)
	return c, f.Err()
}

func emailOK(s string) bool {
	a, err := mail.ParseAddress(s)
	return err == nil && a.Address == s && len(s) <= 254
}

// Links returns what the booking service calls with every paid checkout
// (booking.Links): a gift card's purchase is fulfilled here, anything else is passed to
// next (the payment links), when not nil.
func (s *Service) Links(next interface {
	FulfilLink(ctx context.Context, ev payment.Event) (bool, error)
}) *Links {
	return &Links{s: s, next: next}
}

// Links fulfils gift card purchases before the payment links.
type Links struct {
	s    *Service
	next interface {
		FulfilLink(ctx context.Context, ev payment.Event) (bool, error)
	}
}

// FulfilLink records a paid purchase (handled) or passes ev on.
func (l *Links) FulfilLink(ctx context.Context, ev payment.Event) (bool, error) {
	c, err := l.s.store.GiftCardByCheckout(ctx, l.s.provider.Name(), ev.CheckoutID)
	if errors.Is(err, ErrNotFound) {
		if l.next == nil {
			return false, nil
		}
		return l.next.FulfilLink(ctx, ev)
	}
	if err != nil {
		return true, err
	}
	_, err = l.s.fulfil(ctx, c, ev)
	return true, err
}

// fulfil makes a paid purchase's card active with its amount, exactly once, whichever
// of the webhook and the buyer's return comes first; the buyer's receipt and the
// recipient's card (due on its delivery day) go to the outbox in the same transaction.
func (s *Service) fulfil(ctx context.Context, c Card, ev payment.Event) (Card, error) {
	now := s.now()
	// Written before the transaction (rendering is slow), sent only if it makes the card
	// active: the receipt at once, the card on its delivery day (the outbox holds it
	// until then, and sends it whichever instance is up).
	var receipt, card *tbmail.Message
	if s.mailer != nil && c.Status == Pending {
		paid := c
		paid.Status, paid.PaymentRef, paid.BalanceMinor = Active, ev.PaymentRef, c.AmountMinor
		var err error
		if receipt, err = s.mailer.GiftCardReceipt(ctx, paid); err != nil {
			return c, err
		}
		if card, err = s.mailer.GiftCardDelivery(ctx, paid); err != nil {
			return c, err
		}
		card.NextAttemptAt = c.DeliverOn
	}
	changed := false
	err := s.inTx(ctx, func(tx Tx) error {
		locked, err := tx.LockGiftCard(ctx, c.ID)
		if err != nil {
			return err
		}
		c = locked
		if c.Status != Pending {
			return nil
		}
		if ev.AmountTotal != c.AmountMinor || !strings.EqualFold(ev.Currency, c.Currency) {
			s.log.Error("REFUND DUE: gift card payment does not match its amount", "card_id", c.ID, "checkout_id", ev.CheckoutID,
				"payment_ref", ev.PaymentRef, "expected_amount", c.AmountMinor, "got_amount", ev.AmountTotal, "got_currency", ev.Currency)
			return nil
		}
		c.Status, c.PaymentRef = Active, ev.PaymentRef
		if card != nil {
			c.DeliveredAt = c.DeliverOn // the day its email is due
		}
		if err := move(ctx, tx, c, Entry{Key: "purchase:" + c.ID, Kind: Purchase, AmountMinor: c.AmountMinor}, now); err != nil {
			return err
		}
		c.BalanceMinor, c.UpdatedAt = c.AmountMinor, now
		changed = true
		for _, m := range []*tbmail.Message{receipt, card} {
			if m == nil {
				continue
			}
			if _, err := tx.EnqueueEmail(ctx, m); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return c, fmt.Errorf("fulfil gift card %s: %w", c.ID, err)
	}
	if changed {
		s.queued()
		s.log.Info("gift card paid", "card_id", c.ID, "amount", c.AmountMinor, "currency", c.Currency, "payment_ref", ev.PaymentRef)
	}
	return c, nil
}

// ConfirmPurchase settles the checkout a buyer came back from (the webhook may not have
// arrived) and says what became of it.
func (s *Service) ConfirmPurchase(ctx context.Context, checkoutID string) (Card, string, error) {
	c, err := s.store.GiftCardByCheckout(ctx, s.provider.Name(), checkoutID)
	if err != nil {
		return Card{}, "", ErrNotFound
	}
	if c.Status == Pending {
		ev, err := s.provider.Checkout(ctx, checkoutID)
		if err == nil && ev.Paid {
			if c, err = s.fulfil(ctx, c, ev); err != nil {
				return Card{}, "", err
			}
		}
	}
	if c.Status != Active {
		return c, "Your payment is being processed. You will get an email as soon as it is confirmed.", nil
	}
	return c, fmt.Sprintf("Thank you! Your gift card of %s for %s is paid. We email it to %s on %s.",
		money.Format(c.AmountMinor, c.Currency), c.RecipientName, c.RecipientEmail, c.DeliverOn.Format("2 January 2006")), nil
}

// SettingsForm is the operator's gift card settings as typed on /admin/gift-cards: the
// amounts offered ("50, 100, 200"), the bounds of one the buyer types, in the site's
// currency, and the months a card lasts.
type SettingsForm struct {
	Amounts      string `json:"amounts"`
	Min          string `json:"min"`
	Max          string `json:"max"`
	ExpiryMonths string `json:"expiryMonths"`
}

// Form is st as the settings form shows it.
func (st Settings) Form(currency string) SettingsForm {
	amounts := make([]string, len(st.Amounts))
	for i, a := range st.Amounts {
		amounts[i] = money.Decimal(a, currency)
	}
	return SettingsForm{Amounts: strings.Join(amounts, ", "), Min: money.Decimal(st.MinMinor, currency),
		Max: money.Decimal(st.MaxMinor, currency), ExpiryMonths: strconv.Itoa(st.ExpiryMonths)}
}

// MaxExpiryMonths bounds how long a card may last (ten years).
const MaxExpiryMonths = 120

// SaveSettings checks and keeps an admin's gift card settings (in the audit log), and
// returns them as they are now kept.
func (s *Service) SaveSettings(ctx context.Context, actor account.User, in SettingsForm) (Settings, error) {
	if !account.CanAdminister(actor) {
		return Settings{}, forbidden
	}
	currency := strings.ToLower(s.currency(ctx))
	var f fault.Fields
	var st Settings
	for part := range strings.SplitSeq(in.Amounts, ",") {
		if strings.TrimSpace(part) == "" {
			continue
		}
		a, err := money.Parse(part, currency)
		if err != nil || a <= 0 {
			f.Add("amounts", "Please list the amounts offered as numbers separated by commas, like 50, 100, 200.")
			break
		}
		st.Amounts = append(st.Amounts, a)
	}
	if len(st.Amounts) == 0 && !f.Has("amounts") {
		f.Add("amounts", "Please list at least one amount to offer, like 50, 100, 200.")
	}
	if len(st.Amounts) > 8 {
		f.Add("amounts", "Please offer at most 8 amounts.")
	}
	var err error
	if st.MinMinor, err = money.Parse(in.Min, currency); err != nil || st.MinMinor <= 0 {
		f.Add("min", "%s", money.Explain("The smallest amount", orNotPositive(err)))
	}
	if st.MaxMinor, err = money.Parse(in.Max, currency); err != nil || st.MaxMinor <= 0 {
		f.Add("max", "%s", money.Explain("The largest amount", orNotPositive(err)))
	} else if !f.Has("min") && st.MaxMinor < st.MinMinor {
		f.Add("max", "The largest amount cannot be below the smallest.")
	}
	if st.ExpiryMonths, err = strconv.Atoi(strings.TrimSpace(in.ExpiryMonths)); err != nil || st.ExpiryMonths < 1 || st.ExpiryMonths > MaxExpiryMonths {
		f.Add("expiryMonths", "A card lasts a whole number of months, from 1 to %d.", MaxExpiryMonths)
	}
	if err := f.Err(); err != nil {
		return Settings{}, err
	}
	old, err := s.Settings(ctx)
	if err != nil {
		return Settings{}, err
	}
	value, err := json.Marshal(st)
	if err != nil {
		return Settings{}, err
	}
	e := audit.Entry{ActorID: actor.ID, ActorName: actor.Name, Action: "setting.update", ObjectType: "setting", ObjectID: SettingKey}
	e.Changes.Diff("amounts", old.Form(currency).Amounts, st.Form(currency).Amounts)
	e.Changes.Diff("min", old.MinMinor, st.MinMinor)
	e.Changes.Diff("max", old.MaxMinor, st.MaxMinor)
	e.Changes.Diff("expiryMonths", old.ExpiryMonths, st.ExpiryMonths)
	if err := s.store.SetSetting(ctx, SettingKey, string(value), s.now(), e); err != nil {
		return Settings{}, err
	}
	return st, nil
}

// orNotPositive is err, or money.ErrNotAmount for an amount that is zero or less.
func orNotPositive(err error) error {
	if err == nil {
		return money.ErrNotAmount
	}
	return err
}

// CurrencyOf is the currency cards are sold in now (the site's).
func (s *Service) CurrencyOf(ctx context.Context) string { return strings.ToLower(s.currency(ctx)) }
