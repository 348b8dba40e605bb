package view

import (
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	"tourbook/internal/format"
	"tourbook/internal/launch"
	"tourbook/internal/legal"
	"tourbook/internal/money"
	"tourbook/internal/rebook"
	"tourbook/internal/refund"
	"tourbook/internal/review"
	"tourbook/internal/tour"
	"tourbook/internal/waitlist"
)

// The bookings back office: dashboard, bookings, manifests, users, reviews, audit.

// DashboardDeparture is an upcoming departure on the dashboard.
type DashboardDeparture struct {
	TourID   string `json:"tourId"`
	TourName string `json:"tourName"`
	// Yyyy-mm-dd.
	Date string `json:"date"`
	// "Tue 15 June 2027".
	Label string `json:"label"`
	// "08:30 GMT (Atlantic/Reykjavik)".
	StartTimeLabel string `json:"startTimeLabel"`
	Capacity       int    `json:"capacity"`
	// Seats paid for.
	Sold int `json:"sold"`
	// Seats held by open checkouts.
	Held   int  `json:"held"`
	Left   int  `json:"left"`
	Closed bool `json:"closed"`
	// "open", "full", "closed" (for sale, reopenable) or "cancelled" (for good).
	Status string `json:"status" tstype:"'open' | 'full' | 'closed' | 'cancelled'"`
	// "Open", "Full", "Closed" or "Cancelled".
	StatusLabel  string `json:"statusLabel"`
	MeetingPoint string `json:"meetingPoint"`
	// Travellers the guides recorded as arrived.
	CheckedIn int `json:"checkedIn"`
	// "/admin/tours/{id}/departures/{date}".
	ManifestURL string `json:"manifestUrl"`
	// "/admin/tours/{id}/departures/{date}/check-in".
	CheckInURL string `json:"checkInUrl"`
}

// DashboardSales are the dashboard's figures of the last 30 days.
type DashboardSales struct {
	Bookings30d int    `json:"bookings30d"`
	Revenue30d  string `json:"revenue30d"`
	RefundDue   int    `json:"refundDue"`
}

// AdminBookingRow is one row of /admin/bookings.
type AdminBookingRow struct {
	ID string `json:"id"`
	// "TB-7KQ4M2".
	Reference string `json:"reference"`
	TourName  string `json:"tourName"`
	// Departure, formatted.
	Date          string `json:"date"`
	CustomerName  string `json:"customerName"`
	CustomerEmail string `json:"customerEmail"`
	// Seats taken.
	Participants int `json:"participants"`
	// "4 travellers · 3 seats" when some travel without a seat (an infant on a lap); ""
	// when every traveller has one.
	SeatsLabel string `json:"seatsLabel"`
	// Formatted amount, e.g. "$994.00".
	Amount      string         `json:"amount"`
	Status      booking.Status `json:"status"`
	StatusLabel string         `json:"statusLabel"`
	// "Online" or "Cash" / "Bank transfer" for bookings an operator recorded.
	SourceLabel string `json:"sourceLabel"`
	// "Mon 3 May 2027, 14:05 UTC".
	CreatedAt string `json:"createdAt"`
}

// BookingHistoryEntry is one line of a booking's history in the back office.
type BookingHistoryEntry struct {
	// Formatted time.
	At string `json:"at"`
	// What happened, e.g. "Paid", "Refunded $200.00".
	Label string `json:"label"`
	// Who did it: an operator's name, "Customer" or "System".
	Actor string `json:"actor"`
	// The reason an operator gave, or provider details; may be "".
	Detail string `json:"detail"`
}

// AdminRefund is one refund of a booking, begun by an operator or the traveller.
type AdminRefund struct {
	ID string `json:"id"`
	// Formatted.
	Amount string                  `json:"amount"`
	Status backoffice.RefundStatus `json:"status"`
	// Formatted time.
	At string `json:"at"`
	// Why it failed, as the provider said; "" otherwise.
	Error string `json:"error"`
}

