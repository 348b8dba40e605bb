package seed

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"tourbook/internal/audit"
	"tourbook/internal/business"
	"tourbook/internal/catalog"
	"tourbook/internal/legal"
	"tourbook/internal/review"
	"tourbook/internal/store/storetest"
	"tourbook/internal/tour"
)

// TestLoadOnRealStore runs Load's database side against SQLite: the store accepts every
// row, computes the ratings from the reviews, and a second Load adds nothing.
func TestLoadOnRealStore(t *testing.T) {
	ctx := context.Background()
	st := storetest.SQLite(t)
	for range 2 {
		if err := load(ctx, st, noImages, fakeHash, testNow); err != nil {
			t.Fatalf("load: %v", err)
		}
	}
	if n, _ := st.CountUsers(ctx); n != 20 {
		t.Errorf("%d users, want 20", n)
	}
	tours, err := st.ListTours(ctx, testNow)
	if err != nil {
		t.Fatal(err)
	}
	if len(tours) != len(sampleTours()) {
		t.Fatalf("%d tours, want %d", len(tours), len(sampleTours()))
	}
	for _, tr := range tours {
		if tr.RatingsCount < 3 || tr.RatingsAverage < 3 || tr.RatingsAverage > 5 {
			t.Errorf("%s: rating %v from %d reviews", tr.Slug, tr.RatingsAverage, tr.RatingsCount)
		}
		if next, ok := tr.NextDate(testNow); !ok || !next.Date.After(testNow) {
			t.Errorf("%s: no future departure (%v)", tr.Slug, tr.StartDates)
		}
	}
	m, err := st.TourBySlug(ctx, "matterhorn-glacier-trek", testNow)
	if err != nil {
		t.Fatal(err)
	}
	if p := m.StartLocation.Point; p.Lng != 7.7491 || p.Lat != 46.0207 {
		t.Errorf("Zermatt stored at %+v", p)
	}
	if len(m.Guides) != 2 || m.Guides[0].Name == "" || len(m.Reviews) != min(m.RatingsCount, review.PageSize) {
		t.Errorf("guides %+v, %d reviews for a count of %d", m.Guides, len(m.Reviews), m.RatingsCount)
	}
	// The sample legal pages: version 1 of each (a second Load wrote none), by the admin.
	for _, k := range legal.Kinds() {
		v, err := st.LegalVersion(ctx, k, 0)
		if err != nil || v.Number != 1 || v.AuthorName != "Laura Bennett" || !strings.HasPrefix(v.Markdown, "# ") {
			t.Errorf("sample %s: %+v %v", k, v, err)
		}
	}
	// The sample traveller's past trip: paid, ended, so the review form is theirs.
	daniel, err := st.UserByEmail(ctx, PastTripTraveller)
	if err != nil {
		t.Fatal(err)
	}
	taken, err := st.TourBySlug(ctx, sampleTours()[0].slug, testNow)
	if err != nil {
		t.Fatal(err)
	}
	first, ok, err := st.FirstPaidDeparture(ctx, taken.ID, daniel.ID)
	if err != nil || !ok || !taken.EndsAt(first).Before(testNow) {
		t.Errorf("%s's paid trip on %s: %v, %v", PastTripTraveller, first, ok, err)
	}
	u, err := st.UserByEmail(ctx, "laura@example.com")
	if err != nil || u.Role != "admin" || u.Photo != userPhotoFile("laura@example.com") {
		t.Errorf("laura = %+v, %v", u, err)
	}

	// The sample business: stored, and every field as the settings page would accept it
	// (an admin saving it unchanged writes no audit entry).
	svc := business.NewService(st, business.Options{Currencies: catalog.Currencies})
	if p, err := svc.Profile(ctx); err != nil || p != SampleBusiness {
		t.Errorf("business profile %+v, %v", p, err)
	}
	b := SampleBusiness
	form := business.Form{Name: b.Name, ShortName: b.ShortName, Colour: b.Colour, ContactEmail: b.ContactEmail,
		ContactPhone: b.ContactPhone, Address: b.Address, LegalName: b.LegalName, TaxNumber: b.TaxNumber, Currency: b.Currency,
		TimeZone: b.TimeZone, TaxRate: business.TaxRateText(b.TaxRateBasisPoints), Headline: b.Headline, Introduction: b.Introduction}
	if p, err := svc.Save(ctx, u, form); err != nil || p != SampleBusiness {
		t.Errorf("the sample business saved through the settings: %+v, %v", p, err)
	}
	if entries, _ := st.AuditLog(ctx, audit.Filter{ObjectType: "setting"}); len(entries) != 0 {
		t.Errorf("audit entries %+v", entries)
	}
}

