package view

import (
	"net/url"
	"strconv"
	"strings"
	"time"

	"tourbook/internal/money"
	"tourbook/internal/receipt"
)

// ReceiptLink is one receipt or credit note of a booking, to download.
type ReceiptLink struct {
	ID string `json:"id"`
	// "Receipt 2027-000042", "Credit note 2027-000043".
	Label  string `json:"label"`
	Amount string `json:"amount"`
	Issued string `json:"issued"`
	// The PDF's address: under /my-tours/{id} for the traveller, under
	// /admin/bookings/{id} for the back office.
	URL string `json:"url"`
}

// NewReceiptLinks are a booking's documents, to download from base (the booking's
// page's address).
func NewReceiptLinks(docs []receipt.Document, base string) []ReceiptLink {
	out := make([]ReceiptLink, 0, len(docs))
	for _, d := range docs {
		out = append(out, ReceiptLink{ID: d.ID, Label: d.Kind.Label() + " " + d.Number, Amount: money.Format(d.SignedMinor(), d.Currency),
			Issued: d.Details.Issued,
			URL:    ReceiptURL(base, d.ID)})
	}
	return out
}

// ReceiptURL is the PDF of the document id under a booking's page's address.
func ReceiptURL(base, id string) string { return base + "/receipts/" + url.PathEscape(id) }

// ReceiptRow is one document in /admin/receipts.
type ReceiptRow struct {
	ID        string `json:"id"`
	Number    string `json:"number"`
	Kind      string `json:"kind"` // "Receipt", "Credit note"
	RefersTo  string `json:"refersTo"`
	Issued    string `json:"issued"`
	Customer  string `json:"customer"`
	Tour      string `json:"tour"`
	Method    string `json:"method"`
	Amount    string `json:"amount"` // negative for a credit note
	Tax       string `json:"tax"`
	TaxRate   string `json:"taxRate"`
	BookingID string `json:"bookingId"`
	// The back office's copy of the PDF.
	URL string `json:"url"`
}

// ReceiptTotal is a period's sum in one currency.
type ReceiptTotal struct {
	Currency    string `json:"currency"` // "EUR"
	Receipts    int    `json:"receipts"`
	CreditNotes int    `json:"creditNotes"`
	Received    string `json:"received"`
	Credited    string `json:"credited"`
	Net         string `json:"net"`
	NetTax      string `json:"netTax"`
}

// ReceiptFilters are the period chosen: a year, and a month of it or "" for all of it.
type ReceiptFilters struct {
	Year  string `json:"year"`
	Month string `json:"month"`
}

// AdminReceiptsProps are the props of /admin/receipts?year=&month= (admins).
type AdminReceiptsProps struct {
	Filters ReceiptFilters `json:"filters"`
	// The years that can be chosen, newest first.
	Years []string `json:"years"`
	// "March 2027", "2027".
	Period    string         `json:"period"`
	Documents []ReceiptRow   `json:"documents"`
	Totals    []ReceiptTotal `json:"totals"`
	// The period's documents as CSV, for the accountant.
	CsvURL string `json:"csvUrl"`
}

// ReceiptsQuery is the address's query of a period.
func ReceiptsQuery(p receipt.Period) string {
	q := url.Values{"year": {strconv.Itoa(p.Year)}}
	if p.Month != 0 {
		q.Set("month", strconv.Itoa(p.Month))
	}
	return q.Encode()
}

// NewAdminReceiptsProps lists l for the back office; now gives the years offered (from
// the year of the first receipt, at most ten back, to this one).
func NewAdminReceiptsProps(l receipt.Listing, now time.Time, zone *time.Location) AdminReceiptsProps {
	p := AdminReceiptsProps{Filters: ReceiptFilters{Year: strconv.Itoa(l.Period.Year)}, Period: l.Period.Label(),
		Documents: make([]ReceiptRow, 0, len(l.Documents)), Totals: make([]ReceiptTotal, 0, len(l.Totals)),
		CsvURL: "/admin/receipts.csv?" + ReceiptsQuery(l.Period)}
	if l.Period.Month != 0 {
		p.Filters.Month = strconv.Itoa(l.Period.Month)
	}
	this := now.In(zone).Year()
	for y := max(this, l.Period.Year); y >= this-10; y-- {
		p.Years = append(p.Years, strconv.Itoa(y))
	}
	for _, d := range l.Documents {
		p.Documents = append(p.Documents, NewReceiptRow(d))
	}
	for _, t := range l.Totals {
		p.Totals = append(p.Totals, ReceiptTotal{Currency: strings.ToUpper(t.Currency), Receipts: t.Receipts, CreditNotes: t.CreditNotes,
			Received: money.Format(t.ReceivedMinor, t.Currency), Credited: money.Format(t.CreditedMinor, t.Currency),
			Net: money.Format(t.NetMinor, t.Currency), NetTax: money.Format(t.NetTaxMinor, t.Currency)})
	}
	return p
}

// NewReceiptRow is d as /admin/receipts and its CSV show it.
func NewReceiptRow(d receipt.Document) ReceiptRow {
	return ReceiptRow{ID: d.ID, Number: d.Number, Kind: d.Kind.Label(), RefersTo: d.RefersTo, Issued: d.Details.Issued,
		Customer: d.Details.Customer.Name, Tour: d.Details.Tour, Method: d.Method.Label(),
		Amount: money.Format(d.SignedMinor(), d.Currency), Tax: money.Format(d.SignedTaxMinor(), d.Currency),
		TaxRate: receipt.RateLabel(d.TaxRate), BookingID: d.BookingID,
		URL: ReceiptURL("/admin/bookings/"+url.PathEscape(d.BookingID), d.ID)}
}