// IDName names a tour (or anything else) with its id.
type IDName struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// AdminBookingDetail is everything known about one booking (/admin/bookings/{id}).
type AdminBookingDetail struct {
	ID string `json:"id"`
	// "TB-7KQ4M2".
	Reference string `json:"reference"`
	Tour      struct {
		ID   string `json:"id"`
		Name string `json:"name"`
		Slug string `json:"slug"`
	} `json:"tour"`
	Departure struct {
		Date           string `json:"date"`
		Label          string `json:"label"`
		StartTimeLabel string `json:"startTimeLabel"`
		ManifestURL    string `json:"manifestUrl"`
	} `json:"departure"`
	Customer struct {
		ID    string `json:"id"`
		Name  string `json:"name"`
		Email string `json:"email"`
	} `json:"customer"`
	// Seats taken.
	Participants int `json:"participants"`
	// How many travel, seated or not.
	Travelling int `json:"travelling"`
	// "4 travellers · 3 seats", or "3 travellers" when every traveller has a seat.
	SeatsLabel string `json:"seatsLabel"`
	// What the booking bought, one line per price category, then per extra (a booking
	// made before categories: that many adults).
	Lines []BookingLine `json:"lines"`
	// Every traveller, the lead first, with their category, name and answers, as given
	// at checkout or on /my-tours; empty for a booking that has none (made before the
	// tour asked, or by an operator: Travellers has their names).
	TravellerDetails []TravellerAnswers `json:"travellerDetails"`
	// The answers to the questions asked once per booking.
	Answers []AnswerLine `json:"answers"`
	// Formatted amount paid (or asked, while pending)
	Amount      string `json:"amount"`
	AmountMinor int64  `json:"amountMinor"`
	// Formatted total refunded so far.
	Refunded string `json:"refunded"`
	// Formatted total received (online, link, cash, transfer).
	Paid string `json:"paid"`
	// Formatted balance still to pay (awaiting payment, or a change raised the price);
	// "" when none.
	Due      string `json:"due"`
	Currency string `json:"currency"`
	// The lead traveller's contact when not the account's; "" for the account's.
	ContactName  string `json:"contactName"`
	ContactEmail string `json:"contactEmail"`
	ContactPhone string `json:"contactPhone"`
	// "sandbox", "stripe", or "" for bookings recorded by an operator.
	Provider    string         `json:"provider"`
	CheckoutID  string         `json:"checkoutId"`
	PaymentRef  string         `json:"paymentRef"`
	SourceLabel string         `json:"sourceLabel"`
	Status      booking.Status `json:"status"`
	StatusLabel string         `json:"statusLabel"`
	CreatedAt   string         `json:"createdAt"`
	// TermsVersion is the version of the terms of booking the traveller accepted at
	// checkout (0: none asked), TermsURL its address and TermsAcceptedAt when.
	TermsVersion    int    `json:"termsVersion"`
	TermsURL        string `json:"termsUrl"`
	TermsAcceptedAt string `json:"termsAcceptedAt"`
	// Formatted, or "" when not paid.
	PaidAt  string                `json:"paidAt"`
	History []BookingHistoryEntry `json:"history"`
	Refunds []AdminRefund         `json:"refunds"`
	// May be cancelled now (paid or refund due)
	Cancellable bool `json:"cancellable"`
	// The most that can still be refunded, minor units.
	RefundableMinor int64 `json:"refundableMinor"`
	// The travellers' names, the lead first; empty when not recorded (online bookings).
	Travellers []string `json:"travellers"`
	// The lead's phone as the operator took it; "" when none.
	Phone string `json:"phone"`
	// The operator's notes (never sent) and why the price differs; "" when none.
	Notes     string `json:"notes"`
	PriceNote string `json:"priceNote"`
	// Awaiting payment: the day to pay by ("" when none).
	PayBy string `json:"payBy"`
	// May be changed (travellers, date, contact) and refunded while it stays active:
	// paid, or awaiting payment (changes only).
	Changeable bool `json:"changeable"`
}

// BookingLine is one line of what a booking bought: "2 × Adult at $497.00 = $994.00".
type BookingLine struct {
	BookingItem
	// Formatted: what they all come to.
	Amount string `json:"amount"`
	// An extra (a wetsuit, a single room) rather than travellers of a price category.
	Extra bool `json:"extra"`
}