// TestFamilyTourOnRealStore: the sample family tour is stored with its price categories,
// extra, traveller details, questions and a departure of its own adult price, and is
// listed after the tours of one price (the browser tests that book "the first tour with
// seats" by participants=N rely on that).
func TestFamilyTourOnRealStore(t *testing.T) {
	ctx := context.Background()
	st := storetest.SQLite(t)
	if err := load(ctx, st, noImages, fakeHash, testNow); err != nil {
		t.Fatalf("load: %v", err)
	}
	tours, err := st.ListTours(ctx, testNow)
	if err != nil {
		t.Fatal(err)
	}
	if last := tours[len(tours)-1]; last.Slug != FamilyTourSlug {
		t.Errorf("the last tour listed is %s, want the family tour", last.Slug)
	}
	for _, tr := range tours[:len(tours)-1] {
		if len(tr.Categories) != 0 || len(tr.Questions) != 0 || tr.Travellers != tour.AskNobody {
			t.Errorf("%s: categories %+v, questions %+v, travellers %q: want one price, as before", tr.Slug, tr.Categories, tr.Questions, tr.Travellers)
		}
	}
	f, err := st.TourBySlug(ctx, FamilyTourSlug, testNow)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range f.PriceCategoriesOf() {
		got = append(got, fmt.Sprintf("%s %s %d ages %d-%d seat %v with %q", c.ID, c.Name, c.PriceMinor, c.MinAge, c.MaxAge, c.TakesSeat, c.OnlyWith))
	}
	want := []string{
		`adult Adult 149000 ages 0-0 seat true with ""`,
		`child Child 99000 ages 4-11 seat true with "adult"`,
		`infant Infant 0 ages 0-3 seat false with "adult"`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("categories\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if adult, _ := f.Category(tour.DefaultCategoryID); adult.PriceMinor != f.UnitPriceMinor() {
		t.Errorf("adult price %d, the tour's price per person %d", adult.PriceMinor, f.UnitPriceMinor())
	}
	if e, ok := f.Extra("ice-cleats"); !ok || e.Per != tour.PerTraveller || e.Stock != 6 || e.PriceMinor != 2500 {
		t.Errorf("extra %+v %v", e, ok)
	}
	if f.Travellers != tour.AskAll || len(f.Questions) != 2 {
		t.Fatalf("travellers %q, questions %+v", f.Travellers, f.Questions)
	}
	diet, hotel := f.Questions[0], f.Questions[1]
	if diet.Label != "Dietary needs" || diet.Type != tour.OneChoice || !diet.Required || !diet.PerTraveller || len(diet.Options) < 2 {
		t.Errorf("dietary needs %+v", diet)
	}
	if hotel.Label != "Pick-up hotel" || hotel.Type != tour.ShortText || hotel.Required || hotel.PerTraveller {
		t.Errorf("pick-up hotel %+v", hotel)
	}
	adult, _ := f.Category(tour.DefaultCategoryID)
	var prices []int64
	for _, d := range f.StartDates {
		prices = append(prices, f.PriceOn(d, adult))
	}
	if !slices.Equal(prices, []int64{149000, 149000, 169000}) {
		t.Errorf("adult prices per departure %v, want the last one's own", prices)
	}
}
