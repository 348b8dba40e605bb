package app

import (
	"encoding/csv"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"tourbook/internal/audit"
	"tourbook/internal/business"
	"tourbook/internal/money"
	"tourbook/internal/receipt"
)

// receiptsOf lists a booking's receipts and credit notes from the store.
func (s *testSite) receiptsOf(t *testing.T, bookingID string) []receipt.Document {
	t.Helper()
	docs, err := s.Store.BookingReceipts(t.Context(), bookingID)
	if err != nil {
		t.Fatal(err)
	}
	return docs
}

var receiptNumber = regexp.MustCompile(`^\d{4}-\d{6}$`)

// A booking paid at the desk gets a numbered receipt, attached to its confirmation and
// downloadable by its traveller (and nobody else) from /my-tours/{id} and by those who
// manage bookings from its back-office page; its refund, paid back outside the site,
// gets a credit note referring to the receipt; /admin/receipts lists both with their
// totals, and its CSV keeps a typed formula as text.
func TestReceiptsAndCreditNotes(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		admin, lead, guide, owner, other := s.client(t), s.client(t), s.client(t), s.client(t), s.client(t)
		s.login(t, admin, "laura@example.com")
		s.login(t, lead, "miyu@example.com")
		s.login(t, guide, "kwame@example.com")
		s.login(t, owner, "sophie@example.com")
		s.login(t, other, "daniel@example.com")
		tr := s.tourByIndex(t, 0)
		// The business as its settings say, with a default tax rate of 25 % for new tours;
		// this tour's own rate is 12.5 %.
		seller := business.Profile{Name: "Fjord & Fell", LegalName: "Fjord & Fell Tours AS", Address: "Strandgata 1\n5013 Bergen",
			TaxNumber: "NO 999 999 999 MVA", TaxRateBasisPoints: 2500}
		if err := s.Business.Put(t.Context(), seller, audit.Entry{ActorName: "tests", Action: "business.update", ObjectType: "settings"}); err != nil {
			t.Fatal(err)
		}
		if created := tourOf(t, s.send(t, admin, "POST", "/api/v1/tours", newTourInput("Taxed By Default")), 201); created.TaxRate != 2500 {
			t.Errorf("a new tour's tax rate is %d, want the business's 2500", created.TaxRate)
		}
		version := s.tourByIDAny(t, tr.ID).Version
		if edited := tourOf(t, s.send(t, admin, "PATCH", "/api/v1/tours/"+tr.ID, map[string]any{"version": version, "taxRate": "12.5"}), 200); edited.TaxRate != 1250 {
			t.Fatalf("the tour's tax rate is %d after typing 12.5", edited.TaxRate)
		}
		// The lead's name as the desk heard it, as a spreadsheet would run it.
		walkIn := s.send(t, admin, "POST", "/api/v1/tours/"+tr.ID+"/departures/"+tr.StartDates[1].Date+"/bookings",
			map[string]any{"email": "sophie@example.com", "name": "=Łukasz Żółć", "participants": 2, "paymentMethod": "cash"})
		if walkIn.status != 201 {
			t.Fatalf("walk-in: %d %s", walkIn.status, walkIn.body)
		}
		id := decode(t, walkIn)["data"].(map[string]any)["bookingId"].(string)
		stored := s.storedBooking(t, id)
		price := stored.AmountMinor

		docs := s.receiptsOf(t, id)
		if len(docs) != 1 {
			t.Fatalf("%d documents after the payment, want a receipt", len(docs))
		}
		rc := docs[0]
		if rc.Kind != receipt.Receipt || !receiptNumber.MatchString(rc.Number) || rc.AmountMinor != price || rc.Method != receipt.Cash ||
			rc.Details.Customer.Name != "=Łukasz Żółć" || rc.Details.Participants != 2 || rc.Details.Tour != tr.Name ||
			rc.TaxRate != 1250 || rc.TaxMinor != receipt.IncludedTax(price, 1250) || rc.Details.Seller.Name != "Fjord & Fell Tours AS" ||
			rc.Details.Seller.TaxNumber != seller.TaxNumber || rc.Details.Seller.Address != "Strandgata 1\n5013 Bergen" {
			t.Fatalf("receipt: %+v", rc)
		}
		// A later change of the settings does not rewrite it (the credit note below names
		// the business as it is then).
		seller.LegalName = "Fjord & Fell Holding AS"
		if err := s.Business.Put(t.Context(), seller, audit.Entry{ActorName: "tests", Action: "business.update", ObjectType: "settings"}); err != nil {
			t.Fatal(err)
		}

		// The confirmation carries it.
		var attached bool
		for _, m := range s.outbox(t, "sophie@example.com") {
			for _, a := range m.Attachments {
				if a.Name == "receipt-"+rc.Number+".pdf" && a.ContentType == "application/pdf" && strings.HasPrefix(string(a.Data), "%PDF-") {
					attached = true
				}
			}
		}
		if !attached {
			t.Errorf("no confirmation carries receipt %s", rc.Number)
		}

		// Who may download it.
		mine := "/my-tours/" + id + "/receipts/" + rc.ID
		office := "/admin/bookings/" + id + "/receipts/" + rc.ID
		for _, c := range []struct {
			who    string
			client *http.Client
			path   string
			want   int
		}{
			{"its traveller", owner, mine, 200},
			{"another traveller", other, mine, 404},
			{"an admin, on the traveller's address", admin, mine, 404},
			{"a visitor", s.client(t), mine, 303},
			{"an admin", admin, office, 200},
			{"a lead guide", lead, office, 200},
			{"a guide", guide, office, 404},
			{"its traveller, in the back office", owner, office, 404},
			{"a visitor, in the back office", s.client(t), office, 303},
			{"its traveller, another booking's address", owner, "/my-tours/nosuchbooking/receipts/" + rc.ID, 404},
			{"an admin, another booking's address", admin, "/admin/bookings/nosuchbooking/receipts/" + rc.ID, 404},
			{"its traveller, no such receipt", owner, "/my-tours/" + id + "/receipts/nosuchreceipt", 404},
		} {
			r := s.get(t, c.client, c.path)
			if r.status != c.want {
				t.Errorf("%s, %s: %d, want %d", c.who, c.path, r.status, c.want)
				continue
			}
			if r.status == 200 && (r.header.Get("Content-Type") != "application/pdf" || !strings.HasPrefix(r.body, "%PDF-") ||
				!strings.Contains(r.header.Get("Content-Disposition"), `filename="receipt-`+rc.Number+`.pdf"`)) {
				t.Errorf("%s, %s: %s, %s, %.8q", c.who, c.path, r.header.Get("Content-Type"), r.header.Get("Content-Disposition"), r.body)
			}
		}
		if page := s.get(t, owner, "/my-tours/"+id); !strings.Contains(page.body, "Receipt "+rc.Number+" (PDF)") || !strings.Contains(page.body, mine) {
			t.Errorf("the booking's page offers no receipt")
		}
		if page := s.get(t, admin, "/admin/bookings/"+id); !strings.Contains(page.body, office) {
			t.Errorf("the back office's booking page offers no receipt")
		}

		// Cancelled with a full refund: owed (it was cash), so no credit note until it is
		// paid back; then one, referring to the receipt.
		if r := s.send(t, admin, "POST", "/api/v1/admin/bookings/"+id+"/cancel", map[string]any{"refundMinor": price, "key": "receipts-cancel"}); r.status != 200 {
			t.Fatalf("cancel: %d %s", r.status, r.body)
		}
		if docs := s.receiptsOf(t, id); len(docs) != 1 {
			t.Fatalf("%d documents while the refund is owed, want the receipt alone", len(docs))
		}
		refunds, err := s.Store.BookingRefunds(t.Context(), id)
		if err != nil || len(refunds) != 1 {
			t.Fatalf("refunds: %v %v", refunds, err)
		}
		if r := s.send(t, admin, "POST", "/api/v1/admin/bookings/"+id+"/refunds/"+refunds[0].ID+"/paid-back", map[string]any{"reference": "cash at the desk"}); r.status != 200 {
			t.Fatalf("paid back: %d %s", r.status, r.body)
		}
		docs = s.receiptsOf(t, id)
		if len(docs) != 2 {
			t.Fatalf("%d documents after the refund was paid back, want a receipt and a credit note", len(docs))
		}
		cn := docs[1]
		if cn.Kind != receipt.CreditNote || cn.RefersTo != rc.Number || cn.AmountMinor != price || cn.Method != receipt.Cash ||
			cn.Seq != rc.Seq+1 || cn.TaxMinor != rc.TaxMinor || cn.Details.Seller.Name != "Fjord & Fell Holding AS" ||
			docs[0].Details.Seller.Name != "Fjord & Fell Tours AS" {
			t.Errorf("credit note: %+v (receipt %s)", cn, rc.Number)
		}

		// The accountant's list: admins only (TestAdminRoutesByRole), by year here.
		year := strconv.Itoa(rc.Year)
		list := s.get(t, admin, "/admin/receipts?year="+year)
		if list.status != 200 || !strings.Contains(list.body, rc.Number) || !strings.Contains(list.body, cn.Number) {
			t.Errorf("/admin/receipts?year=%s: %d, without %s and %s", year, list.status, rc.Number, cn.Number)
		}
		if r := s.get(t, admin, "/admin/receipts?year=1999"); r.status != 400 || !strings.Contains(r.body, "Please choose a year") {
			t.Errorf("a year out of range: %d", r.status)
		}
		file := s.get(t, admin, "/admin/receipts.csv?year="+year)
		if file.status != 200 || !strings.HasPrefix(file.header.Get("Content-Type"), "text/csv") {
			t.Fatalf("csv: %d %s", file.status, file.header.Get("Content-Type"))
		}
		rows, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(file.body, "\ufeff"))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		byNumber := map[string][]string{}
		for _, row := range rows[1:] {
			byNumber[row[0]] = row
		}
		got, ok := byNumber[rc.Number]
		if !ok || got[1] != "Receipt" || got[4] != "'=Łukasz Żółć" || got[10] != money.Decimal(price, stored.Currency) {
			t.Errorf("the receipt's row: %q", got)
		}
		got, ok = byNumber[cn.Number]
		if !ok || got[1] != "Credit note" || got[2] != rc.Number || got[10] != "-"+money.Decimal(price, stored.Currency) || got[8] != "Cash" {
			t.Errorf("the credit note's row: %q", got)
		}
	})
}