// NewBookingLines is what b bought, line by line. An adjustment ("Discount (promo code
// SPRING10)") is listed last and is not called an extra.
func NewBookingLines(b booking.Booking) []BookingLine {
	out := []BookingLine{}
	for _, it := range b.Items() {
		out = append(out, BookingLine{BookingItem: BookingItem{Name: it.Name, Quantity: it.Quantity,
			Price: money.Format(it.PriceMinor, b.Currency)}, Amount: money.Format(it.AmountMinor(), b.Currency), Extra: it.Extra && !it.Adjustment})
	}
	return out
}

// NewAdminTravellers is b's travellers as given, with their answers, and the answers
// given once for the booking.
func NewAdminTravellers(b booking.Booking) ([]TravellerAnswers, []AnswerLine) {
	category, seat := map[string]string{}, map[string]bool{}
	for _, u := range b.UnitsOf() {
		category[u.CategoryID], seat[u.CategoryID] = u.Name, u.TakesSeat
	}
	people := make([]TravellerAnswers, len(b.Travellers))
	for i, t := range b.Travellers {
		name := category[t.CategoryID]
		if name == "" {
			name = t.CategoryID
		}
		people[i] = TravellerAnswers{TravellerLine: TravellerLine{Index: i + 1, CategoryID: t.CategoryID, Category: name,
			Name: t.Name, Phone: t.Phone, Seat: seat[t.CategoryID]}, Answers: []AnswerLine{}}
	}
	once := []AnswerLine{}
	for _, a := range b.Answers {
		v := NewAnswerLine(a)
		switch {
		case a.Traveller == 0:
			once = append(once, v)
		case a.Traveller <= len(people):
			people[a.Traveller-1].Answers = append(people[a.Traveller-1].Answers, v)
		}
	}
	return people, once
}

// ManifestRow is one booking on a departure's manifest.
type ManifestRow struct {
	BookingID string `json:"bookingId"`
	// "TB-7KQ4M2".
	Reference     string         `json:"reference"`
	CustomerName  string         `json:"customerName"`
	CustomerEmail string         `json:"customerEmail"`
	Participants  int            `json:"participants"`
	Status        booking.Status `json:"status"`
	StatusLabel   string         `json:"statusLabel"`
	SourceLabel   string         `json:"sourceLabel"`
	// CheckIn is what the guide recorded at the departure; nil until then.
	CheckIn *CheckInState `json:"checkIn"`
	// The lead traveller's phone for the day and the office's notes; "" when none.
	Phone string `json:"phone"`
	Notes string `json:"notes"`
	// Travellers are who travels, one each (a booking made without names: its
	// categories' travellers, the customer leading), with their answers.
	Travellers []TravellerAnswers `json:"travellers"`
}

// ManifestWaitlistRow is one entry of a departure's waiting list, for operators.
type ManifestWaitlistRow struct {
	ID            string          `json:"id"`
	CustomerName  string          `json:"customerName"`
	CustomerEmail string          `json:"customerEmail"`
	Participants  int             `json:"participants"`
	Status        waitlist.Status `json:"status" tstype:"'waiting' | 'offered'"`
	// StatusLabel: "Waiting" or "Offered, until Mon 14 June 2027, 09:00 CEST (Europe/Oslo)"
	StatusLabel string `json:"statusLabel"`
	// When they joined, in the tour's zone.
	Joined string `json:"joined"`
	// Passes: how many times smaller groups behind it were offered seats it did not fit.
	Passes int `json:"passes"`
}

func NewManifestWaitlistRow(e waitlist.Row, t tour.Tour) ManifestWaitlistRow {
	label := "Waiting"
	if e.Status == waitlist.Offered {
		label = "Offered, until " + format.Moment(e.OfferUntil, t.Zone())
	}
	return ManifestWaitlistRow{ID: e.ID, CustomerName: e.UserName, CustomerEmail: e.UserEmail,
		Participants: e.Participants, Status: e.Status, StatusLabel: label,
		Joined: format.Moment(e.CreatedAt, t.Zone()), Passes: e.Passes}
}

