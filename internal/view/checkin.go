package view

import (
	"fmt"
	"net/url"
	"time"

	"tourbook/internal/backoffice"
	"tourbook/internal/checkin"
	"tourbook/internal/format"
	"tourbook/internal/ticket"
	"tourbook/internal/tour"
)

// Tickets and the check-in at the departure.

// CheckInState is what a guide recorded of a booking at the departure.
type CheckInState struct {
	// Participants who came; 0 is a no-show.
	Arrived int    `json:"arrived"`
	NoShow  bool   `json:"noShow"`
	At      string `json:"at"` // "08:42", in the tour's time zone
	// The name of who checked it in.
	By    string `json:"by"`
	Label string `json:"label"` // "2 of 2 arrived", "No-show"
	Text  string `json:"text"`  // "Already checked in at 08:42 by Kwame Mensah: 2 of 2 arrived."
}

// CheckInTicket is a ticket as the check-in page shows it.
type CheckInTicket struct {
	BookingID string `json:"bookingId"`
	// "7KQ4-M2XD-9TWP".
	Code         string        `json:"code"`
	CustomerName string        `json:"customerName"`
	Participants int           `json:"participants"`
	CheckIn      *CheckInState `json:"checkIn"`
}

// CheckInRow is one paid booking of the departure on the check-in page, for travellers
// who cannot show their code.
type CheckInRow struct {
	BookingID    string        `json:"bookingId"`
	CustomerName string        `json:"customerName"`
	Participants int           `json:"participants"`
	CheckIn      *CheckInState `json:"checkIn"`
	// The lead traveller's phone, to call a latecomer; "" when none.
	Phone string `json:"phone"`
}

// TicketView is a ticket as its traveller sees it.
type TicketView struct {
	// "7KQ4-M2XD-9TWP".
	Code string `json:"code"`
	// The QR code of the ticket, an SVG only its traveller may load.
	QRURL   string `json:"qrUrl"`
	Checked string `json:"checked"` // "" until checked in, then "Checked in at 08:42"
}

// AdminCheckInProps are the props of a departure's check-in page.
type AdminCheckInProps struct {
	Tour      IDName            `json:"tour"`
	Departure ManifestDeparture `json:"departure"`
	// "/admin/tours/{id}/departures/{date}".
	ManifestURL string `json:"manifestUrl"`
	// Opens says when check-in opens while it is not yet the departure's day; "" once open.
	Opens string       `json:"opens"`
	Rows  []CheckInRow `json:"rows"`
	// Participants of paid bookings.
	Travellers int `json:"travellers"`
	// Categories counts who is coming by category: "2 Adult · 1 Child · 1 Infant".
	Categories string `json:"categories"`
	// Of those, checked in as arrived.
	Arrived int `json:"arrived"`
}

// CheckInURL is the address of a departure's check-in page.
func CheckInURL(tourID string, day time.Time) string { return ManifestURL(tourID, day) + "/check-in" }

// TicketQRURL is the address of the QR code of a booking's ticket, for its owner only.
func TicketQRURL(bookingID string) string {
	return "/my-tours/" + url.PathEscape(bookingID) + "/ticket.svg"
}

func NewCheckInState(t tour.Tour, k ticket.Ticket) *CheckInState {
	c := k.CheckIn
	if c == nil {
		return nil
	}
	s := &CheckInState{Arrived: c.Arrived, NoShow: c.NoShow(), At: c.At.In(t.Zone()).Format("15:04"), By: c.ByName,
		Label: fmt.Sprintf("%d of %d arrived", c.Arrived, k.Participants), Text: checkin.CheckedInText(t, k)}
	if s.NoShow {
		s.Label = "No-show"
	}
	return s
}

func NewCheckInTicket(k ticket.Ticket) CheckInTicket {
	t := tour.Tour{TimeZone: k.TimeZone}
	return CheckInTicket{BookingID: k.BookingID, Code: ticket.Format(k.Code), CustomerName: k.CustomerName,
		Participants: k.Participants, CheckIn: NewCheckInState(t, k)}
}

// ManifestCheckIn is the check-in of a manifest's booking, or nil.
func ManifestCheckIn(m checkin.Manifest, b backoffice.BookingRow) *CheckInState {
	c, ok := m.CheckIns[b.ID]
	if !ok {
		return nil
	}
	return NewCheckInState(m.Tour, ticket.Ticket{Participants: b.Participants, CheckIn: &c})
}

