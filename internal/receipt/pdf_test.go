package receipt

import (
	"bytes"
	"compress/zlib"
	"encoding/json"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
)

func sampleDocument() Document {
	return Document{Number: "2027-000042", Year: 2027, Seq: 42, Kind: Receipt, AmountMinor: 99400, TaxMinor: 19880,
		TaxRate: 2500, Currency: "eur", Method: Cash, IssuedAt: time.Date(2027, 3, 4, 10, 0, 0, 0, time.UTC),
		Details: Details{
			Seller:   Party{Name: "Fjord & Fell Tours AS", Address: "Strandgata 1\n5013 Bergen\nNorway", TaxNumber: "NO 999 999 999 MVA"},
			Customer: Party{Name: "Þórdís Ægisdóttir", Email: "thordis@example.com"},
			Tour:     "The Northern Lights", Departure: "Tue 15 June 2027, 09:00 CEST (Europe/Oslo)", Participants: 2,
			Travellers: []string{"Þórdís Ægisdóttir", "Łukasz Żółć"}, BookingReference: "TB-7KQ4M2", Issued: "Thu 4 March 2027",
		}}
}

// pdfText is the text a PDF shows: the strings of its text operators, in its
// (inflated) content streams, read as the 2-byte Unicode codes fpdf writes for an
// embedded Unicode font. A core font's single-byte text would not read back here.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	var text strings.Builder
	streams := regexp.MustCompile(`(?s)stream\r?\n(.*?)\r?\nendstream`).FindAllSubmatch(pdf, -1)
	for _, s := range streams {
		r, err := zlib.NewReader(bytes.NewReader(s[1]))
		if err != nil {
			continue // not deflated (fonts are, contents are: a plain stream is no text)
		}
		body, err := io.ReadAll(r)
		if err != nil || !bytes.Contains(body, []byte("Tj")) {
			continue
		}
		for _, m := range regexp.MustCompile(`(?s)\(((?:\\.|[^\\)])*)\)\s*Tj`).FindAllSubmatch(body, -1) {
			raw := unescape(m[1])
			for i := 0; i+1 < len(raw); i += 2 {
				text.WriteRune(rune(raw[i])<<8 | rune(raw[i+1]))
			}
			text.WriteByte('\n')
		}
	}
	return text.String()
}

// unescape reads a PDF literal string's escapes.
func unescape(b []byte) []byte {
	var out []byte
	for i := 0; i < len(b); i++ {
		if b[i] != '\\' || i+1 == len(b) {
			out = append(out, b[i])
			continue
		}
		i++
		switch b[i] {
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		default:
			out = append(out, b[i])
		}
	}
	return out
}

func TestPDFPrintsEveryLatinName(t *testing.T) {
	d := sampleDocument()
	pdf, err := PDF(d)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		t.Fatalf("not a PDF: %q", pdf[:min(20, len(pdf))])
	}
	if !bytes.Contains(pdf, []byte("/FontFile2")) {
		t.Error("no font is embedded")
	}
	text := pdfText(t, pdf)
	for _, want := range []string{"Receipt 2027-000042", "Þórdís Ægisdóttir", "Łukasz Żółć", "Fjord & Fell Tours AS",
		"Tax number: NO 999 999 999 MVA", "The Northern Lights", "Tue 15 June 2027, 09:00 CEST (Europe/Oslo)",
		"€994.00", "Of which tax (25 %)", "€198.80", "€795.20", "Cash", "TB-7KQ4M2", "Thu 4 March 2027"} {
		if !strings.Contains(text, want) {
			t.Errorf("the PDF does not show %q; it shows:\n%s", want, text)
		}
	}
	// And the embedded font draws every letter of the names (no empty boxes).
	f, err := sfnt.Parse(goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	var buf sfnt.Buffer
	for _, r := range "Þórdís Ægisdóttir Łukasz Żółć" {
		if g, err := f.GlyphIndex(&buf, r); err != nil || g == 0 {
			t.Errorf("the Go font has no glyph for %q", r)
		}
	}
}