// CancelResult is the outcome of cancelling one booking when a whole departure is
// cancelled.
type CancelResult struct {
	BookingID    string `json:"bookingId"`
	CustomerName string `json:"customerName"`
	OK           bool   `json:"ok"`
	// Moved to another departure instead of cancelled.
	Moved bool `json:"moved"`
	// "Refunded $994.00", "Moved to Thu 17 June 2027" or why it failed.
	Message string `json:"message"`
}

// AdminUserRow is one row of /admin/users.
type AdminUserRow struct {
	ID        string       `json:"id"`
	Name      string       `json:"name"`
	Email     string       `json:"email"`
	Role      account.Role `json:"role"`
	RoleLabel string       `json:"roleLabel"`
	Active    bool         `json:"active"`
	// Deleted: the account was deleted (its name and email are placeholders).
	Deleted bool `json:"deleted"`
	// DataURL downloads what the site holds about the user, as a JSON file.
	DataURL string `json:"dataUrl"`
}

// AdminReviewRow is one row of /admin/reviews.
type AdminReviewRow struct {
	ID        string `json:"id"`
	TourName  string `json:"tourName"`
	TourSlug  string `json:"tourSlug"`
	UserName  string `json:"userName"`
	Rating    int    `json:"rating"`
	Text      string `json:"text"`
	Hidden    bool   `json:"hidden"`
	CreatedAt string `json:"createdAt"`
}

// AuditRow is one entry of the audit log.
type AuditRow struct {
	ID string `json:"id"`
	// Formatted time.
	At         string `json:"at"`
	ActorName  string `json:"actorName"`
	Action     string `json:"action"`
	ObjectType string `json:"objectType"`
	ObjectID   string `json:"objectId"`
	// Changed fields as "field: old → new" lines.
	Changes []string `json:"changes"`
}

// Paging is the paging of a long list: pages are 1-based.
type Paging struct {
	Page int `json:"page"`
	// How many rows match the filters, on every page.
	Total   int  `json:"total"`
	HasPrev bool `json:"hasPrev"`
	HasNext bool `json:"hasNext"`
}

// PageSize is how many rows a back-office list shows at a time.
const PageSize = 50

func NewPaging(page, total int) Paging {
	return Paging{Page: page, Total: total, HasPrev: page > 1, HasNext: page*PageSize < total}
}

// DashboardProps are the props of /admin, the dashboard.
type DashboardProps struct {
	// The departures of the next 14 days; the calendar has the rest.
	Departures []DashboardDeparture `json:"departures"`
	// "/admin/calendar".
	CalendarURL string `json:"calendarUrl"`
	// Null for guides.
	Sales *DashboardSales `json:"sales"`
	// Bookings awaiting payment and refunds owed; null for guides.
	Collect *DashboardCollect `json:"collect"`
	// What a new site still needs (admins only; empty for others).
	Checklist []ChecklistItem `json:"checklist"`
}

// ChecklistItem is one step of the dashboard's checklist (launch.Item).
type ChecklistItem struct {
	Key    string `json:"key"`
	Label  string `json:"label"`
	Done   bool   `json:"done"`
	Detail string `json:"detail"`
	// URL is where it is done in the back office; "" when it is the server's
	// configuration (README, Running it for real).
	URL string `json:"url"`
}

// NewChecklist is the dashboard's checklist.
func NewChecklist(items []launch.Item) []ChecklistItem {
	out := make([]ChecklistItem, 0, len(items))
	for _, it := range items {
		out = append(out, ChecklistItem{Key: it.Key, Label: it.Label, Done: it.Done, Detail: it.Detail, URL: it.URL})
	}
	return out
}

// BookingFilters are the bookings list's filters, as the address gave them.
type BookingFilters struct {
	Tour   string `json:"tour"`
	Date   string `json:"date"`
	Status string `json:"status" tstype:"BookingStatus | ''"`
	Email  string `json:"email"`
	From   string `json:"from"`
	To     string `json:"to"`
	// What the back office's search box was given: a reference, a ticket code, a part
	// of a name, an email address or a phone number.
	Q string `json:"q"`
}

// AdminBookingsProps are the props of /admin/bookings.
type AdminBookingsProps struct {
	Bookings []AdminBookingRow `json:"bookings"`
	Filters  BookingFilters    `json:"filters"`
	Tours    []IDName          `json:"tours"`
	Paging   Paging            `json:"paging"`
	// Why the search could not be made ("Type a name, …"), shown in place of the list;
	// "" otherwise.
	Message string `json:"message"`
}

