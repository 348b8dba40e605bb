package view

import (
	"net/url"
	"strconv"
	"strings"
	"time"

	"tourbook/internal/backoffice"
	"tourbook/internal/collect"
	"tourbook/internal/giftcard"
	"tourbook/internal/money"
	"tourbook/internal/tour"
)

// The money a booking is to collect or give back (internal/collect): on a booking's page
// and on the dashboard.

// AdminPayment is one sum a booking received, or a payment link sent.
type AdminPayment struct {
	ID string `json:"id"`
	// Formatted, e.g. "€2,580.00".
	Amount string `json:"amount"`
	// "Cash", "Bank transfer", "Payment link" or "Online".
	MethodLabel string                `json:"methodLabel"`
	Status      collect.PaymentStatus `json:"status"`
	// "Received", "Link sent, not paid yet", "Link expired".
	StatusLabel string `json:"statusLabel"`
	// "Tue 15 June 2027", or "" when not received.
	ReceivedOn string `json:"receivedOn"`
	Reference  string `json:"reference"`
	// When it was recorded or sent, formatted.
	At string `json:"at"`
}

// BookingCollect is what a booking is paid and owes, on its back-office page.
type BookingCollect struct {
	// Formatted: the price, what was received, what is still due.
	Price    string `json:"price"`
	Received string `json:"received"`
	Due      string `json:"due"`
	DueMinor int64  `json:"dueMinor"`
	Currency string `json:"currency"`
	// Money may be recorded or asked for by a link (collect.Due).
	CanCollect bool `json:"canCollect"`
	// Today where the tour runs, YYYY-MM-DD: the latest day money can have come in.
	Today    string         `json:"today"`
	Payments []AdminPayment `json:"payments"`
	// A booking paid by a deposit: the day its balance is due ("" none), and whether it
	// is overdue (then it may be cancelled in one step, by its policy on what was paid).
	BalanceDue     string `json:"balanceDue"`
	BalanceOverdue bool   `json:"balanceOverdue"`
	// GiftCard is the gift card that paid part or all of the booking; nil when none did.
	GiftCard *BookingGiftCard `json:"giftCard"`
}

// BookingGiftCard is what a gift card pays of a booking, on its back-office page.
type BookingGiftCard struct {
	// Formatted: what the card pays now (less what a refund put back on it).
	Amount string `json:"amount"`
	// The card's code's last four symbols, and its page in the back office.
	Last4 string `json:"last4"`
	URL   string `json:"url"`
}

// AdminBookingAnswer is the answer of the calls that change a booking's money: the
// booking and its payments, as on its page.
type AdminBookingAnswer struct {
	Booking AdminBookingDetail `json:"booking"`
	Collect BookingCollect     `json:"collect"`
}

// DashboardAwaiting is a booking awaiting payment outside the site, on the dashboard.
type DashboardAwaiting struct {
	BookingID string `json:"bookingId"`
	// "/admin/bookings/{id}".
	URL          string `json:"url"`
	TourName     string `json:"tourName"`
	CustomerName string `json:"customerName"`
	// The departure, "Tue 15 June 2027".
	Departure string `json:"departure"`
	// Formatted amount still due.
	Due string `json:"due"`
	// How it is to be paid: "Cash" or "Bank transfer".
	MethodLabel string `json:"methodLabel"`
}

// DashboardOwed is a refund owed outside the site, on the dashboard.
type DashboardOwed struct {
	BookingID    string `json:"bookingId"`
	URL          string `json:"url"`
	TourName     string `json:"tourName"`
	CustomerName string `json:"customerName"`
	Amount       string `json:"amount"`
	// How it goes back: "Cash" or "Bank transfer".
	MethodLabel string `json:"methodLabel"`
	// When it became owed, formatted.
	Since string `json:"since"`
}

// DashboardCollect is the money the operator is to collect or pay back.
type DashboardCollect struct {
	Awaiting []DashboardAwaiting `json:"awaiting"`
	Owed     []DashboardOwed     `json:"owed"`
	// Overdue are the bookings whose balance was not paid by its due day: Due is the
	// balance, MethodLabel says when it was due.
	Overdue []DashboardAwaiting `json:"overdue"`
}

// AdminBookingURL is the back office's page of a booking.
func AdminBookingURL(id string) string { return "/admin/bookings/" + url.PathEscape(id) }

func methodLabel(m collect.Method) string {
	switch m {
	case collect.Cash:
		return "Cash"
	case collect.BankTransfer:
		return "Bank transfer"
	case collect.Link:
		return "Payment link"
	}
	return "Online"
}

func paymentStatusLabel(p collect.Payment) string {
	switch p.Status {
	case collect.Received:
		return "Received"
	case collect.Pending:
		return "Link sent, not paid yet"
	}
	return "Link expired"
}