func TestCreditNotePDFNamesItsReceipt(t *testing.T) {
	d := sampleDocument()
	d.Kind, d.Number, d.RefersTo, d.Method, d.AmountMinor, d.TaxMinor = CreditNote, "2027-000043", "2027-000042", Card, 50000, 10000
	pdf, err := PDF(d)
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, pdf)
	for _, want := range []string{"Credit note 2027-000043", "Refers to receipt", "2027-000042", "Refunded, tax included", "€500.00", "Card (online)"} {
		if !strings.Contains(text, want) {
			t.Errorf("the credit note does not show %q; it shows:\n%s", want, text)
		}
	}
	if d.FileName() != "credit-note-2027-000043.pdf" {
		t.Errorf("file name %q", d.FileName())
	}
}

func BenchmarkPDF(b *testing.B) {
	d := sampleDocument()
	for b.Loop() {
		if _, err := PDF(d); err != nil {
			b.Fatal(err)
		}
	}
}

// A receipt lists what the booking bought, one line per price category and per extra
// with its quantity, unit price and amount, then the booking's total; the tax is on the
// amount paid, as before.
func TestPDFListsWhatWasBought(t *testing.T) {
	d := sampleDocument()
	d.AmountMinor, d.TaxMinor = 135400, 27080
	d.Details.Participants = 3
	d.Details.Lines = []Line{
		{Description: "Adult", Quantity: 2, UnitMinor: 49700, AmountMinor: 99400},
		{Description: "Child", Quantity: 1, UnitMinor: 25000, AmountMinor: 25000},
		{Description: "Infant", Quantity: 1, UnitMinor: 0, AmountMinor: 0},
		{Description: "Wetsuit", Quantity: 2, UnitMinor: 1500, AmountMinor: 3000},
		{Description: "Single room with a view of the fjord and the glacier beyond the town", Quantity: 1, UnitMinor: 8000, AmountMinor: 8000},
	}
	d.Details.BookingTotalMinor = 135400
	pdf, err := PDF(d)
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, pdf)
	want := strings.Join([]string{"Item", "Quantity", "Unit price", "Amount",
		"Adult", "2", "€497.00", "€994.00",
		"Child", "1", "€250.00", "€250.00",
		"Infant", "1", "€0.00", "€0.00",
		"Wetsuit", "2", "€15.00", "€30.00",
		"Single room with a view of the fjord and the …", "1", "€80.00", "€80.00", // cut to its column
		"Booking total", "€1,354.00"}, "\n")
	if !strings.Contains(text, want) {
		t.Errorf("the PDF does not list the lines; it shows:\n%s", text)
	}
	for _, want := range []string{"Paid, tax included", "€1,354.00", "Of which tax (25 %)", "€270.80"} {
		if !strings.Contains(text, want) {
			t.Errorf("the PDF does not show %q", want)
		}
	}
	if strings.Contains(text, "Participants") {
		t.Error("a receipt with lines still prints the participants")
	}
}

// A receipt issued before price categories (its details stored without lines) prints as
// it did: its participants, no table.
func TestPDFOfAReceiptBeforeCategories(t *testing.T) {
	var details Details
	stored := `{"seller":{"name":"Fjord & Fell Tours AS"},"customer":{"name":"Ann"},"bookingReference":"TB-7KQ4M2",
		"tour":"The Northern Lights","departure":"Tue 15 June 2027","participants":2,"issued":"Thu 4 March 2027"}`
	if err := json.Unmarshal([]byte(stored), &details); err != nil {
		t.Fatal(err)
	}
	d := sampleDocument()
	d.Details = details
	pdf, err := PDF(d)
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, pdf)
	if !strings.Contains(text, "Participants\n2\n") || strings.Contains(text, "Booking total") || strings.Contains(text, "Unit price") {
		t.Errorf("an old receipt prints:\n%s", text)
	}
}
