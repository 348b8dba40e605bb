package view

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	"tourbook/internal/business"
	"tourbook/internal/collect"
	"tourbook/internal/giftcard"
	"tourbook/internal/legal"
	"tourbook/internal/promotion"
	"tourbook/internal/receipt"
	"tourbook/internal/refund"
	"tourbook/internal/review"
	"tourbook/internal/ticket"
	"tourbook/internal/tour"
)

var update = flag.Bool("update", false, "rewrite "+fixturesFile+" (make generate)")

// fixturesFile holds pages as the Go side builds them, for the UI's tests
// (ui/src/go-fixtures.test.tsx renders and hydrates each).
const fixturesFile = "../../ui/src/fixtures/go-pages.json"

// TestPageFixtures builds the props of the main pages with this package's builders from
// domain values and compares their JSON with fixturesFile: the UI is tested on what Go
// really sends, and a change here that the file does not show fails until `make
// generate` rewrites it.
func TestPageFixtures(t *testing.T) {
	got, err := json.MarshalIndent(samplePages(), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	if *update {
		if err := os.WriteFile(fixturesFile, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(fixturesFile)
	if err != nil {
		t.Fatalf("%v (make generate writes it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is stale: run make generate", fixturesFile)
	}
}

// fixtureGiftCard is a card bought for Rita, partly spent.
var fixtureGiftCard = giftcard.Card{ID: "gc1", Code: "7KQ4M2XW9D3FHT6R", Status: giftcard.Active, Currency: "usd",
	AmountMinor: 10000, BalanceMinor: 6500, BuyerName: "Bea", BuyerEmail: "bea@example.com", RecipientName: "Rita <i>R</i>",
	RecipientEmail: "rita@example.com", Message: "Happy birthday!", DeliverOn: time.Date(2027, 5, 1, 0, 0, 0, 0, time.UTC),
	ExpiresAt: time.Date(2030, 5, 1, 0, 0, 0, 0, time.UTC)}

// samplePages are pages built from one tour, one traveller and one booking, on a fixed
// day.
func samplePages() []PageData {
	now := time.Date(2027, 5, 3, 9, 30, 0, 0, time.UTC)
	day := func(m time.Month, d int) time.Time { return time.Date(2027, m, d, 0, 0, 0, 0, time.UTC) }
	// A fresh site's: the business's defaults (the name "Tourbook", no logo or contact).
	site := SiteConfig{TileURL: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
		TileAttribution: `&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors`}.WithProfile(business.Profile{}.WithDefaults())
	traveller := account.User{ID: "u-traveller", Name: "Amara Okafor", Email: "amara@example.com", Role: account.RoleUser}
	admin := account.User{ID: "u-admin", Name: "Kwame Mensah", Email: "kwame@example.com", Role: account.RoleAdmin, Active: true}
	guide := account.User{ID: "u-guide", Name: "Ingrid Berg", Email: "ingrid@example.com", Photo: "user-3.jpg", Role: account.RoleLeadGuide, Active: true}

	alps := tour.Tour{
		ID: "t-alps", Slug: "matterhorn-glacier-trek", Name: "The Matterhorn Glacier Trek",
		Summary:      "Walk beneath the Matterhorn on high balcony trails between Zermatt and Saas-Fee.",
		Description:  "Larch forests give way to moraines, glaciers and the pyramid of the Matterhorn.\nLuggage is moved between overnight stops.",
		DurationDays: 7, MaxGroupSize: 8, Difficulty: tour.Difficult, PriceMinor: 249000, DiscountMinor: 20000,
		Currency: "usd", RatingsAverage: 4.75, RatingsCount: 4, CoverImage: "tour-1-cover.jpg",
		Pictures:      []string{"tour-1-1.jpg", "tour-1-2.jpg"},
		StartLocation: tour.Location{Point: tour.Point{Lng: 7.7491, Lat: 46.0207}, Description: "Zermatt, Switzerland"},
		Locations: []tour.Location{
			{Point: tour.Point{Lng: 7.7083, Lat: 45.9917}, Day: 1, Description: "Schwarzsee and the Hörnli ridge"},
			{Point: tour.Point{Lng: 7.9276, Lat: 46.1081}, Day: 6, Description: "Saas-Fee glacier village"},
		},
		StartDates: []tour.StartDate{
			{Date: day(6, 14), StartTime: "08:30", MeetingPoint: "Zermatt station", Taken: 3, Bookings: 2},
			{Date: day(7, 12), Capacity: 6, Taken: 6, Bookings: 3},
			{Date: day(8, 9), Closed: true},
		},
		Guides: []tour.Guide{{UserID: guide.ID, Name: guide.Name, Role: string(guide.Role), Photo: guide.Photo}},
		Reviews: []tour.Review{{ID: "r-1", TourID: "t-alps", UserID: "u-other", UserName: "Priya Shah", Rating: 5,
			Text: "Every day better than the last.", CreatedAt: day(4, 2).Add(15 * time.Hour)}},
		Status: tour.Published, Version: 3, TimeZone: "Europe/Zurich", Policy: tour.DefaultPolicy(),
	}

	paid := booking.Booking{ID: "b-paid", Reference: "TB-7KQ4M2", TourID: alps.ID, UserID: traveller.ID, StartDate: day(6, 14), Participants: 2,
		AmountMinor: 458000, Currency: "usd", Provider: "sandbox", CheckoutID: "cs_1", PaymentRef: "pi_1",
		Status: booking.Paid, CreatedAt: day(4, 20).Add(10 * time.Hour), PaidAt: day(4, 20).Add(10*time.Hour + 3*time.Minute),
		Policy: tour.DefaultPolicy()}
	row := backoffice.BookingRow{Booking: paid, TourName: alps.Name, TourSlug: alps.Slug, TimeZone: alps.TimeZone,
		StartTime: "08:30", CustomerName: traveller.Name, CustomerEmail: traveller.Email}
	tk := ticket.Ticket{BookingID: paid.ID, Code: "7KQ4M2XD9TWP", UserID: traveller.ID, TourID: alps.ID, TourName: alps.Name,
		TimeZone: alps.TimeZone, Date: paid.StartDate, StartTime: "08:30", CustomerName: traveller.Name,
		Participants: 2, Status: booking.Paid}
	quote := booking.Quote{Allowed: true, DaysBefore: 42, Tier: 0, Percent: 100, RefundMinor: 458000, Until: day(5, 15)}
	own := refund.Own{BookingRow: row, Tour: alps, Departure: alps.StartDates[0], Quote: quote}
	detail := backoffice.Detail{BookingRow: row, Events: []backoffice.Event{}, Refunds: []backoffice.Refund{}}

	// The paid booking's receipt, as issued when it was paid.
	rc := receipt.Document{ID: "r-1", Number: "2027-000042", Year: 2027, Seq: 42, Kind: receipt.Receipt, BookingID: row.ID,
		UserID: traveller.ID, IssuedAt: now, AmountMinor: 458000, TaxMinor: receipt.IncludedTax(458000, 810), TaxRate: 810, Currency: "usd",
		Method: receipt.Card, Details: receipt.Details{Issued: "Mon 3 May 2027", Customer: receipt.Party{Name: traveller.Name},
			Tour: alps.Name}}
	terms1 := legal.Page{Version: legal.Version{Kind: legal.Terms, Number: 1, Markdown: "# Terms\n\nPay **first**.",
		CreatedAt: day(4, 1), AuthorName: admin.Name}}
	terms1.HTML = legal.Render(terms1.Markdown)
	terms2 := legal.Page{Version: legal.Version{Kind: legal.Terms, Number: 2, Markdown: "# Terms\n\nPay when you book.",
		CreatedAt: day(4, 20), AuthorName: admin.Name}}
	detailProps := NewTourDetail(alps, now)
	detailProps.ReviewPages = review.Pages(alps.RatingsCount)
	me := NewSessionUser(traveller)
	ops := NewSessionUser(admin)
	return []PageData{
		{Page: "overview", Site: site, Props: OverviewProps{Tours: []TourCard{NewTourCard(alps, now)}}},
		{Page: "tour", Site: site, User: me, Props: TourProps{Tour: detailProps, Waitlist: []WaitlistPlace{},
			WaitlistDates: WaitlistDates(alps, now), Reviewing: &ReviewStanding{Waiting: "You can review this tour once your trip has ended."},
			ReviewLimits: ReviewLimits{MinText: review.MinText, MaxText: review.MaxText}}},
		{Page: "myTours", Site: site, User: me, Props: MyToursProps{Bookings: []BookingRow{func() BookingRow {
			r := NewBookingRow(paid, alps, now)
			r.Ticket = NewTicketView(tk)
			return r
		}()}, Waitlist: []WaitlistPlace{}}},
		{Page: "myBooking", Site: site, User: me, Props: MyBookingProps{Booking: NewMyBooking(own), Ticket: NewTicketView(tk),
			Receipts: NewReceiptLinks([]receipt.Document{rc}, MyBookingURL(row.ID))}},
		{Page: "adminTours", Site: site, User: ops, Props: AdminToursProps{Tours: []AdminTourRow{NewAdminTourRow(alps, now)}, CanEdit: true}},
		{Page: "adminTour", Site: site, User: ops, Props: AdminTourProps{Tour: func() *AdminTour { a := NewAdminTour(alps, now); return &a }(),
			Guides: NewGuideOptions([]account.User{guide}), TimeZones: []string{"Europe/Zurich"}, Currencies: []string{"usd", "eur"}, CanEdit: true}},
		{Page: "adminBooking", Site: site, User: ops, Props: AdminBookingProps{Booking: NewAdminBookingDetail(detail, time.UTC),
			Collect:  NewBookingCollect(collect.Detail{Detail: detail, Payments: []collect.Payment{}}, now, time.UTC),
			Receipts: NewReceiptLinks([]receipt.Document{rc}, "/admin/bookings/"+row.ID)}},
		{Page: "adminReceipts", Site: site, User: ops, Props: NewAdminReceiptsProps(receipt.Listing{Period: receipt.Period{Year: 2027, Month: 5},
			Documents: []receipt.Document{rc}, Totals: receipt.Totals([]receipt.Document{rc})}, now, time.UTC)},
		{Page: "adminSettings", Site: site, User: ops, Props: AdminSettingsProps{Settings: NewBusinessSettings(business.Profile{
			Name: "Fjord & Fell Tours", ShortName: "Fjord & Fell", Logo: "logo-0123456789abcdef0123456789abcdef", Colour: "#0b4f6c",
			ContactEmail: "hello@fjordfell.example", Address: "Strandkaien 3\n5013 Bergen\nNorway", LegalName: "Fjord & Fell Tours AS",
			TaxNumber: "NO 912 345 678 MVA", Currency: "nok", TimeZone: "Europe/Oslo", TaxRateBasisPoints: 1250}),
			Currencies: []string{"usd", "nok"}, TimeZones: []string{"Europe/Oslo"}, MinContrast: business.MinContrast}},
		{Page: "legal", Site: site, Props: NewLegalPage(terms1, 2)},
		{Page: "legal", Site: site, Props: UnwrittenLegalPage(legal.Imprint)},
		{Page: "adminLegal", Site: site, User: ops, Props: NewAdminLegal(legal.Editor{
			Texts:         []legal.Version{terms2.Version, {Kind: legal.Privacy}, {Kind: legal.Imprint}},
			TermsVersions: []legal.Version{terms2.Version, terms1.Version}}, time.UTC)},
		{Page: "adminPromotions", Site: site, User: ops, Props: NewAdminPromotions([]promotion.Listed{
			{Promotion: promotion.Promotion{ID: "p1", Code: "SPRING10", Percent: 10, Active: true, MaxUses: 100, MaxPerCustomer: 1,
				ValidFrom: time.Date(2027, 3, 1, 0, 0, 0, 0, time.UTC), ValidUntil: time.Date(2027, 3, 31, 0, 0, 0, 0, time.UTC)},
				Uses: 3, Held: 1, DiscountMinor: map[string]int64{"usd": 29820}},
			{Promotion: promotion.Promotion{ID: "p2", Code: "ALPS20", AmountMinor: 2000, Currency: "usd", TourIDs: []string{alps.ID}, MinTravellers: 2}},
		}, []tour.Tour{alps})},
		{Page: "giftCards", Site: site, Props: NewGiftCardsProps(giftcard.Settings{Amounts: []int64{5000, 10000, 20000},
			MinMinor: 2500, MaxMinor: 100000, ExpiryMonths: 36}, "usd", now)},
		{Page: "adminGiftCards", Site: site, User: ops, Props: NewAdminGiftCardsProps("rita", []giftcard.Card{fixtureGiftCard},
			giftcard.Settings{Amounts: []int64{5000, 10000}, MinMinor: 2500, MaxMinor: 100000, ExpiryMonths: 36}, "usd", now)},
		{Page: "adminGiftCard", Site: site, User: ops, Props: NewAdminGiftCardProps(fixtureGiftCard, []giftcard.Entry{
			{ID: "e1", Kind: giftcard.Purchase, AmountMinor: 10000, BalanceMinor: 10000, CreatedAt: now.Add(-48 * time.Hour)},
			{ID: "e2", Kind: giftcard.Spend, AmountMinor: -4000, BalanceMinor: 6000, BookingID: "b1", CreatedAt: now.Add(-24 * time.Hour)},
			{ID: "e3", Kind: giftcard.Adjust, AmountMinor: 500, BalanceMinor: 6500, Reason: "Apology <b>for</b> the delay", CreatedAt: now},
		}, now, time.UTC)},
		{Page: "error", Site: site, Props: ErrorProps{Status: 404, Title: "Page not found", Message: "There is no page at this address."}},
	}
}