// AdminBookingProps are the props of /admin/bookings/{id}.
type AdminBookingProps struct {
	Booking AdminBookingDetail `json:"booking"`
	Collect BookingCollect     `json:"collect"`
	// The change and refund forms' choices; null when the booking cannot be changed.
	Options *BookingChangeOptions `json:"options"`
	// Receipts are the booking's receipts and credit notes, oldest first.
	Receipts []ReceiptLink `json:"receipts"`
}

// ManifestDeparture is the departure a manifest or a check-in page is about.
type ManifestDeparture struct {
	Date           string `json:"date"`
	Label          string `json:"label"`
	StartTimeLabel string `json:"startTimeLabel"`
	MeetingPoint   string `json:"meetingPoint"`
	Capacity       int    `json:"capacity"`
	Closed         bool   `json:"closed"`
	// Cancelled by an operator, for good (and closed): never "Closed" with a way to reopen.
	Cancelled bool `json:"cancelled"`
	Past      bool `json:"past"`
}

// AdminManifestProps are the props of a departure's manifest.
type AdminManifestProps struct {
	Tour      IDName            `json:"tour"`
	Departure ManifestDeparture `json:"departure"`
	// Rows are the bookings whose travellers are coming; Apart the cancelled, refunded
	// and refund-due ones, listed apart and not counted.
	Rows  []ManifestRow `json:"rows"`
	Apart []ManifestRow `json:"apart"`
	// The names of the tour's guides.
	Guides []string `json:"guides"`
	// Bookings coming, their travellers, and of those how many arrived.
	Bookings   int `json:"bookings"`
	Travellers int `json:"travellers"`
	CheckedIn  int `json:"checkedIn"`
	// Travellers above counts seats; Categories counts everyone coming by category: "2 Adult · 1 Child · 1 Infant".
	Categories string `json:"categories"`
	// Columns are the questions answered, one column each.
	Columns []ManifestColumn `json:"columns"`
	// "/admin/tours/{id}/departures/{date}/manifest.csv".
	CSVURL string `json:"csvUrl"`
	// "/admin/tours/{id}/departures/{date}/check-in".
	CheckInURL string `json:"checkInUrl"`
	// May record walk-ins and cancel the departure (admin, lead guide)
	CanManage bool `json:"canManage"`
	// Waitlist is the departure's waiting list, in joining order; Waiting adds up its people.
	Waitlist []ManifestWaitlistRow `json:"waitlist"`
	Waiting  int                   `json:"waiting"`
	// The tour's other departures a booking may be moved to when this one is cancelled.
	MoveTo []ChangeDeparture `json:"moveTo"`
}

// AdminUsersProps are the props of /admin/users.
type AdminUsersProps struct {
	Users  []AdminUserRow `json:"users"`
	Query  string         `json:"query"`
	Paging Paging         `json:"paging"`
}

// AdminReviewsProps are the props of /admin/reviews.
type AdminReviewsProps struct {
	Reviews []AdminReviewRow `json:"reviews"`
	Paging  Paging           `json:"paging"`
}

// AuditFilters are the audit log's filters, as the address gave them.
type AuditFilters struct {
	Actor  string `json:"actor"`
	Object string `json:"object"`
}

// AdminAuditProps are the props of /admin/audit.
type AdminAuditProps struct {
	Entries []AuditRow   `json:"entries"`
	Filters AuditFilters `json:"filters"`
	Paging  Paging       `json:"paging"`
}

// FormatTime is a moment for the back office, in the site's time zone with the zone
// named: "Mon 3 May 2027, 15:05 WEST (Europe/Lisbon)", "Mon 3 May 2027, 14:05 UTC"; ""
// for the zero time. Every back-office instant (bookings, their history, emails,
// reviews, the audit log) is written by it.
func FormatTime(t time.Time, loc *time.Location) string {
	if t.IsZero() {
		return ""
	}
	if loc == nil {
		loc = time.UTC
	}
	return format.Moment(t, loc)
}