// NewBookingCollect is a booking's money at now.
func NewBookingCollect(d collect.Detail, now time.Time, loc *time.Location) BookingCollect {
	b := d.BookingRow
	zone := tour.Tour{TimeZone: b.TimeZone}.Zone()
	out := BookingCollect{Price: money.Format(b.AmountMinor, b.Currency), Received: money.Format(b.PaidMinor, b.Currency),
		Due: money.Format(b.DueMinor(), b.Currency), DueMinor: b.DueMinor(), Currency: b.Currency,
		CanCollect: collect.Due(b.Booking), Today: now.In(zone).Format(time.DateOnly), Payments: []AdminPayment{}}
	if b.WithDeposit() {
		out.BalanceDue = FormatDate(b.BalanceDue)
		out.BalanceOverdue = b.BalanceOverdue(tour.Today(now, zone))
	}
	if d.GiftCard != nil {
		out.GiftCard = &BookingGiftCard{Amount: money.Format(d.GiftCardMinor, b.Currency), Last4: giftcard.Last4(d.GiftCard.Code),
			URL: "/admin/gift-cards/" + url.PathEscape(d.GiftCard.ID)}
	}
	for _, p := range d.Payments {
		a := AdminPayment{ID: p.ID, Amount: money.Format(p.AmountMinor, p.Currency), MethodLabel: methodLabel(p.Method),
			Status: p.Status, StatusLabel: paymentStatusLabel(p), Reference: p.Reference, At: FormatTime(p.CreatedAt, loc)}
		if p.Status == collect.Received {
			a.ReceivedOn = FormatDate(p.ReceivedOn)
		}
		out.Payments = append(out.Payments, a)
	}
	return out
}

// NewAdminBookingAnswer is a booking's page's data after a change of its money.
func NewAdminBookingAnswer(d collect.Detail, now time.Time, loc *time.Location) AdminBookingAnswer {
	return AdminBookingAnswer{Booking: NewAdminBookingDetail(d.Detail, loc), Collect: NewBookingCollect(d, now, loc)}
}

// NewDashboardCollect is the dashboard's money to collect and pay back.
func NewDashboardCollect(o collect.Outstanding, loc *time.Location) *DashboardCollect {
	out := &DashboardCollect{Awaiting: []DashboardAwaiting{}, Owed: []DashboardOwed{}, Overdue: []DashboardAwaiting{}}
	for _, b := range o.Overdue {
		out.Overdue = append(out.Overdue, DashboardAwaiting{BookingID: b.ID, URL: AdminBookingURL(b.ID), TourName: b.TourName,
			CustomerName: customerName(b), Departure: FormatDate(b.StartDate), Due: money.Format(b.DueMinor(), b.Currency),
			MethodLabel: "Balance due " + FormatDate(b.BalanceDue)})
	}
	for _, b := range o.Awaiting {
		out.Awaiting = append(out.Awaiting, DashboardAwaiting{BookingID: b.ID, URL: AdminBookingURL(b.ID), TourName: b.TourName,
			CustomerName: customerName(b), Departure: FormatDate(b.StartDate), Due: money.Format(b.DueMinor(), b.Currency),
			MethodLabel: SourceLabel(b.Source)})
	}
	for _, r := range o.Owed {
		out.Owed = append(out.Owed, DashboardOwed{BookingID: r.Booking.ID, URL: AdminBookingURL(r.Booking.ID),
			TourName: r.Booking.TourName, CustomerName: customerName(r.Booking), Amount: money.Format(r.Refund.AmountMinor, r.Refund.Currency),
			MethodLabel: SourceLabel(r.Booking.Source), Since: FormatTime(r.Refund.CreatedAt, loc)})
	}
	return out
}

// customerName is the lead traveller's name when the booking has its own, else the account's.
func customerName(b backoffice.BookingRow) string {
	if b.ContactName != "" {
		return b.ContactName
	}
	return b.CustomerName
}

// moneyEventLabel words a history line of internal/collect: its detail is
// "amount|method|reference" (a payment received or a link sent) or
// "amount|day|reference" (an owed refund paid back).
func moneyEventLabel(e backoffice.Event, currency string) (label, detail string) {
	parts := strings.SplitN(e.Detail, "|", 3)
	for len(parts) < 3 {
		parts = append(parts, "")
	}
	minor, _ := strconv.ParseInt(parts[0], 10, 64)
	amount := money.Format(minor, currency)
	switch e.Kind {
	case "payment_received":
		return "Payment received: " + amount + " (" + strings.ToLower(methodLabel(collect.Method(parts[1]))) + ")", parts[2]
	case "payment_link_sent":
		return "Payment link sent for " + amount, ""
	}
	day, _ := time.Parse(time.DateOnly, parts[1])
	return "Refund of " + amount + " paid back on " + FormatDate(day), parts[2]
}
