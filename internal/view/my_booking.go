package view

import (
	"fmt"
	"net/url"
	"strconv"
	"time"

	"tourbook/internal/booking"
	"tourbook/internal/format"
	"tourbook/internal/money"
	"tourbook/internal/refund"
	"tourbook/internal/tour"
)

// One booking as its traveller sees it: /my-tours/{id}.

// MyBookingTour is the tour of a traveller's booking.
type MyBookingTour struct {
	Name         string `json:"name"`
	Slug         string `json:"slug"`
	URL          string `json:"url"` // "" when the tour is no longer on sale
	CoverImage   string `json:"coverImage"`
	CoverSrcSet  string `json:"coverSrcSet"`
	DurationDays int    `json:"durationDays"`
}

// MyBookingCancel is what cancelling the booking now gives back.
type MyBookingCancel struct {
	Allowed bool `json:"allowed"`
	// Why it cannot be cancelled here, when not allowed.
	Refusal     string `json:"refusal"`
	RefundMinor int64  `json:"refundMinor"`
	// Formatted refund.
	Refund  string `json:"refund"`
	Percent int    `json:"percent"`
	// Days to the departure's day, where the tour runs.
	DaysBefore int `json:"daysBefore"`
	// The tier that applies ("7 to 29 days before departure"), or "".
	Tier string `json:"tier"`
	// The last day this refund applies ("Mon 7 June 2027"), or "".
	Until string `json:"until"`
}

// MyBooking is one booking as its traveller sees it (/my-tours/{id}).
type MyBooking struct {
	ID string `json:"id"`
	// "TB-7KQ4M2": what the traveller quotes when they call.
	Reference string `json:"reference"`
	// Url is the tour's page, "" once the tour is no longer on sale.
	Tour MyBookingTour `json:"tour"`
	// "Tue 15 June 2027".
	Date string `json:"date"`
	// "08:30 GMT (Atlantic/Reykjavik)".
	StartTime string `json:"startTime"`
	// IANA zone the policy's days are counted in.
	TimeZone string `json:"timeZone"`
	// The departure's meeting point, or the tour's start.
	MeetingPoint string `json:"meetingPoint"`
	// OpenStreetMap at the tour's start.
	MapURL       string `json:"mapUrl"`
	Participants int    `json:"participants"`
	// Formatted amount paid.
	Amount string `json:"amount"`
	// Formatted amount refunded, "" when nothing was.
	Refunded string         `json:"refunded"`
	Status   booking.Status `json:"status"`
	// "Paid", "Cancelled, $497.00 refunded".
	StatusLabel string `json:"statusLabel"`
	// "Paid by card on Mon 3 May 2027".
	Payment string `json:"payment"`
	// The policy the booking was made under; null when none was recorded.
	Policy []PolicyTier `json:"policy" tstype:"PolicyTier[] | null"`
	// "/my-tours/{id}/calendar.ics" for a paid booking, "" for any other.
	CalendarURL string `json:"calendarUrl"`
	// What cancelling now gives back.
	Cancel MyBookingCancel `json:"cancel"`
	// ReviewURL is where the traveller of a paid booking whose trip has ended reviews
	// the tour (its page's review form); "" otherwise.
	ReviewURL string `json:"reviewUrl"`
	// ContinueURL and ReleaseURL are set on an unpaid booking whose seats are still
	// held: back to its open checkout, and the form that lets the seats go.
	ContinueURL string `json:"continueUrl"`
	ReleaseURL  string `json:"releaseUrl"`
	// Units are the booking's categories and counts, Extras what it added.
	Units  []BookingItem `json:"units"`
	Extras []BookingItem `json:"extras"`
	// Details are who travels and their answers, with the form to change them.
	Details BookingDetails `json:"details"`
	// Balance is what a booking paid by a deposit has paid and still owes; null for a
	// booking paid in full at checkout.
	Balance *MyBookingBalance `json:"balance"`
}

// MyBookingBalance is a booking paid by a deposit: what was paid, what is due and by
// when, and the form that opens the checkout of the balance.
type MyBookingBalance struct {
	// Formatted: received so far, and still to pay ("" when nothing is).
	Paid string `json:"paid"`
	Due  string `json:"due"`
	// The day the balance is due, "Fri 2 May 2031".
	DueBy string `json:"dueBy"`
	// The due day has passed with the balance unpaid.
	Overdue bool `json:"overdue"`
	// "/my-tours/{id}/balance" while the balance can be paid online; "" otherwise.
	PayURL string `json:"payUrl"`
}

