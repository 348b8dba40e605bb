package backoffice

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"tourbook/internal/account"
	"tourbook/internal/booking"
	"tourbook/internal/catalog"
	"tourbook/internal/fault"
	"tourbook/internal/format"
	"tourbook/internal/mail"
	"tourbook/internal/money"
	"tourbook/internal/plaintext"
	"tourbook/internal/tour"
)

// How an operator's booking is paid (WalkIn.Payment).
const (
	// PayReceived: the money was received (cash or a bank transfer): the booking is paid.
	PayReceived = "received"
	// PayLater: the customer pays by a date; the booking holds its seats, awaiting payment.
	PayLater = "later"
	// PayByLink: the customer gets a payment link by email; awaiting payment until paid.
	PayByLink = "link"
)

// Limits of an operator's booking's free texts.
const (
	maxNotes     = 2000
	maxPriceNote = 500
	maxReference = 200
)

// Mailer writes the confirmation of a booking an operator took, to customer: the same
// email and calendar file as an online booking's, with the amount due and the date to
// pay by when it awaits payment (*emails.Bookings).
type Mailer interface {
	OfficeConfirmation(ctx context.Context, b booking.Booking, customer account.User) (*mail.Message, error)
}

// PaymentLinks sends the customer of an awaiting-payment booking a link to pay it by
// email (the payment links' service, wired in internal/app); without one, "Send a
// payment link" is refused.
type PaymentLinks interface {
	SendPaymentLink(ctx context.Context, actor account.User, bookingID string) error
}

// errNoPaymentLinks refuses a payment link while the site cannot send one.
var errNoPaymentLinks = fault.New(fault.Conflict, "payment links not wired",
	"Payment links cannot be sent yet. Choose “Cash or transfer received” or “Pay later by a date”.")

// FieldErrors is what is wrong with a form, each field's message by the field's key (as
// the request names it: "email", "travellers.1"), all at once; Message sums them up.
type FieldErrors struct {
	keys     []string
	messages map[string]string
	kind     fault.Kind // Invalid unless set (no seats: Conflict)
	cause    error
}

// seatsError refuses n travellers on a departure without the seats for them, as a
// message about the number of travellers.
func seatsError(n int) *FieldErrors {
	f := &FieldErrors{kind: fault.Conflict, cause: booking.ErrNoSeats}
	f.add("participants", "%s", noSeatsFor(n))
	return f
}

func (f *FieldErrors) Unwrap() error { return f.cause }

// add notes a message about the field key; only the first about a field is kept.
func (f *FieldErrors) add(key, format string, args ...any) {
	if _, ok := f.messages[key]; ok {
		return
	}
	if f.messages == nil {
		f.messages = map[string]string{}
	}
	f.keys = append(f.keys, key)
	f.messages[key] = fmt.Sprintf(format, args...)
}

func (f *FieldErrors) has(key string) bool {
	_, ok := f.messages[key]
	return ok
}

// err is nil when every field is fine.
func (f *FieldErrors) err() error {
	if len(f.keys) == 0 {
		return nil
	}
	return f
}

func (f *FieldErrors) Error() string { return "invalid fields: " + strings.Join(f.keys, ", ") }

// FaultKind is Invalid (the person can correct the form), or Conflict for no seats.
func (f *FieldErrors) FaultKind() fault.Kind {
	if f.kind == fault.Internal {
		return fault.Invalid
	}
	return f.kind
}

// PublicMessage is the first field's message, or how many fields need correcting.
func (f *FieldErrors) PublicMessage() string {
	if len(f.keys) == 1 {
		return f.messages[f.keys[0]]
	}
	msgs := make([]string, len(f.keys))
	for i, k := range f.keys {
		msgs[i] = f.messages[k]
	}
	return fmt.Sprintf("Please correct %d fields: %s", len(msgs), strings.Join(msgs, " "))
}

