package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"tourbook/internal/booking"
	"tourbook/internal/receipt"
)

// Receipts and credit notes (internal/receipt): the counter of each year's numbers, and
// the documents as they were issued.

// NextReceiptSeq raises the year's counter by one and returns it. On PostgreSQL the
// upsert locks the year's row until the transaction ends, so concurrent payments (on any
// instance) take the numbers one after another and a rolled-back one gives its number
// back; on SQLite the single writer does the same. Call it inside the payment's
// transaction, as late as possible.
func (s *Store) NextReceiptSeq(ctx context.Context, year int) (int64, error) {
	var seq int64
	err := s.writer().QueryRowContext(ctx, `INSERT INTO receipt_counters (year, last_seq) VALUES ($1, 1)
		ON CONFLICT (year) DO UPDATE SET last_seq = receipt_counters.last_seq + 1
		RETURNING last_seq`, year).Scan(&seq)
	if err != nil {
		return 0, fmt.Errorf("next receipt number of %d: %w", year, err)
	}
	return seq, nil
}

const receiptColumns = `r.id, r.number, r.year, r.seq, r.kind, r.booking_id, b.user_id, r.source, r.refers_to,
	r.issued_at, r.amount_minor, r.tax_minor, r.tax_rate_bp, r.currency, r.method, r.details`

const receiptFrom = ` FROM receipts r JOIN bookings b ON b.id = r.booking_id`

// receiptRow scans a document, its details from JSON.
type receiptRow struct {
	d       receipt.Document
	details string
}

func receiptFields(r *receiptRow) []any {
	d := &r.d
	return []any{&d.ID, &d.Number, &d.Year, &d.Seq, &d.Kind, &d.BookingID, &d.UserID, &d.Source, &d.RefersTo,
		timeCol{&d.IssuedAt}, &d.AmountMinor, &d.TaxMinor, &d.TaxRate, &d.Currency, &d.Method, &r.details}
}

func (r receiptRow) document() (receipt.Document, error) {
	if err := json.Unmarshal([]byte(r.details), &r.d.Details); err != nil {
		return receipt.Document{}, fmt.Errorf("details of %s %s: %w", r.d.Kind, r.d.Number, err)
	}
	return r.d, nil
}

