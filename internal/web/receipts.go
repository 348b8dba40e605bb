package web

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/fault"
	"tourbook/internal/money"
	"tourbook/internal/receipt"
	"tourbook/internal/view"
)

// Receipts reads the bookings' receipts and credit notes (receipt.Service).
type Receipts interface {
	Own(ctx context.Context, customer account.User, bookingID, id string) (receipt.Document, []byte, error)
	Office(ctx context.Context, actor account.User, bookingID, id string) (receipt.Document, []byte, error)
	OfBooking(ctx context.Context, bookingID string) ([]receipt.Document, error)
	List(ctx context.Context, actor account.User, p receipt.Period) (receipt.Listing, error)
}

// MyBookingReceipt is /my-tours/{id}/receipts/{receipt}: a receipt or credit note of the
// traveller's own booking, as a PDF. Anyone else gets the 404 page; a signed-out visitor
// is sent to log in first.
func (h *Handler) MyBookingReceipt(w http.ResponseWriter, r *http.Request) {
	u, ok := requireUser(w, r)
	if !ok {
		return
	}
	d, pdf, err := h.Receipts.Own(r.Context(), u, r.PathValue("id"), r.PathValue("receipt"))
	if err != nil {
		h.Error(w, r, err)
		return
	}
	writePDF(w, d, pdf)
}

// AdminBookingReceipt is /admin/bookings/{id}/receipts/{receipt}: the same PDF for those
// who manage bookings; anyone else gets the 404 page, as for the booking's page.
func (h *Handler) AdminBookingReceipt(w http.ResponseWriter, r *http.Request) {
	u, ok := h.backOffice(w, r)
	if !ok {
		return
	}
	d, pdf, err := h.Receipts.Office(r.Context(), u, r.PathValue("id"), r.PathValue("receipt"))
	if err != nil {
		h.officeError(w, r, err)
		return
	}
	writePDF(w, d, pdf)
}

func writePDF(w http.ResponseWriter, d receipt.Document, pdf []byte) {
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", `attachment; filename="`+d.FileName()+`"`)
	w.Header().Set("Cache-Control", "private, no-store")
	w.Header().Set("Content-Length", strconv.Itoa(len(pdf)))
	_, _ = w.Write(pdf)
}

// receiptLinks are a booking's documents to download under base (its page's address).
func (h *Handler) receiptLinks(ctx context.Context, bookingID, base string) ([]view.ReceiptLink, error) {
	if h.Receipts == nil {
		return []view.ReceiptLink{}, nil
	}
	docs, err := h.Receipts.OfBooking(ctx, bookingID)
	if err != nil {
		return nil, err
	}
	return view.NewReceiptLinks(docs, base), nil
}

// errBadPeriod refuses a period that is no month of a year.
var errBadPeriod = fault.New(fault.Invalid, "bad receipts period",
	"Please choose a year (2000 to 2100) and, if you like, a month (1 to 12).")

// receiptsPeriod reads ?year=&month=: this month where the site is when neither is
// given, a whole year when only the year is.
func (h *Handler) receiptsPeriod(r *http.Request) (receipt.Period, error) {
	q := r.URL.Query()
	year, month := strings.TrimSpace(q.Get("year")), strings.TrimSpace(q.Get("month"))
	if year == "" && month == "" {
		now := h.Now().In(h.Zone)
		return receipt.Period{Year: now.Year(), Month: int(now.Month())}, nil
	}
	p := receipt.Period{}
	var err error
	if p.Year, err = strconv.Atoi(year); err != nil || p.Year < 2000 || p.Year > 2100 {
		return p, errBadPeriod
	}
	if month != "" {
		if p.Month, err = strconv.Atoi(month); err != nil || p.Month < 1 || p.Month > 12 {
			return p, errBadPeriod
		}
	}
	return p, nil
}

// receipts is the period the request asks for, listed for u: false when the answer was
// written (the 404 page for those who are not administrators, or a bad period).
func (h *Handler) receipts(w http.ResponseWriter, r *http.Request) (receipt.Listing, bool) {
	u, ok := h.backOffice(w, r)
	if !ok {
		return receipt.Listing{}, false
	}
	if !account.CanAdminister(u) {
		h.NotFound(w, r)
		return receipt.Listing{}, false
	}
	p, err := h.receiptsPeriod(r)
	if err != nil {
		h.Error(w, r, err)
		return receipt.Listing{}, false
	}
	l, err := h.Receipts.List(r.Context(), u, p)
	if err != nil {
		h.officeError(w, r, err)
		return receipt.Listing{}, false
	}
	return l, true
}

// AdminReceipts is /admin/receipts?year=&month= (admins): the receipts and credit notes
// of a month or a year, by number, with their totals.
func (h *Handler) AdminReceipts(w http.ResponseWriter, r *http.Request) {
	l, ok := h.receipts(w, r)
	if !ok {
		return
	}
	h.render(w, r, page{name: "adminReceipts", title: "Receipts, " + l.Period.Label() + " · Back office",
		props: view.NewAdminReceiptsProps(l, h.Now(), h.Zone)})
}

// AdminReceiptsCSV is /admin/receipts.csv?year=&month= (admins): the same documents for
// the accountant, amounts as plain decimals (negative for credit notes) beside their
// currency, written as the manifest's CSV is (writeCSV).
func (h *Handler) AdminReceiptsCSV(w http.ResponseWriter, r *http.Request) {
	l, ok := h.receipts(w, r)
	if !ok {
		return
	}
	name := fmt.Sprintf("receipts-%d", l.Period.Year)
	if l.Period.Month != 0 {
		name += fmt.Sprintf("-%02d", l.Period.Month)
	}
	rows := make([][]string, 0, len(l.Documents))
	for _, d := range l.Documents {
		row := view.NewReceiptRow(d)
		rows = append(rows, []string{d.Number, row.Kind, d.RefersTo, d.IssuedAt.In(h.Zone).Format(time.DateOnly),
			SafeCell(d.Details.Customer.Name), SafeCell(d.Details.Customer.Email), SafeCell(d.Details.Tour),
			d.Details.BookingReference, row.Method, strings.ToUpper(d.Currency), money.Decimal(d.SignedMinor(), d.Currency),
			money.Decimal(d.SignedTaxMinor(), d.Currency), row.TaxRate})
	}
	h.writeCSV(w, r, name+".csv", []string{"Number", "Kind", "Refers to", "Issued", "Customer", "Email", "Tour", "Booking",
		"Method", "Currency", "Amount", "Tax", "Tax rate"}, rows)
}