// FieldMessages is each field's message by key.
func (f *FieldErrors) FieldMessages() map[string]string {
	out := make(map[string]string, len(f.messages))
	for k, v := range f.messages {
		out[k] = v
	}
	return out
}

// officeBooking is a WalkIn checked: the booking to write with what goes with it.
type officeBooking struct {
	tour     tour.Tour
	dep      tour.StartDate
	email    string
	name     string
	booking  booking.Booking
	record   NewBookingRecord
	confirm  bool
	sendLink bool
}

// check reads in against the tour and departure at now, every field at once
// (*FieldErrors), or says the departure cannot be booked. The seats are counted later,
// under the departure's lock.
func (s *Service) check(ctx context.Context, actor account.User, tourID, date string, in WalkIn, now time.Time) (officeBooking, error) {
	var f FieldErrors
	var ob officeBooking
	t, dep, err := s.departure(ctx, tourID, date)
	switch {
	case err == nil:
		ob.tour, ob.dep = t, dep
	case errors.Is(err, tour.ErrNotFound) && tourID == "":
		f.add("tourId", "Please choose a tour.")
	case errors.Is(err, tour.ErrNotFound):
		if _, terr := s.store.TourByIDAnyStatus(ctx, tourID, now); terr != nil {
			f.add("tourId", "This tour does not exist. Please choose a tour from the list.")
		} else if date == "" {
			f.add("date", "Please choose a departure.")
		} else {
			f.add("date", "This tour has no departure on %s. Please choose one from the list.", date)
		}
	default:
		return ob, err
	}
	known := err == nil
	if known && t.Status == tour.Archived {
		f.add("tourId", "This tour is archived: it takes no more bookings.")
	}
	if known && dep.Cancelled() {
		f.add("date", "This departure is cancelled. Please choose another one.")
	}
	if known && t.Started(dep, now) {
		f.add("date", "This departure has already started. Please choose a later one.")
	}

	// The customer.
	if ob.email, err = account.ValidateEmail(in.Email); err != nil {
		if strings.TrimSpace(in.Email) == "" {
			f.add("email", "Please enter the customer's email address.")
		} else {
			f.add("email", "The customer's email address does not look right, e.g. name@example.com.")
		}
	}
	ob.name = strings.TrimSpace(in.Name)
	if ob.name == "" {
		f.add("name", "Please enter the customer's name.")
	} else if _, err := account.ValidateName(ob.name); err != nil {
		f.add("name", "The customer's name must be at most %d characters, without control characters.", account.MaxNameLen)
	}
	phone := strings.TrimSpace(in.Phone)
	if phone != "" && !plaintext.IsPhone(phone) {
		f.add("phone", "The phone number does not look right: %s.", plaintext.PhoneHint)
	}

	// The travellers.
	switch {
	case in.Participants < 1:
		f.add("participants", "Please enter how many travellers there are (at least 1).")
	case known && in.Participants > t.MaxGroupSize:
		f.add("participants", "This tour takes at most %d travellers in one booking.", t.MaxGroupSize)
	}
	travellers := in.Travellers
	if travellers != nil && in.Participants >= 1 && len(travellers) != in.Participants {
		f.add("travellers", "Please give a name for each of the %d travellers.", in.Participants)
	}
	names := make([]string, 0, max(1, len(travellers)))
	for i, n := range travellers {
		n = strings.TrimSpace(n)
		if i == 0 && n == "" {
			n = ob.name // the lead is the customer unless the operator says otherwise
		}
		switch {
		case n == "":
			f.add(fmt.Sprintf("travellers.%d", i), "Please enter the name of traveller %d.", i+1)
		case utf8.RuneCountInString(n) > account.MaxNameLen || plaintext.HasHiddenControl(n, false):
			f.add(fmt.Sprintf("travellers.%d", i), "The name of traveller %d must be at most %d characters.", i+1, account.MaxNameLen)
		}
		names = append(names, n)
	}
	if travellers == nil && ob.name != "" {
		names = append(names, ob.name) // a walk-in without names: the lead's alone
	}

	// The price: the form books N travellers of the tour's first price category that
	// takes a seat (issue #23), at the departure's own price when it has one.
	var price, list int64
	var first tour.PriceCategory
	if known {
		first = t.SeatCategory()
	}
	currency := strings.ToLower(t.Currency)
	// The amounts as typed, read by the site's rules in the tour's currency.
	override, overridden := amountField(&f, "priceMinor", "Total price", in.PriceMinor, currency)
	discount, _ := amountField(&f, "discountMinor", "Discount", in.DiscountMinor, currency)
	if known && in.Participants >= 1 && !f.has("priceMinor") && !f.has("discountMinor") {
		list = t.PriceOn(dep, first) * int64(in.Participants)
		price = list
		discounts := 0
		if overridden {
			discounts++
		}
		if discount != 0 {
			discounts++
		}
		if in.DiscountPercent != 0 {
			discounts++
		}
		switch {
		case discounts > 1:
			f.add("discount", "Please give either a new price or a discount, not both.")
		case overridden && override < 0:
			f.add("priceMinor", "The price cannot be below zero.")
		case overridden:
			price = override
		case discount < 0:
			f.add("discountMinor", "The discount cannot be below zero.")
		case discount > list:
			f.add("discountMinor", "The discount (%s) is more than the price (%s).", money.Format(discount, currency), money.Format(list, currency))
		case discount > 0:
			price = list - discount
		case in.DiscountPercent < 0 || in.DiscountPercent > 100:
			f.add("discountPercent", "The discount must be between 0 and 100 percent.")
		case in.DiscountPercent > 0:
			price = list - (list*int64(in.DiscountPercent)+50)/100
		}
	}
	priceNote := strings.TrimSpace(in.PriceNote)
	if known && price != list && priceNote == "" && !f.has("discount") {
		f.add("priceNote", "Please say why the price differs from the tour's price of %s.", money.Format(list, currency))
	}
	if utf8.RuneCountInString(priceNote) > maxPriceNote {
		f.add("priceNote", "The reason for the price must be at most %d characters.", maxPriceNote)
	}
	notes := strings.TrimSpace(in.Notes)
	if utf8.RuneCountInString(notes) > maxNotes || plaintext.HasHiddenControl(notes, true) {
		f.add("notes", "The notes must be at most %d characters.", maxNotes)
	}

	// How it is paid.
	y, m, d := now.In(t.Zone()).Date() // today where the tour is
	today := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	b := booking.Booking{TourID: t.ID, StartDate: dep.Date, Participants: in.Participants, AmountMinor: price,
		Currency: currency, Policy: t.Policy, ContactPhone: phone, Notes: notes, PriceNote: priceNote}
	if known && in.Participants >= 1 {
		// Every traveller the operator books takes a seat (Participants counts them),
		// at the category's price; a price agreed apart is the booking's total.
		b.Units = []booking.Unit{{CategoryID: first.ID, Name: first.Name, Count: in.Participants,
			PriceMinor: t.PriceOn(dep, first), TakesSeat: true}}
	}
	method := booking.Source(in.PaymentMethod)
	payment := in.Payment
	switch {
	case payment == "" && in.AwaitingPayment:
		payment = PayLater // the walk-in form's "awaiting payment", which named no day
	case payment == "":
		payment = PayReceived // the walk-in call before the choice existed
	}
	switch payment {
	case PayReceived:
		if !method.Valid() || method == booking.Online {
			f.add("paymentMethod", "Please choose how the booking was paid: cash or bank transfer.")
		}
		received := today
		if in.ReceivedOn != "" {
			d, err := time.Parse(time.DateOnly, in.ReceivedOn)
			switch {
			case err != nil:
				f.add("receivedOn", "Please give the day the money was received as a date, e.g. %s.", today.Format(time.DateOnly))
			case d.After(today):
				f.add("receivedOn", "The day the money was received cannot be in the future.")
			default:
				received = d
			}
		}
		reference := strings.TrimSpace(in.Reference)
		if utf8.RuneCountInString(reference) > maxReference || plaintext.HasHiddenControl(reference, false) {
			f.add("reference", "The payment reference must be at most %d characters.", maxReference)
		}
		b.Status, b.Source, b.PaidAt, b.PaidMinor = booking.Paid, method, now.UTC().Truncate(time.Microsecond), price
		if price > 0 {
			ob.record.Payment = &PaymentReceived{Method: method, AmountMinor: price, Currency: currency,
				Reference: reference, ReceivedOn: received, ActorID: actor.ID}
		}
	case PayLater, PayByLink:
		if payment == PayByLink && s.links == nil {
			return ob, errNoPaymentLinks
		}
		b.Status, b.Source = booking.AwaitingPayment, booking.BankTransfer
		if method == booking.Cash {
			b.Source = booking.Cash // what the operator expects
		}
		switch d, err := time.Parse(time.DateOnly, in.PayBy); {
		case in.PayBy == "" && payment == PayLater && !in.AwaitingPayment:
			f.add("payBy", "Please choose the day the customer pays by.")
		case in.PayBy == "":
		case err != nil:
			f.add("payBy", "Please give the day to pay by as a date, e.g. %s.", today.Format(time.DateOnly))
		case d.Before(today):
			f.add("payBy", "The day to pay by cannot be in the past.")
		case known && d.After(dep.Date):
			f.add("payBy", "The day to pay by must be on or before the departure, %s.", format.Date(dep.Date))
		default:
			b.PayBy = d
		}
		ob.sendLink = payment == PayByLink
	default:
		f.add("payment", "Please choose how the booking is paid: received, later by a date, or by a payment link.")
	}
	if err := f.err(); err != nil {
		return ob, err
	}
	// One traveller per seat, of that category, named as the operator gave them (the
	// lead alone when no names were given).
	b.Travellers = make([]booking.Traveller, max(b.Participants, len(names)))
	for i := range b.Travellers {
		b.Travellers[i].CategoryID = first.ID
		if i < len(names) {
			b.Travellers[i].Name = names[i]
		}
	}
	ob.booking = b
	ob.confirm = in.SendConfirmation == nil || *in.SendConfirmation
	return ob, nil
}