// MyBookingProps are the props of /my-tours/{id}.
type MyBookingProps struct {
	Booking MyBooking `json:"booking"`
	// Ticket is the paid booking's ticket, nil for any other.
	Ticket *TicketView `json:"ticket"`
	// Receipts are the booking's receipts and credit notes, oldest first.
	Receipts []ReceiptLink `json:"receipts"`
}

// MyBookingURL is the address of a traveller's booking page.
func MyBookingURL(id string) string { return "/my-tours/" + url.PathEscape(id) }

// MapURL points OpenStreetMap at a place, with a marker.
func MapURL(p tour.Point) string {
	lat, lng := strconv.FormatFloat(p.Lat, 'f', 5, 64), strconv.FormatFloat(p.Lng, 'f', 5, 64)
	return "https://www.openstreetmap.org/?mlat=" + lat + "&mlon=" + lng + "#map=15/" + lat + "/" + lng
}

func NewMyBooking(o refund.Own) MyBooking {
	t, d, q := o.Tour, o.Departure, o.Quote
	m := MyBooking{
		ID: o.ID, Reference: o.Reference,
		Tour: MyBookingTour{Name: t.Name, Slug: t.Slug, URL: tourURLOnSale(t), CoverImage: TourImageURL(t.CoverImage),
			CoverSrcSet: TourImageSrcSet(t.CoverImage), DurationDays: t.DurationDays},
		Date: FormatDate(d.Date), StartTime: format.StartTime(t, d), TimeZone: t.Zone().String(),
		MeetingPoint: d.MeetingPoint, MapURL: MapURL(t.StartLocation.Point),
		Participants: o.Participants, Amount: money.Format(o.AmountMinor, o.Currency),
		Status: o.Status, StatusLabel: travellerStatusLabel(o.Booking), Payment: paymentLabel(o.Booking, t.Zone()),
		Policy: NewPolicyTiers(o.Policy),
		Cancel: MyBookingCancel{Allowed: q.Allowed, Refusal: q.Refusal, RefundMinor: q.RefundMinor,
			Refund: money.Format(q.RefundMinor, o.Currency), Percent: q.Percent, DaysBefore: q.DaysBefore},
	}
	if m.MeetingPoint == "" {
		m.MeetingPoint = t.StartLocation.Description
	}
	m.Units, m.Extras = NewBookingItems(o.Booking)
	m.Details = NewBookingDetails(t, o.Booking, o.CustomerName, o.At)
	m.Balance = newMyBookingBalance(o)
	if o.Status == booking.Paid {
		m.CalendarURL = MyBookingURL(o.ID) + "/calendar.ics"
	}
	if o.Ended && o.Status == booking.Paid && m.Tour.URL != "" {
		m.ReviewURL = m.Tour.URL + "#your-review"
	}
	if o.RefundedMinor > 0 {
		m.Refunded = money.Format(o.RefundedMinor, o.Currency)
	}
	if q.Tier >= 0 {
		m.Cancel.Tier = format.Policy(o.Policy)[q.Tier].When
	}
	if !q.Until.IsZero() {
		m.Cancel.Until = FormatDate(q.Until)
	}
	return m
}

// paymentLabel says how and when the booking was paid, the day as it was where the
// tour runs.
func paymentLabel(b booking.Booking, loc *time.Location) string {
	if b.PaidAt.IsZero() {
		return "Not paid"
	}
	how := "by card"
	switch b.Source {
	case booking.Cash:
		how = "in cash"
	case booking.BankTransfer:
		how = "by bank transfer"
	}
	return fmt.Sprintf("Paid %s on %s", how, format.DayIn(b.PaidAt, loc))
}

// newMyBookingBalance is what a booking sold with a deposit, and standing, has paid and
// owes; nil for any other (a cancelled one's page says what was refunded, and must not
// say its balance is paid).
func newMyBookingBalance(o refund.Own) *MyBookingBalance {
	if !o.WithDeposit() || o.Status != booking.Paid {
		return nil
	}
	out := &MyBookingBalance{Paid: money.Format(o.PaidMinor, o.Currency), DueBy: FormatDate(o.BalanceDue)}
	if o.Status == booking.Paid && o.DueMinor() > 0 {
		out.Due = money.Format(o.DueMinor(), o.Currency)
		out.Overdue = o.BalanceOverdue(tour.Today(o.At, o.Tour.Zone()))
		out.PayURL = MyBookingURL(o.ID) + "/balance"
	}
	return out
}
