package giftcard

import (
	"bytes"
	"fmt"

	"github.com/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/goregular"

	"tourbook/internal/money"
)

// PDF is c as a printable card: an A4 page, landscape, with the business's name, whom the
// card is for and from, the message, the amount, the code and until when it is valid.
// Set in Go Regular as the receipts are (receipt.PDF), so any Latin name prints as
// written; the card's dates are its own, so the same card is the same file.
func PDF(c Card, business string) ([]byte, error) {
	pdf := fpdf.New("L", "mm", "A4", "")
	pdf.SetCompression(true)
	pdf.SetCreationDate(c.CreatedAt)
	pdf.SetModificationDate(c.CreatedAt)
	pdf.AddUTF8FontFromBytes("go", "", goregular.TTF)
	pdf.SetTitle("Gift card "+Format(c.Code), true)
	pdf.SetAuthor(business, true)
	pdf.SetMargins(25, 25, 25)
	pdf.SetAutoPageBreak(true, 20)
	pdf.AddPage()
	width, height := pdf.GetPageSize()
	text := width - 50

	// A frame around the card, to cut out.
	pdf.SetDrawColor(120, 120, 120)
	pdf.Rect(15, 15, width-30, height-30, "D")

	pdf.SetFont("go", "", 14)
	pdf.CellFormat(text, 8, business, "", 1, "C", false, 0, "")
	pdf.Ln(6)
	pdf.SetFont("go", "", 30)
	pdf.CellFormat(text, 14, "Gift card", "", 1, "C", false, 0, "")
	pdf.SetFont("go", "", 40)
	pdf.CellFormat(text, 20, money.Format(c.AmountMinor, c.Currency), "", 1, "C", false, 0, "")
	pdf.Ln(4)
	pdf.SetFont("go", "", 14)
	pdf.CellFormat(text, 8, "For "+c.RecipientName, "", 1, "C", false, 0, "")
	if c.BuyerName != "" {
		pdf.CellFormat(text, 8, "From "+c.BuyerName, "", 1, "C", false, 0, "")
	}
	if c.Message != "" {
		pdf.Ln(4)
		pdf.SetFont("go", "", 12)
		pdf.MultiCell(text, 6, "“"+c.Message+"”", "", "C", false)
	}
	pdf.Ln(8)
	pdf.SetFont("go", "", 22)
	pdf.CellFormat(text, 12, Format(c.Code), "", 1, "C", false, 0, "")
	pdf.SetFont("go", "", 11)
	pdf.SetTextColor(80, 80, 80)
	pdf.CellFormat(text, 6, "Valid until "+c.ExpiresAt.Format("2 January 2006")+
		". Type the code in the Gift card field when you book a tour.", "", 1, "C", false, 0, "")

	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("gift card %s PDF: %w", c.ID, err)
	}
	return buf.Bytes(), nil
}