// SourceLabel says how a booking was paid.
func SourceLabel(s booking.Source) string {
	switch s {
	case booking.Cash:
		return "Cash"
	case booking.BankTransfer:
		return "Bank transfer"
	}
	return "Online"
}

// ManifestURL is the address of a departure's manifest.
func ManifestURL(tourID string, day time.Time) string {
	return "/admin/tours/" + url.PathEscape(tourID) + "/departures/" + day.Format(time.DateOnly)
}

func NewDashboardDeparture(d backoffice.DepartureStats) DashboardDeparture {
	t := tour.Tour{TimeZone: d.TimeZone}
	dep := tour.StartDate{Date: d.Date, StartTime: d.StartTime, Capacity: d.Capacity}
	left := max(d.Capacity-d.Sold-d.Held, 0)
	status := "open"
	switch {
	case d.Cancelled:
		status = "cancelled"
	case d.Closed:
		status = "closed"
	case left == 0:
		status = "full"
	}
	return DashboardDeparture{
		TourID: d.TourID, TourName: d.TourName, Date: d.Date.Format(time.DateOnly), Label: FormatDate(d.Date),
		StartTimeLabel: StartTimeLabel(t, dep), Capacity: d.Capacity, Sold: d.Sold, Held: d.Held,
		Left: left, Closed: d.Closed, Status: status, StatusLabel: DepartureStatusLabel(status),
		MeetingPoint: d.MeetingPoint, CheckedIn: d.CheckedIn, ManifestURL: ManifestURL(d.TourID, d.Date),
		CheckInURL: CheckInURL(d.TourID, d.Date),
	}
}

// DepartureStatusLabel names a departure's state for the back office.
func DepartureStatusLabel(status string) string {
	switch status {
	case "cancelled":
		return "Cancelled"
	case "closed":
		return "Closed"
	case "full":
		return "Full"
	case "past":
		return "Past"
	}
	return "Open"
}

// FormatAmounts writes amounts in several currencies: "$1,200.00 + €300.00"; "$0.00"
// when there are none.
func FormatAmounts(byCurrency map[string]int64) string {
	if len(byCurrency) == 0 {
		return money.Format(0, "usd")
	}
	currencies := make([]string, 0, len(byCurrency))
	for c := range byCurrency {
		currencies = append(currencies, c)
	}
	sort.Strings(currencies)
	parts := make([]string, len(currencies))
	for i, c := range currencies {
		parts[i] = money.Format(byCurrency[c], c)
	}
	return strings.Join(parts, " + ")
}

func NewAdminBookingRow(r backoffice.BookingRow, loc *time.Location) AdminBookingRow {
	return AdminBookingRow{
		ID: r.ID, Reference: r.Reference, TourName: r.TourName, Date: FormatDate(r.StartDate), CustomerName: r.CustomerName,
		CustomerEmail: r.CustomerEmail, Participants: r.Participants, SeatsLabel: seatsLabel(r.Booking),
		Amount: money.Format(r.AmountMinor, r.Currency), Status: r.Status, StatusLabel: StatusLabel(r.Status),
		SourceLabel: SourceLabel(r.Source), CreatedAt: FormatTime(r.CreatedAt, loc),
	}
}

// seatsLabel is "4 travellers · 3 seats" for a booking some of whose travellers have no
// seat, "" otherwise.
func seatsLabel(b booking.Booking) string {
	if b.Travelling() == b.Participants {
		return ""
	}
	return b.SeatsText()
}