func NewManifestDeparture(m checkin.Manifest, now time.Time) ManifestDeparture {
	return ManifestDeparture{Date: m.Departure.Date.Format(time.DateOnly), Label: FormatDate(m.Departure.Date),
		StartTimeLabel: StartTimeLabel(m.Tour, m.Departure), MeetingPoint: m.Departure.MeetingPoint,
		Capacity: m.Tour.CapacityOf(m.Departure), Closed: m.Departure.Closed,
		Cancelled: m.Departure.Cancelled(), Past: m.Tour.Started(m.Departure, now)}
}

func NewAdminCheckInProps(m checkin.Manifest, now time.Time) AdminCheckInProps {
	p := AdminCheckInProps{Tour: IDName{ID: m.Tour.ID, Name: m.Tour.Name}, Departure: NewManifestDeparture(m, now),
		ManifestURL: ManifestURL(m.Tour.ID, m.Departure.Date), Rows: []CheckInRow{}}
	if opens := checkin.CheckInOpens(m.Tour, m.Departure); now.Before(opens) {
		p.Opens = "Check-in opens on the day of the departure, " + format.Date(m.Departure.Date) +
			" (" + m.Tour.Zone().String() + " time). Until then you can look tickets up."
	}
	for _, b := range m.Coming {
		p.Rows = append(p.Rows, CheckInRow{BookingID: b.ID, CustomerName: b.CustomerName, Participants: b.Participants,
			CheckIn: ManifestCheckIn(m, b), Phone: b.ContactPhone})
	}
	p.Travellers, p.Arrived = m.Totals.Travellers, m.Totals.CheckedIn
	p.Categories = checkin.CategoriesText(m.Categories())
	return p
}

// NewTicketView is a paid booking's ticket for its traveller.
func NewTicketView(k ticket.Ticket) *TicketView {
	v := &TicketView{Code: ticket.Format(k.Code), QRURL: TicketQRURL(k.BookingID)}
	if k.CheckIn != nil {
		v.Checked = "Checked in at " + k.CheckIn.At.In(tour.Tour{TimeZone: k.TimeZone}.Zone()).Format("15:04")
	}
	return v
}

// NewManifestRow is one of the manifest m's bookings, with its check-in, the lead
// traveller's phone and the office's notes.
func NewManifestRow(m checkin.Manifest, r backoffice.BookingRow) ManifestRow {
	return ManifestRow{BookingID: r.ID, Reference: r.Reference, CustomerName: r.CustomerName, CustomerEmail: r.CustomerEmail,
		Participants: r.Participants, Status: r.Status, StatusLabel: StatusLabel(r.Status),
		SourceLabel: SourceLabel(r.Source), CheckIn: ManifestCheckIn(m, r), Phone: r.ContactPhone, Notes: r.Notes,
		Travellers: NewManifestTravellers(checkin.TravellersOf(r))}
}

// NewAdminManifestProps are the props of the manifest m, seen at now.
func NewAdminManifestProps(m checkin.Manifest, now time.Time, canManage bool) AdminManifestProps {
	p := AdminManifestProps{
		Tour: IDName{ID: m.Tour.ID, Name: m.Tour.Name}, Departure: NewManifestDeparture(m, now),
		Rows: make([]ManifestRow, 0, len(m.Coming)), Apart: make([]ManifestRow, 0, len(m.Apart)),
		Guides: append([]string{}, m.Guides...), Bookings: m.Totals.Bookings, Travellers: m.Totals.Travellers,
		CheckedIn: m.Totals.CheckedIn, CSVURL: ManifestURL(m.Tour.ID, m.Departure.Date) + "/manifest.csv",
		CheckInURL: CheckInURL(m.Tour.ID, m.Departure.Date), CanManage: canManage,
		Waitlist:   make([]ManifestWaitlistRow, 0, len(m.Waitlist)),
		Categories: checkin.CategoriesText(m.Categories()), Columns: NewManifestColumns(m),
	}
	for _, e := range m.Waitlist {
		p.Waitlist = append(p.Waitlist, NewManifestWaitlistRow(e, m.Tour))
		p.Waiting += e.Participants
	}
	for _, b := range m.Coming {
		p.Rows = append(p.Rows, NewManifestRow(m, b))
	}
	for _, b := range m.Apart {
		p.Apart = append(p.Apart, NewManifestRow(m, b))
	}
	return p
}
