package receipt

import (
	"bytes"
	"compress/zlib"
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
