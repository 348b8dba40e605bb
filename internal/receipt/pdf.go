package receipt

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/goregular"

	"tourbook/internal/money"
)

// PDF is d as an A4 PDF. The text is set in Go Regular (golang.org/x/image/font/gofont),
// embedded as a subset with its Unicode mapping, so a name in any Latin script ("Łukasz
// Żółć", "Þórdís Ægisdóttir") prints as written and can be searched and copied; PDF's
// core fonts know only Windows-1252. One font, headings set larger rather than in bold:
// loading a font is most of a PDF's time (about 2 ms each, a PDF 5 ms in all), and a
// confirmation's receipt is made inside its payment's transaction, where its number is
// known. Everything printed comes from d, as it was issued.
func PDF(d Document) ([]byte, error) {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetCompression(true)
	// The document's dates are its own, so the same document is the same file.
	pdf.SetCreationDate(d.IssuedAt)
	pdf.SetModificationDate(d.IssuedAt)
	pdf.AddUTF8FontFromBytes("go", "", goregular.TTF)
	title := d.Kind.Label() + " " + d.Number
	pdf.SetTitle(title, true)
	pdf.SetAuthor(d.Details.Seller.Name, true)
	pdf.SetMargins(20, 20, 20)
	pdf.SetAutoPageBreak(true, 20)
	pdf.AddPage()
	width, _ := pdf.GetPageSize()
	text := width - 40

	// The seller, then the title.
	pdf.SetFont("go", "", 13)
	pdf.MultiCell(text, 6, d.Details.Seller.Name, "", "L", false)
	pdf.SetFont("go", "", 10)
	for _, line := range lines(d.Details.Seller.Address) {
		pdf.CellFormat(text, 5, line, "", 1, "L", false, 0, "")
	}
	if d.Details.Seller.TaxNumber != "" {
		pdf.CellFormat(text, 5, "Tax number: "+d.Details.Seller.TaxNumber, "", 1, "L", false, 0, "")
	}
	if d.Details.Seller.Email != "" {
		pdf.CellFormat(text, 5, d.Details.Seller.Email, "", 1, "L", false, 0, "")
	}
	pdf.Ln(8)
	pdf.SetFont("go", "", 18)
	pdf.CellFormat(text, 9, title, "", 1, "L", false, 0, "")
	pdf.SetFont("go", "", 10)
	pdf.Ln(2)

	row := func(label, value string) {
		pdf.SetTextColor(90, 90, 90)
		pdf.CellFormat(45, 6, label, "", 0, "L", false, 0, "")
		pdf.SetTextColor(0, 0, 0)
		pdf.MultiCell(text-45, 6, value, "", "L", false)
	}
	row("Number", d.Number)
	row("Issued", d.Details.Issued)
	if d.Kind == CreditNote {
		row("Refers to receipt", d.RefersTo)
	}
	row("Customer", strings.TrimSpace(d.Details.Customer.Name+"\n"+d.Details.Customer.Email))
	row("Booking", d.Details.BookingReference)
	row("Tour", d.Details.Tour)
	row("Departure", d.Details.Departure)
	if len(d.Details.Lines) == 0 {
		row("Participants", fmt.Sprint(d.Details.Participants))
	}
	if len(d.Details.Travellers) > 0 {
		row("Travellers", strings.Join(d.Details.Travellers, "\n"))
	}
	pdf.Ln(6)

	// What the booking bought, one line per price category and per extra.
	if len(d.Details.Lines) > 0 {
		cols := []float64{text - 95, 20, 35, 40}
		cells := func(border string, values ...string) {
			for i, v := range values {
				align := "R"
				if i == 0 {
					align = "L"
				}
				pdf.CellFormat(cols[i], 7, v, border, 0, align, false, 0, "")
			}
			pdf.Ln(-1)
		}
		pdf.SetTextColor(90, 90, 90)
		cells("B", "Item", "Quantity", "Unit price", "Amount")
		pdf.SetTextColor(0, 0, 0)
		for _, l := range d.Details.Lines {
			cells("", fit(pdf, l.Description, cols[0]-2), fmt.Sprint(l.Quantity), money.Format(l.UnitMinor, d.Currency), money.Format(l.AmountMinor, d.Currency))
		}
		cells("T", "Booking total", "", "", money.Format(d.Details.BookingTotalMinor, d.Currency))
		pdf.Ln(6)
	}

	// The money.
	what := "Paid"
	if d.Kind == CreditNote {
		what = "Refunded"
	}
	amount := func(label string, minor int64, bold bool) {
		size := 10.5
		if bold {
			size = 12
		}
		pdf.SetFont("go", "", size)
		pdf.CellFormat(text-50, 8, label, "T", 0, "L", false, 0, "")
		pdf.CellFormat(50, 8, money.Format(minor, d.Currency), "T", 1, "R", false, 0, "")
	}
	amount(what+", tax included", d.AmountMinor, true)
	amount("Of which tax ("+RateLabel(d.TaxRate)+")", d.TaxMinor, false)
	amount("Without tax", d.AmountMinor-d.TaxMinor, false)
	pdf.Ln(4)
	pdf.SetFont("go", "", 10)
	how := "Paid by"
	if d.Kind == CreditNote {
		how = "Given back by"
	}
	row(how, d.Method.Label())

	var out bytes.Buffer
	if err := pdf.Output(&out); err != nil {
		return nil, fmt.Errorf("pdf of %s %s: %w", d.Kind, d.Number, err)
	}
	return out.Bytes(), nil
}

func lines(s string) []string {
	var out []string
	for _, l := range strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// fit is s cut, with "…", to what width (mm) holds in pdf's current font.
func fit(pdf *fpdf.Fpdf, s string, width float64) string {
	if pdf.GetStringWidth(s) <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && pdf.GetStringWidth(string(r)+"…") > width {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}