func NewAdminBookingDetail(d backoffice.Detail, loc *time.Location) AdminBookingDetail {
	b := d.BookingRow
	t := tour.Tour{TimeZone: b.TimeZone}
	out := AdminBookingDetail{
		ID: b.ID, Reference: b.Reference, Participants: b.Participants, Amount: money.Format(b.AmountMinor, b.Currency), AmountMinor: b.AmountMinor,
		Refunded: money.Format(b.RefundedMinor, b.Currency), Currency: b.Currency, Provider: b.Provider,
		CheckoutID: b.CheckoutID, PaymentRef: b.PaymentRef, SourceLabel: SourceLabel(b.Source),
		Status: b.Status, StatusLabel: StatusLabel(b.Status), CreatedAt: FormatTime(b.CreatedAt, loc),
		PaidAt: FormatTime(b.PaidAt, loc), History: []BookingHistoryEntry{}, Refunds: []AdminRefund{},
		Cancellable:     refund.Cancellable(b.Booking),
		RefundableMinor: refund.Refundable(b.Booking),
		Changeable:      rebook.Changeable(b.Booking),
		Paid:            money.Format(b.PaidMinor, b.Currency),
		ContactName:     b.ContactName, ContactEmail: b.ContactEmail, ContactPhone: b.ContactPhone,
		Travelling: b.Travelling(), SeatsLabel: b.SeatsText(), Lines: NewBookingLines(b.Booking),
	}
	out.TravellerDetails, out.Answers = NewAdminTravellers(b.Booking)
	if due := b.DueMinor(); due > 0 {
		out.Due = money.Format(due, b.Currency)
	}
	if b.TermsVersion > 0 {
		out.TermsVersion, out.TermsURL = b.TermsVersion, legal.Terms.VersionPath(b.TermsVersion)
		out.TermsAcceptedAt = FormatTime(b.TermsAcceptedAt, loc)
	}
	if !out.Cancellable {
		out.RefundableMinor = 0
	}
	out.Travellers, out.Phone, out.Notes, out.PriceNote = d.Travellers, b.ContactPhone, b.Notes, b.PriceNote
	if out.Travellers == nil {
		out.Travellers = []string{}
	}
	if b.Status == booking.AwaitingPayment && !b.PayBy.IsZero() {
		out.PayBy = FormatDate(b.PayBy)
	}
	out.Tour.ID, out.Tour.Name, out.Tour.Slug = b.TourID, b.TourName, b.TourSlug
	out.Departure.Date, out.Departure.Label = b.StartDate.Format(time.DateOnly), FormatDate(b.StartDate)
	out.Departure.StartTimeLabel = StartTimeLabel(t, tour.StartDate{Date: b.StartDate, StartTime: b.StartTime})
	out.Departure.ManifestURL = ManifestURL(b.TourID, b.StartDate)
	out.Customer.ID, out.Customer.Name, out.Customer.Email = b.UserID, b.CustomerName, b.CustomerEmail

	// The history: what the booking's own times say, then what operators did.
	out.History = append(out.History, BookingHistoryEntry{At: FormatTime(b.CreatedAt, loc), Actor: "Customer", Label: "Checkout opened"})
	if b.Source != booking.Online && b.Source != "" && b.PaidAt.IsZero() {
		out.History[0] = BookingHistoryEntry{At: FormatTime(b.CreatedAt, loc), Actor: "Operator", Label: "Booked, awaiting payment"}
	} else if b.Source != booking.Online && b.Source != "" {
		out.History[0] = BookingHistoryEntry{At: FormatTime(b.CreatedAt, loc), Actor: "Operator", Label: "Recorded as paid: " + SourceLabel(b.Source)}
		if len(d.Events) > 0 && d.Events[0].Kind == "recorded" && strings.HasPrefix(d.Events[0].Detail, "awaiting ") {
			out.History[0].Label = "Recorded, awaiting payment by " + strings.ToLower(SourceLabel(b.Source))
		}
	} else if !b.PaidAt.IsZero() {
		label := "Paid " + money.Format(b.AmountMinor, b.Currency)
		out.History = append(out.History, BookingHistoryEntry{At: FormatTime(b.PaidAt, loc), Actor: "Customer", Label: label,
			Detail: strings.TrimSpace(b.Provider + " " + b.PaymentRef)})
	}
	for _, e := range d.Events {
		if e.Kind == "recorded" {
			out.History[0].Actor = e.ActorName
			continue
		}
		h := BookingHistoryEntry{At: FormatTime(e.At, loc), Actor: e.ActorName, Detail: e.Detail}
		switch e.Kind {
		case "refunded":
			amount, reason, _ := strings.Cut(e.Detail, "|")
			minor, _ := strconv.ParseInt(amount, 10, 64)
			h.Label, h.Detail = "Cancelled and refunded "+money.Format(minor, b.Currency), reason
		case "refund_owed":
			amount, reason, _ := strings.Cut(e.Detail, "|")
			minor, _ := strconv.ParseInt(amount, 10, 64)
			h.Label, h.Detail = "Cancelled; "+money.Format(minor, b.Currency)+" owed, to pay back outside the site", reason
		case "refunded_kept":
			amount, reason, _ := strings.Cut(e.Detail, "|")
			minor, _ := strconv.ParseInt(amount, 10, 64)
			h.Label, h.Detail = "Refunded "+money.Format(minor, b.Currency)+", booking kept", reason
		case "changed", "moved":
			changes, note, _ := strings.Cut(e.Detail, "|")
			h.Label, h.Detail = "Changed: "+changes, note
			if e.Kind == "moved" {
				h.Label = "Moved: " + changes
			}
		case "refund_failed":
			h.Label = "Refund failed"
		case "resolved":
			h.Label = "Resolved without a refund through the site"
		case "payment_received", "payment_link_sent", "refund_paid_back":
			h.Label, h.Detail = moneyEventLabel(e, b.Currency)
		default:
			h.Label = "Cancelled without a refund"
		}
		out.History = append(out.History, h)
	}
	if b.Status == booking.RefundDue {
		out.History = append(out.History, BookingHistoryEntry{At: FormatTime(b.PaidAt, loc), Actor: "System",
			Label: "Refund due", Detail: "The payment could not be honoured: an operator refunds it."})
	}
	for _, r := range d.Refunds {
		out.Refunds = append(out.Refunds, AdminRefund{ID: r.ID, Amount: money.Format(r.AmountMinor, r.Currency),
			Status: r.Status, At: FormatTime(r.UpdatedAt, loc), Error: r.Error})
	}
	return out
}

