// Package receipt numbers the money a booking receives and gives back: every sum
// received (online, by a payment link, in cash, by bank transfer) gets a receipt, and
// every refund a credit note that names the receipt it corrects, both numbered from one
// gap-free sequence per calendar year ("2027-000042"). A number is taken in the
// payment's (or refund's) own transaction, from a counter row per year raised under
// that transaction (a row lock on PostgreSQL, the single writer on SQLite): a payment
// rolled back gives its number back, and two instances never share one.
//
// A document keeps what it says as it was issued — the seller (the business's legal
// name, address, tax number), the customer, the tour, departure and travellers, the
// amount with the tax it includes (the tour's rate) and how it was paid — so a later
// change of the settings, the tour or the account never rewrites it. Its PDF is made
// from that copy, with the Go fonts embedded so every Latin-script name prints. It
// knows nothing of HTTP or SQL.
package receipt

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"tourbook/internal/business"
	"tourbook/internal/fault"
	"tourbook/internal/format"
	"tourbook/internal/mail"
	"tourbook/internal/tour"
)

// Kind of a document.
type Kind string

const (
	// Receipt acknowledges money received.
	Receipt Kind = "receipt"
	// CreditNote acknowledges money given back; it refers to a receipt.
	CreditNote Kind = "credit_note"
)

// Label is the document's name as printed: "Receipt", "Credit note".
func (k Kind) Label() string {
	if k == CreditNote {
		return "Credit note"
	}
	return "Receipt"
}

// Method is how the money moved.
type Method string

const (
	Card         Method = "card"          // online, through the payment provider
	Link         Method = "link"          // a payment link, through the payment provider
	Cash         Method = "cash"          // at the desk
	BankTransfer Method = "bank_transfer" // outside the site
	GiftCard     Method = "gift_card"     // all of it by a gift card (issue #24 §2)
	// CardAndGiftCard: part by a gift card, the rest online through the provider.
	CardAndGiftCard Method = "card_gift_card"
)

// Label is the method as printed.
func (m Method) Label() string {
	switch m {
	case Card:
		return "Card (online)"
	case Link:
		return "Card (payment link)"
	case Cash:
		return "Cash"
	case BankTransfer:
		return "Bank transfer"
	case GiftCard:
		return "Gift card"
	case CardAndGiftCard:
		return "Gift card and card (online)"
	}
	return string(m)
}

// MethodOf is the method of a payment or a booking's source as the services name it:
// "online" (or "") by card, "link", "cash", "bank_transfer".
func MethodOf(name string) Method {
	if name == "" || name == "online" {
		return Card
	}
	return Method(name)
}

// Party is a seller or a customer as the document names them.
type Party struct {
	Name      string `json:"name"`
	Address   string `json:"address,omitempty"` // one line per line
	TaxNumber string `json:"taxNumber,omitempty"`
	Email     string `json:"email,omitempty"`
}

// Line is one line of what the booking bought: Quantity travellers of a price category
// ("Adult"), or of an extra ("Wetsuit"), at UnitMinor each.
type Line struct {
	Description string `json:"description"`
	Quantity    int    `json:"quantity"`
	UnitMinor   int64  `json:"unitPrice"`
	AmountMinor int64  `json:"amount"`
}

// Details are what a document says besides its number and money, copied when it is
// issued.
type Details struct {
	Seller           Party  `json:"seller"`
	Customer         Party  `json:"customer"`
	BookingReference string `json:"bookingReference"`
	Tour             string `json:"tour"`
	Departure        string `json:"departure"` // "Tue 15 June 2027, 09:00 CEST (Europe/Oslo)"
	// Participants is the booking's seats.
	Participants int      `json:"participants"`
	Travellers   []string `json:"travellers,omitempty"`
	// Lines are what the booking bought, one per price category and per extra, and
	// BookingTotalMinor its price when the document was issued. A document issued before
	// price categories has none (it prints its participants).
	Lines             []Line `json:"lines,omitempty"`
	BookingTotalMinor int64  `json:"bookingTotal,omitempty"`
	// Issued is the issue time as the site's zone reads it.
	Issued string `json:"issued"`
}

