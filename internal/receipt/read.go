package receipt

import (
	"context"
	"fmt"
	"sort"
	"time"

	"tourbook/internal/account"
)

// Own is one of the documents of customer's booking, with its PDF; ErrNotFound when
// the booking or the document is not theirs, whoever asks (operators have the back
// office's address).
func (s *Service) Own(ctx context.Context, customer account.User, bookingID, id string) (Document, []byte, error) {
	d, err := s.store.ReceiptByID(ctx, id)
	if err != nil {
		return Document{}, nil, err
	}
	if customer.ID == "" || d.UserID != customer.ID || d.BookingID != bookingID {
		return Document{}, nil, fmt.Errorf("receipt %s of another booking or user: %w", id, ErrNotFound)
	}
	return withPDF(d)
}

// Office is one of a booking's documents with its PDF, for those who manage bookings.
func (s *Service) Office(ctx context.Context, actor account.User, bookingID, id string) (Document, []byte, error) {
	if !account.CanManageBookings(actor) {
		return Document{}, nil, account.ErrNotAllowed
	}
	d, err := s.store.ReceiptByID(ctx, id)
	if err != nil {
		return Document{}, nil, err
	}
	if d.BookingID != bookingID {
		return Document{}, nil, fmt.Errorf("receipt %s of another booking: %w", id, ErrNotFound)
	}
	return withPDF(d)
}

func withPDF(d Document) (Document, []byte, error) {
	pdf, err := PDF(d)
	if err != nil {
		return Document{}, nil, err
	}
	return d, pdf, nil
}

// OfBooking lists a booking's documents, oldest first (the callers have checked who
// asks: the booking's own page, or the back office's).
func (s *Service) OfBooking(ctx context.Context, bookingID string) ([]Document, error) {
	return s.store.BookingReceipts(ctx, bookingID)
}

// Period is a month (Month 1–12) or a whole year (Month 0) of the site's calendar.
type Period struct {
	Year  int
	Month int
}

// Bounds are the period's first instant and the next period's, in the site's zone.
func (p Period) Bounds(zone *time.Location) (time.Time, time.Time) {
	if p.Month == 0 {
		return time.Date(p.Year, 1, 1, 0, 0, 0, 0, zone), time.Date(p.Year+1, 1, 1, 0, 0, 0, 0, zone)
	}
	from := time.Date(p.Year, time.Month(p.Month), 1, 0, 0, 0, 0, zone)
	return from, from.AddDate(0, 1, 0)
}

// Label names the period: "March 2027", "2027".
func (p Period) Label() string {
	if p.Month == 0 {
		return fmt.Sprint(p.Year)
	}
	return time.Month(p.Month).String() + fmt.Sprintf(" %d", p.Year)
}

// Total adds up a period's documents in one currency: what was received, what was
// given back, and the net with the tax in it.
type Total struct {
	Currency      string
	Receipts      int
	CreditNotes   int
	ReceivedMinor int64
	CreditedMinor int64
	NetMinor      int64
	NetTaxMinor   int64
}

// Listing is a period's documents and their totals by currency.
type Listing struct {
	Period    Period
	Documents []Document
	Totals    []Total
}

// List is the documents issued in a period, for the accountant: administrators only.
func (s *Service) List(ctx context.Context, actor account.User, p Period) (Listing, error) {
	if !account.CanAdminister(actor) {
		return Listing{}, account.ErrNotAllowed
	}
	from, to := p.Bounds(s.zone)
	docs, err := s.store.ReceiptsIssued(ctx, from, to)
	if err != nil {
		return Listing{}, err
	}
	return Listing{Period: p, Documents: docs, Totals: Totals(docs)}, nil
}

// Totals adds documents up by currency, currencies in alphabetical order.
func Totals(docs []Document) []Total {
	by := map[string]*Total{}
	for _, d := range docs {
		t := by[d.Currency]
		if t == nil {
			t = &Total{Currency: d.Currency}
			by[d.Currency] = t
		}
		if d.Kind == CreditNote {
			t.CreditNotes++
			t.CreditedMinor += d.AmountMinor
		} else {
			t.Receipts++
			t.ReceivedMinor += d.AmountMinor
		}
		t.NetMinor += d.SignedMinor()
		t.NetTaxMinor += d.SignedTaxMinor()
	}
	out := make([]Total, 0, len(by))
	for _, t := range by {
		out = append(out, *t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Currency < out[j].Currency })
	return out
}

// Zone is the site's zone, in which periods and numbers' years are read.
func (s *Service) Zone() *time.Location { return s.zone }