func NewCancelResults(results []refund.CancelResult, message func(error) string) []CancelResult {
	out := make([]CancelResult, 0, len(results))
	for _, r := range results {
		c := CancelResult{BookingID: r.Booking.ID, CustomerName: r.Booking.CustomerName, OK: r.Err == nil}
		if r.Err != nil {
			c.Message = message(r.Err)
		} else if !r.MovedTo.IsZero() {
			c.Message = "Moved to " + FormatDate(r.MovedTo)
			c.Moved = true
		} else if r.Booking.RefundedMinor > 0 {
			c.Message = "Refunded " + money.Format(r.Booking.RefundedMinor, r.Booking.Currency)
		} else {
			c.Message = "Cancelled"
		}
		out = append(out, c)
	}
	return out
}

func NewAdminUserRow(u account.User) AdminUserRow {
	return AdminUserRow{ID: u.ID, Name: u.Name, Email: u.Email, Role: u.Role, RoleLabel: RoleLabel(string(u.Role)), Active: u.Active,
		Deleted: u.Deleted(), DataURL: "/api/v1/admin/users/" + url.PathEscape(u.ID) + "/data"}
}

func NewAdminReviewRow(r review.Row, loc *time.Location) AdminReviewRow {
	return AdminReviewRow{ID: r.ID, TourName: r.TourName, TourSlug: r.TourSlug, UserName: r.UserName,
		Rating: r.Rating, Text: r.Text, Hidden: r.Hidden, CreatedAt: FormatTime(r.CreatedAt, loc)}
}

func NewAuditRow(e audit.Entry, loc *time.Location) AuditRow {
	row := AuditRow{ID: e.ID, At: FormatTime(e.At, loc), ActorName: e.ActorName, Action: e.Action,
		ObjectType: e.ObjectType, ObjectID: e.ObjectID, Changes: []string{}}
	fields := make([]string, 0, len(e.Changes))
	for f := range e.Changes {
		fields = append(fields, f)
	}
	sort.Strings(fields)
	for _, f := range fields {
		c := e.Changes[f]
		row.Changes = append(row.Changes, fmt.Sprintf("%s: %s → %s", f, auditValue(c.Old), auditValue(c.New)))
	}
	return row
}

// auditValue writes one side of a change; nothing (a created or removed field) is "—".
func auditValue(v any) string {
	if v == nil {
		return "—"
	}
	s := []rune(fmt.Sprint(v))
	if len(s) > 200 {
		return string(s[:200]) + "…"
	}
	return string(s)
}