// Document is a receipt or a credit note.
type Document struct {
	ID     string
	Number string // "2027-000042"
	Year   int
	Seq    int64
	Kind   Kind
	// BookingID is the booking the money was for; UserID its customer's account.
	BookingID string
	UserID    string
	// Source names the event the document is for, once: "booking-paid:<booking>",
	// "payment:<payment>", "refund:<refund>".
	Source string
	// RefersTo is a credit note's receipt number; "" for a receipt.
	RefersTo    string
	IssuedAt    time.Time
	AmountMinor int64 // with tax included; always positive (a credit note gives it back)
	TaxMinor    int64 // the part of AmountMinor that is tax
	TaxRate     int   // basis points
	Currency    string
	Method      Method
	Details     Details
}

// FileName is the PDF's name: "receipt-2027-000042.pdf", "credit-note-2027-000043.pdf".
func (d Document) FileName() string {
	return strings.ReplaceAll(string(d.Kind), "_", "-") + "-" + d.Number + ".pdf"
}

// SignedMinor is the amount as the accounts count it: negative for a credit note.
func (d Document) SignedMinor() int64 {
	if d.Kind == CreditNote {
		return -d.AmountMinor
	}
	return d.AmountMinor
}

// SignedTaxMinor is the tax as the accounts count it: negative for a credit note.
func (d Document) SignedTaxMinor() int64 {
	if d.Kind == CreditNote {
		return -d.TaxMinor
	}
	return d.TaxMinor
}

// Number writes a year's seq'th number: "2027-000042".
func Number(year int, seq int64) string { return fmt.Sprintf("%d-%06d", year, seq) }

// ErrNotFound: no such document.
var ErrNotFound = fault.New(fault.NotFound, "receipt not found", "There is no such receipt.")

// Facts are what the store knows of a booking when a document is issued.
type Facts struct {
	BookingID string
	Reference string
	UserID    string
	// Customer is the lead's name and email: the booking's contact, else the account's.
	CustomerName, CustomerEmail string
	TourName                    string
	TaxRate                     int // the tour's, basis points
	TimeZone                    string
	StartDate                   time.Time // midnight UTC
	StartTime                   string    // "09:00"; "" when the departure is gone
	Participants                int
	Travellers                  []string
	// Lines are what the booking bought, and BookingTotalMinor its price.
	Lines             []Line
	BookingTotalMinor int64
}

// Tx is what issuing writes in the payment's or refund's transaction (*store.Store
// bound to one has it).
type Tx interface {
	// ReceiptFacts reads what a document about the booking says (ErrNotFound).
	ReceiptFacts(ctx context.Context, bookingID string) (Facts, error)
	// NextReceiptSeq raises the year's counter and returns its new value, locked until
	// the transaction ends.
	NextReceiptSeq(ctx context.Context, year int) (int64, error)
	AddReceipt(ctx context.Context, d *Document) error
	// ReceiptBySource finds the document issued for an event (ErrNotFound).
	ReceiptBySource(ctx context.Context, source string) (Document, error)
	// LatestReceipt is the booking's last receipt (not credit note) (ErrNotFound).
	LatestReceipt(ctx context.Context, bookingID string) (Document, error)
	// The site settings, for the business's profile as the transaction sees it: read
	// there, not through another connection, which a transaction must not wait for.
	business.Store
}

// Store reads documents (*store.Store has it).
type Store interface {
	ReceiptByID(ctx context.Context, id string) (Document, error)
	BookingReceipts(ctx context.Context, bookingID string) ([]Document, error)
	// ReceiptsIssued lists the documents issued in [from, to), by number.
	ReceiptsIssued(ctx context.Context, from, to time.Time) ([]Document, error)
}

// Issue is a document to issue.
type Issue struct {
	Kind        Kind
	BookingID   string
	Source      string
	AmountMinor int64
	Currency    string
	Method      Method
	At          time.Time
}

// Issuer issues documents inside a payment's or a refund's transaction; the services
// that take and give back money hold one (nil: none issued).
type Issuer interface {
	Issue(ctx context.Context, tx Tx, in Issue, attachTo *mail.Message) (Document, error)
}

// Options configure a Service.
type Options struct {
	// Zone is the site's time zone: the calendar year a number belongs to, and the day
	// printed.
	Zone *time.Location
}

// Service issues, reads and lists documents.
type Service struct {
	store Store
	zone  *time.Location
}

// NewService returns the service over st.
func NewService(st Store, o Options) *Service {
	s := &Service{store: st, zone: o.Zone}
	if s.zone == nil {
		s.zone = time.UTC
	}
	return s
}