// AddReceipt writes d (its ID set when empty).
func (s *Store) AddReceipt(ctx context.Context, d *receipt.Document) error {
	s.ensureID(&d.ID)
	details, err := json.Marshal(d.Details)
	if err != nil {
		return fmt.Errorf("add %s %s: %w", d.Kind, d.Number, err)
	}
	_, err = s.writer().ExecContext(ctx, `INSERT INTO receipts (id, number, year, seq, kind, booking_id, source, refers_to,
			issued_at, amount_minor, tax_minor, tax_rate_bp, currency, method, details)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
		d.ID, d.Number, d.Year, d.Seq, string(d.Kind), d.BookingID, d.Source, d.RefersTo, ts(d.IssuedAt),
		d.AmountMinor, d.TaxMinor, d.TaxRate, d.Currency, string(d.Method), string(details))
	if err != nil {
		return fmt.Errorf("add %s %s: %w", d.Kind, d.Number, err)
	}
	return nil
}

func (s *Store) receiptWhere(ctx context.Context, where string, args ...any) (receipt.Document, error) {
	var r receiptRow
	err := s.reader().QueryRowContext(ctx, `SELECT `+receiptColumns+receiptFrom+` WHERE `+where, args...).Scan(receiptFields(&r)...)
	if errors.Is(err, sql.ErrNoRows) {
		err = receipt.ErrNotFound
	}
	if err != nil {
		return receipt.Document{}, fmt.Errorf("receipt %v: %w", args, err)
	}
	return r.document()
}

// ReceiptBySource finds the document issued for an event (receipt.ErrNotFound).
func (s *Store) ReceiptBySource(ctx context.Context, source string) (receipt.Document, error) {
	return s.receiptWhere(ctx, `r.source = $1`, source)
}

// LatestReceipt is a booking's last receipt, credit notes aside (receipt.ErrNotFound).
func (s *Store) LatestReceipt(ctx context.Context, bookingID string) (receipt.Document, error) {
	return s.receiptWhere(ctx, `r.booking_id = $1 AND r.kind = 'receipt' ORDER BY r.year DESC, r.seq DESC LIMIT 1`, bookingID)
}

// ReceiptByID finds a document (receipt.ErrNotFound).
func (s *Store) ReceiptByID(ctx context.Context, id string) (receipt.Document, error) {
	return s.receiptWhere(ctx, `r.id = $1`, id)
}

func (s *Store) receipts(ctx context.Context, where string, args ...any) ([]receipt.Document, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT `+receiptColumns+receiptFrom+` WHERE `+where+
		` ORDER BY r.year, r.seq`, args...)
	if err != nil {
		return nil, err
	}
	list, err := collect(rows, receiptFields)
	if err != nil {
		return nil, err
	}
	out := make([]receipt.Document, 0, len(list))
	for _, r := range list {
		d, err := r.document()
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, nil
}

// BookingReceipts lists a booking's documents, by number.
func (s *Store) BookingReceipts(ctx context.Context, bookingID string) ([]receipt.Document, error) {
	list, err := s.receipts(ctx, `r.booking_id = $1`, bookingID)
	if err != nil {
		return nil, fmt.Errorf("receipts of booking %s: %w", bookingID, err)
	}
	return list, nil
}

// ReceiptsIssued lists the documents issued in [from, to), by number.
func (s *Store) ReceiptsIssued(ctx context.Context, from, to time.Time) ([]receipt.Document, error) {
	list, err := s.receipts(ctx, `r.issued_at >= $1 AND r.issued_at < $2`, ts(from), ts(to))
	if err != nil {
		return nil, fmt.Errorf("receipts issued from %s to %s: %w", ts(from), ts(to), err)
	}
	return list, nil
}

// ReceiptFacts reads what a document about a booking says: its reference, customer (the
// booking's contact, else the account's), tour with its tax rate and zone, departure
// and travellers (receipt.ErrNotFound).
func (s *Store) ReceiptFacts(ctx context.Context, bookingID string) (receipt.Facts, error) {
	var f receipt.Facts
	var contactName, contactEmail, userName, userEmail string
	var startTime sql.NullString
	var b booking.Booking
	err := s.reader().QueryRowContext(ctx, `SELECT b.id, COALESCE(b.reference, ''), b.user_id, b.contact_name, b.contact_email, u.name, u.email,
			t.name, t.tax_rate_bp, t.time_zone, b.start_date, sd.start_time, b.participants, b.amount_minor, b.units, b.extras, b.travellers
		FROM bookings b JOIN users u ON u.id = b.user_id JOIN tours t ON t.id = b.tour_id
		LEFT JOIN tour_start_dates sd ON sd.tour_id = b.tour_id AND sd.start_date = b.start_date
		WHERE b.id = $1`, bookingID).Scan(&f.BookingID, &f.Reference, &f.UserID, &contactName, &contactEmail, &userName, &userEmail,
		&f.TourName, &f.TaxRate, &f.TimeZone, timeCol{&f.StartDate}, &startTime, &b.Participants, &b.AmountMinor,
		jsonCol[[]booking.Unit]{&b.Units}, jsonCol[[]booking.ExtraLine]{&b.Extras}, jsonCol[[]booking.Traveller]{&b.Travellers})
	if errors.Is(err, sql.ErrNoRows) {
		err = receipt.ErrNotFound
	}
	if err != nil {
		return f, fmt.Errorf("receipt facts of booking %s: %w", bookingID, err)
	}
	f.CustomerName, f.CustomerEmail, f.StartTime = userName, userEmail, startTime.String
	if contactName != "" {
		f.CustomerName = contactName
	}
	if contactEmail != "" {
		f.CustomerEmail = contactEmail
	}
	f.Participants, f.BookingTotalMinor = b.Participants, b.AmountMinor
	for _, it := range b.Items() {
		f.Lines = append(f.Lines, receipt.Line{Description: it.Name, Quantity: it.Quantity, UnitMinor: it.PriceMinor, AmountMinor: it.AmountMinor()})
	}
	// The names an operator took with the booking, else those given at checkout.
	if f.Travellers, err = s.BookingTravellers(ctx, bookingID); err != nil {
		return f, err
	}
	if len(f.Travellers) == 0 {
		for _, t := range b.Travellers {
			if t.Name != "" {
				f.Travellers = append(f.Travellers, t.Name)
			}
		}
	}
	return f, nil
}

var (
	_ receipt.Tx    = (*Store)(nil)
	_ receipt.Store = (*Store)(nil)
)
