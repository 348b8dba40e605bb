package giftcard

import (
	"bytes"
	"testing"
	"time"
)

var pdfCard = Card{ID: "gc1", Code: "7KQ4M2XW9D3FHT6R", Currency: "nok", AmountMinor: 150000, RecipientName: "Þórdís Ægisdóttir",
	BuyerName: "Łukasz Żółć", Message: "Til lykke!", CreatedAt: time.Date(2027, 5, 1, 9, 0, 0, 0, time.UTC),
	ExpiresAt: time.Date(2030, 5, 1, 0, 0, 0, 0, time.UTC)}

// The printable card is a PDF, the same file for the same card.
func TestPDF(t *testing.T) {
	a, err := PDF(pdfCard, "Fjord & Fell")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := PDF(pdfCard, "Fjord & Fell")
	if !bytes.HasPrefix(a, []byte("%PDF-")) || !bytes.Equal(a, b) {
		t.Fatalf("not one PDF: %.8q, %d and %d bytes", a, len(a), len(b))
	}
}

// BenchmarkPDF: the card is made before the payment's transaction, so its time is the
// purchase's return's.
func BenchmarkPDF(b *testing.B) {
	for b.Loop() {
		if _, err := PDF(pdfCard, "Fjord & Fell"); err != nil {
			b.Fatal(err)
		}
	}
}