// Issue issues in's document in tx, once per in.Source (the one issued already is
// returned again), and attaches its PDF to attachTo when not nil. A credit note refers
// to the booking's latest receipt and takes its tax rate; a booking without a receipt
// (its money was never taken as a sale: a payment due back at once) gets no credit note
// (the zero Document). The year's number is taken last, so its counter is locked for
// as short a time as the transaction allows.
func (s *Service) Issue(ctx context.Context, tx Tx, in Issue, attachTo *mail.Message) (Document, error) {
	if in.AmountMinor <= 0 {
		return Document{}, nil
	}
	prev, err := tx.ReceiptBySource(ctx, in.Source)
	switch {
	case err == nil:
		return prev, s.attach(attachTo, prev)
	case !errors.Is(err, ErrNotFound):
		return Document{}, fmt.Errorf("receipt for %s: %w", in.Source, err)
	}
	f, err := tx.ReceiptFacts(ctx, in.BookingID)
	if err != nil {
		return Document{}, fmt.Errorf("receipt for %s: %w", in.Source, err)
	}
	// The seller as the settings say now, read in the transaction (one small row).
	p, err := business.NewService(tx, business.Options{}).Profile(ctx)
	if err != nil {
		return Document{}, fmt.Errorf("receipt for %s: %w", in.Source, err)
	}
	at := in.At.UTC().Truncate(time.Microsecond)
	d := Document{Kind: in.Kind, BookingID: in.BookingID, UserID: f.UserID, Source: in.Source, IssuedAt: at,
		AmountMinor: in.AmountMinor, TaxRate: f.TaxRate, Currency: strings.ToLower(in.Currency), Method: in.Method,
		Details: s.details(p, f, at)}
	if in.Kind == CreditNote {
		r, err := tx.LatestReceipt(ctx, in.BookingID)
		if errors.Is(err, ErrNotFound) {
			return Document{}, nil
		}
		if err != nil {
			return Document{}, fmt.Errorf("credit note for %s: %w", in.Source, err)
		}
		d.RefersTo, d.TaxRate = r.Number, r.TaxRate
	}
	d.TaxMinor = IncludedTax(d.AmountMinor, d.TaxRate)
	d.Year = at.In(s.zone).Year()
	if d.Seq, err = tx.NextReceiptSeq(ctx, d.Year); err != nil {
		return Document{}, fmt.Errorf("number %s for %s: %w", d.Kind, in.Source, err)
	}
	d.Number = Number(d.Year, d.Seq)
	if err := tx.AddReceipt(ctx, &d); err != nil {
		return Document{}, fmt.Errorf("%s %s for %s: %w", d.Kind, d.Number, in.Source, err)
	}
	return d, s.attach(attachTo, d)
}

// details is what a document about f says, with the seller as p names it now.
func (s *Service) details(p business.Profile, f Facts, at time.Time) Details {
	seller := Party{Name: p.LegalName, Address: strings.TrimSpace(p.Address), TaxNumber: strings.TrimSpace(p.TaxNumber), Email: p.ContactEmail}
	if strings.TrimSpace(seller.Name) == "" {
		seller.Name = p.Name
	}
	return Details{
		Seller:            seller,
		Customer:          Party{Name: f.CustomerName, Email: f.CustomerEmail},
		BookingReference:  f.Reference,
		Tour:              f.TourName,
		Departure:         departure(f),
		Participants:      f.Participants,
		Travellers:        f.Travellers,
		Lines:             f.Lines,
		BookingTotalMinor: f.BookingTotalMinor,
		Issued:            format.DayIn(at, s.zone),
	}
}

// departure writes the departure's day and local start time with the tour's zone, as
// the booking's emails do.
func departure(f Facts) string {
	day := format.Date(f.StartDate)
	if f.StartTime == "" {
		return day
	}
	t := tour.Tour{TimeZone: f.TimeZone}
	return day + ", " + format.StartTime(t, tour.StartDate{Date: tour.Day(f.StartDate), StartTime: f.StartTime})
}

// attach adds d's PDF to m (when both are there).
func (s *Service) attach(m *mail.Message, d Document) error {
	if m == nil || d.Number == "" {
		return nil
	}
	pdf, err := PDF(d)
	if err != nil {
		return err
	}
	for _, a := range m.Attachments {
		if a.Name == d.FileName() {
			return nil
		}
	}
	m.Attachments = append(m.Attachments, mail.Attachment{Name: d.FileName(), ContentType: "application/pdf", Data: pdf})
	return nil
}