// A booking paid online gets its receipt with its confirmation; its traveller's own
// cancellation, refunded through the provider, gets a credit note at once, attached to
// the cancellation email.
func TestOnlinePaymentReceiptAndRefundCreditNote(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		tr := s.tourByIndex(t, 0)
		b := s.paidBooking(t, "hannah@example.com", tr, 1, 2, "4242424242424242")
		docs := s.receiptsOf(t, b.ID)
		if len(docs) != 1 || docs[0].Kind != receipt.Receipt || docs[0].Method != receipt.Card || docs[0].AmountMinor != b.AmountMinor {
			t.Fatalf("after paying online: %+v", docs)
		}
		rc := docs[0]
		attachment := func(name string) bool {
			for _, m := range s.outbox(t, "hannah@example.com") {
				for _, a := range m.Attachments {
					if a.Name == name && strings.HasPrefix(string(a.Data), "%PDF-") {
						return true
					}
				}
			}
			return false
		}
		if !attachment("receipt-" + rc.Number + ".pdf") {
			t.Errorf("the confirmation does not carry receipt %s", rc.Number)
		}

		traveller := s.client(t)
		s.login(t, traveller, "hannah@example.com")
		if r := s.send(t, traveller, "POST", "/api/v1/my-bookings/"+b.ID+"/cancel", map[string]any{}); r.status != 200 {
			t.Fatalf("cancel: %d %s", r.status, r.body)
		}
		after := s.storedBooking(t, b.ID)
		if after.RefundedMinor == 0 {
			t.Fatalf("nothing refunded: %+v", after)
		}
		docs = s.receiptsOf(t, b.ID)
		if len(docs) != 2 {
			t.Fatalf("%d documents after the refund, want 2", len(docs))
		}
		cn := docs[1]
		if cn.Kind != receipt.CreditNote || cn.RefersTo != rc.Number || cn.AmountMinor != after.RefundedMinor || cn.Method != receipt.Card {
			t.Errorf("credit note: %+v", cn)
		}
		if !attachment("credit-note-" + cn.Number + ".pdf") {
			t.Errorf("the cancellation does not carry credit note %s", cn.Number)
		}
		if r := s.get(t, traveller, "/my-tours/"+b.ID+"/receipts/"+cn.ID); r.status != 200 || !strings.HasPrefix(r.body, "%PDF-") {
			t.Errorf("the traveller's credit note: %d", r.status)
		}
	})
}