// keyedID is the id of the booking the operator actor's form with key makes: the same
// key makes the same id, so a second submission finds the first's booking.
func keyedID(actor account.User, key string) string {
	sum := sha256.Sum256([]byte("office-booking\x00" + actor.ID + "\x00" + key))
	return hex.EncodeToString(sum[:12])
}

// NewBookingTours are the tours an operator may book, for the New booking form: not
// archived, each with the departures that have not started nor been cancelled (open or
// closed: closing stops sales online only), seats counted at now.
func (s *Service) NewBookingTours(ctx context.Context, actor account.User) ([]tour.Tour, time.Time, error) {
	if !account.CanManageBookings(actor) {
		return nil, time.Time{}, ErrForbidden
	}
	now := s.now()
	all, err := s.store.AdminTours(ctx, catalog.Filter{}, now)
	if err != nil {
		return nil, now, err
	}
	out := all[:0]
	for _, t := range all {
		if t.Status == tour.Archived {
			continue
		}
		deps := make([]tour.StartDate, 0, len(t.StartDates))
		for _, d := range t.StartDates {
			if !t.Started(d, now) && !d.Cancelled() {
				deps = append(deps, d)
			}
		}
		t.StartDates = deps
		out = append(out, t)
	}
	return out, now, nil
}

// amountField reads an optional amount of the form: given is false when it was left
// out (or could not be read: then f says why, in the words of the field's label).
func amountField(f *FieldErrors, key, label string, a *money.Amount, currency string) (minor int64, given bool) {
	if a == nil {
		return 0, false
	}
	minor, problem := a.Read(label, currency)
	if problem != "" {
		f.add(key, "%s", problem)
		return 0, false
	}
	return minor, true
}
