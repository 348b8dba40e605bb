package importer

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"tourbook/internal/account"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
	"tourbook/internal/tour"
)

const testPassword = "test1234"

// testHash is one bcrypt hash of testPassword, made at the lowest cost to keep tests fast.
var testHash = sync.OnceValue(func() string {
	h, err := bcrypt.GenerateFromPassword([]byte(testPassword), bcrypt.MinCost)
	if err != nil {
		panic(err)
	}
	return string(h)
})

func openStore(t *testing.T) *store.Store { return storetest.SQLite(t) }

// stage copies testdata files into a temporary folder, putting a real bcrypt hash where a
// file says BCRYPT, and returns the new paths by base name.
func stage(t *testing.T, names ...string) map[string]string {
	t.Helper()
	dir := t.TempDir()
	paths := map[string]string{}
	for _, name := range names {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		b = []byte(strings.ReplaceAll(string(b), "BCRYPT", testHash()))
		p := filepath.Join(dir, filepath.Base(name))
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		paths[filepath.Base(name)] = p
	}
	return paths
}

func validFiles(t *testing.T) Files {
	p := stage(t, "valid/users.json", "valid/tours.json", "valid/reviews.json")
	return Files{Users: p["users.json"], Tours: p["tours.json"], Reviews: p["reviews.json"]}
}

func TestImportValidExport(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	sum, err := Import(ctx, st, validFiles(t))
	if err != nil {
		t.Fatalf("Import: %v", err)
	}
	if want := (Summary{Users: 3, Tours: 2, Reviews: 3}); sum != want {
		t.Errorf("summary = %+v, want %+v", sum, want)
	}

	maya, err := st.UserByEmail(ctx, "maya@example.com")
	if err != nil {
		t.Fatal(err)
	}
	if maya.ID != "5c8a21d02f8fb814b56fa189" || maya.Name != "Maya Lindqvist" || maya.Role != account.RoleLeadGuide || maya.Photo != "user-maya.jpg" || !maya.Active {
		t.Errorf("maya = %+v", maya)
	}
	if err := bcrypt.CompareHashAndPassword([]byte(maya.PasswordHash), []byte(testPassword)); err != nil {
		t.Errorf("imported hash does not verify the old password: %v", err)
	}
	jonas, err := st.UserByEmail(ctx, "jonas@example.com")
	if err != nil {
		t.Fatal(err)
	}
	if !jonas.PasswordChangedAt.Equal(time.Date(2025, 4, 30, 9, 0, 0, 0, time.UTC)) {
		t.Errorf("jonas changed his password at %v", jonas.PasswordChangedAt)
	}
	ana, _ := st.UserByEmail(ctx, "ana@example.com")
	if ana.Role != account.RoleUser || !ana.Active || ana.Photo != "" {
		t.Errorf("defaults not applied: %+v", ana)
	}

	hiker, err := st.TourBySlug(ctx, "the-forest-hiker", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if hiker.ID != "5c88fa8cf4afda39709c2951" || hiker.PriceMinor != 39700 || hiker.DiscountMinor != 0 || hiker.Currency != "usd" ||
		hiker.Difficulty != tour.Easy || hiker.DurationDays != 5 || hiker.MaxGroupSize != 25 {
		t.Errorf("facts: %+v", hiker)
	}
	if hiker.Description != "First paragraph.\nSecond paragraph." || hiker.CoverImage != "tour-1-cover.jpg" || len(hiker.Pictures) != 3 {
		t.Errorf("texts and pictures: %q %q %v", hiker.Description, hiker.CoverImage, hiker.Pictures)
	}
	// [lng, lat] in the file, Lng and Lat in the tour: a swap would put Banff in Antarctica.
	if p := hiker.StartLocation.Point; p.Lng != -115.570154 || p.Lat != 51.178456 || hiker.StartLocation.Description != "Banff, CAN" {
		t.Errorf("start location = %+v", hiker.StartLocation)
	}
	wantLocs := []tour.Location{
		{Point: tour.Point{Lng: -116.214531, Lat: 51.417611}, Day: 1, Description: "Banff National Park"},
		{Point: tour.Point{Lng: -118.076152, Lat: 52.875223}, Day: 3, Description: "Jasper National Park"},
	}
	if len(hiker.Locations) != 2 || hiker.Locations[0] != wantLocs[0] || hiker.Locations[1] != wantLocs[1] {
		t.Errorf("locations = %+v", hiker.Locations)
	}
	wantDates := []time.Time{
		time.Date(2027, 4, 25, 0, 0, 0, 0, time.UTC),
		time.Date(2027, 7, 20, 0, 0, 0, 0, time.UTC),
		time.Date(2027, 10, 5, 0, 0, 0, 0, time.UTC),
	}
	if len(hiker.StartDates) != 3 {
		t.Fatalf("start dates = %v", hiker.StartDates)
	}
	for i, d := range hiker.StartDates {
		if !d.Date.Equal(wantDates[i]) {
			t.Errorf("start date %d = %v, want %v", i, d.Date, wantDates[i])
		}
	}
	guides := map[string]string{}
	for _, g := range hiker.Guides {
		guides[g.UserID] = g.Role
	}
	if len(guides) != 2 || guides[maya.ID] != "lead-guide" || guides[jonas.ID] != "guide" {
		t.Errorf("guides = %+v", hiker.Guides)
	}
	if hiker.RatingsCount != 2 || hiker.RatingsAverage != 4.5 || len(hiker.Reviews) != 2 {
		t.Errorf("ratings %v × %d, %d reviews", hiker.RatingsAverage, hiker.RatingsCount, len(hiker.Reviews))
	}
	for _, r := range hiker.Reviews {
		if r.ID == "5c8a34ed14eb5c17645c9108" && (!r.CreatedAt.Equal(time.Date(2026, 1, 10, 12, 0, 0, 0, time.UTC)) || r.Rating != 5 || r.UserID != ana.ID) {
			t.Errorf("review = %+v", r)
		}
	}

	// The export's stale slug is ignored; the address labels a start without description.
	sea, err := st.TourBySlug(ctx, "the-sea-explorer", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if sea.PriceMinor != 49700 || sea.DiscountMinor != 4750 || sea.Difficulty != tour.Medium {
		t.Errorf("sea explorer price %d discount %d %s", sea.PriceMinor, sea.DiscountMinor, sea.Difficulty)
	}
	if sea.StartLocation.Description != "301 Biscayne Blvd, Miami, FL 33132, USA" || sea.StartLocation.Point != (tour.Point{Lng: -80.185942, Lat: 25.774772}) {
		t.Errorf("start = %+v", sea.StartLocation)
	}
	if len(sea.StartDates) != 1 || !sea.StartDates[0].Date.Equal(time.Date(2027, 6, 19, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("two departures on one day should merge: %v", sea.StartDates)
	}
	if len(sea.Locations) != 1 || sea.RatingsCount != 1 || sea.RatingsAverage != 3 {
		t.Errorf("locations %v, ratings %v × %d", sea.Locations, sea.RatingsAverage, sea.RatingsCount)
	}
}

// TestImportTwice: a second import of the same export clashes with the first and adds
// nothing.
func TestImportTwice(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	files := validFiles(t)
	if _, err := Import(ctx, st, files); err != nil {
		t.Fatal(err)
	}
	_, err := Import(ctx, st, files)
	for _, want := range []string{
		"users.json:record 1 (line 1): email: \"maya@example.com\" is already used by an account in the database",
		"users.json:record 2 (line 2): _id: a user with this id is already in the database",
		"tours.json:record 1 (line 2): _id: a tour with this id is already in the database",
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("second import: error lacks %q; got:\n%v", want, err)
		}
	}
	assertCounts(t, st, 3, 2)

	// Reviews alone, of tours and by users already in the database.
	_, err = Import(ctx, st, Files{Reviews: files.Reviews})
	if want := "reviews.json:record 1 (line 2): user: already reviewed this tour in the database"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("reviews again: error lacks %q; got:\n%v", want, err)
	}
}

func TestImportSlugsAreUnique(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	dir := t.TempDir()
	line := `{"_id":"%s","name":"%s","duration":5,"maxGroupSize":10,"difficulty":"easy","price":100,"summary":"s","startLocation":{"coordinates":[7.7,46.0]}}`
	body := strings.Join([]string{
		fmt.Sprintf(line, "a", "Crème Brûlée Tour"), fmt.Sprintf(line, "b", "Creme brulee tour!"),
		fmt.Sprintf(line, "c", "Þingvellir & Geysir — Straße"), fmt.Sprintf(line, "d", "富士山"),
	}, "\n")
	p := filepath.Join(dir, "tours.json")
	os.WriteFile(p, []byte(body), 0o644)
	if _, err := Import(ctx, st, Files{Tours: p}); err != nil {
		t.Fatal(err)
	}
	for _, slug := range []string{"creme-brulee-tour", "creme-brulee-tour-2", "thingvellir-geysir-strasse", "tour"} {
		if _, err := st.TourBySlug(ctx, slug, time.Now()); err != nil {
			t.Errorf("slug %q: %v", slug, err)
		}
	}
	// The same names again: the database's slugs count as taken too.
	p2 := filepath.Join(dir, "more.json")
	os.WriteFile(p2, []byte(fmt.Sprintf(line, "e", "Crème Brûlée Tour")), 0o644)
	if _, err := Import(ctx, st, Files{Tours: p2}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.TourBySlug(ctx, "creme-brulee-tour-3", time.Now()); err != nil {
		t.Errorf("third crème brûlée: %v", err)
	}
}

func TestImportSkipsSecretTours(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	dir := t.TempDir()
	tours := filepath.Join(dir, "tours.json")
	reviews := filepath.Join(dir, "reviews.json")
	users := stage(t, "valid/users.json")["users.json"]
	os.WriteFile(tours, []byte(`[{"_id":"5c88fa8cf4afda39709c2999","name":"The Secret One","duration":5,"maxGroupSize":10,"difficulty":"easy","price":100,"summary":"s","startLocation":{"coordinates":[7.7,46.0]},"secretTour":true}]`), 0o644)
	os.WriteFile(reviews, []byte(`{"review":"Shh","rating":5,"tour":"5c88fa8cf4afda39709c2999","user":"5c8a1d5b0190b214360dc057"}`), 0o644)
	sum, err := Import(ctx, st, Files{Users: users, Tours: tours, Reviews: reviews})
	if err != nil {
		t.Fatal(err)
	}
	if want := (Summary{Users: 3, SkippedTours: 1, SkippedReviews: 1}); sum != want {
		t.Errorf("summary = %+v, want %+v", sum, want)
	}
	assertCounts(t, st, 3, 0)
}

// TestImportBadRecords replaces one file of the valid export with a bad one and checks that
// every bad record is reported with its place and that nothing was written.
func TestImportBadRecords(t *testing.T) {
	tests := []struct {
		file string   // under testdata/bad
		kind string   // which file of the export it replaces
		want []string // lines of the error, after the file name
	}{
		{"tours_missing_name.json", "tours", []string{
			":record 2 (line 2): name: required",
			":record 3 (line 3): name: required",
		}},
		{"tours_difficulty.json", "tours", []string{
			`:record 2 (line 3): difficulty: unknown difficulty "extreme" (want easy, medium or difficult)`,
		}},
		{"tours_coordinates.json", "tours", []string{
			":record 1 (line 1): startLocation.coordinates: want [longitude, latitude], got 3 values",
			":record 2 (line 2): startLocation.coordinates: want [longitude, latitude] as two numbers, got 2 values",
			":record 3 (line 3): startLocation.coordinates: latitude -172.5064 is outside -90..90; are they in [latitude, longitude] order? GeoJSON wants [longitude, latitude]",
			":record 4 (line 4): locations[1].coordinates: longitude 190 is outside -180..180",
			`:record 5 (line 5): startLocation.type: want "Point", got "Polygon"`,
			":record 5 (line 5): startLocation.coordinates: required ([longitude, latitude])",
		}},
		{"tours_location_day.json", "tours", []string{
			":record 1 (line 1): locations[0].day: required",
			":record 2 (line 2): locations[0].day: day 9 is after the last day of a 5-day tour",
		}},
		{"tours_guide.json", "tours", []string{
			`:record 1 (line 1): guides[1]: no user with id "000000000000000000000bad" in the users file or the database`,
			`:record 2 (line 2): guides[0]: Ana Souza (5c8a1d5b0190b214360dc057) has the role "user", not guide or lead-guide`,
		}},
		{"tours_price.json", "tours", []string{
			":record 1 (line 1): price: want a number, got string",
			":record 2 (line 2): priceDiscount: 100 is not below the price",
			`:record 3 (line 3): startDates[0]: "next tuesday" is not a date (want ISO 8601, e.g. 2026-06-19T09:00:00Z)`,
			`:record 4 (line 4): imageCover: "../../etc/passwd" is not an image file name the site serves`,
			`:record 4 (line 4): images[1]: "movie.mp4" is not an image file name the site serves`,
		}},
		{"tours_malformed.json", "tours", []string{
			":record 2 (line 5, column 18): invalid JSON: invalid character ',' looking for beginning of object key string",
		}},
		{"users_duplicate_email.json", "users", []string{
			`:record 2 (line 2): email: "SAME@example.com" repeats record 1`,
			":record 3 (line 3): _id: repeats record 1",
		}},
		{"users_password.json", "users", []string{
			":record 1 (line 1): password: not a bcrypt hash ($2a$, $2b$ or $2y$); plain-text passwords are not imported",
			":record 2 (line 2): password: not a bcrypt hash",
			":record 3 (line 3): role: unknown role \"superuser\" (want user, guide, lead-guide or admin)",
			":record 3 (line 3): password: required",
		}},
		{"users_malformed.json", "users", []string{
			":record 2 (line 2, column 58): invalid JSON: invalid character '\"' after object key:value pair",
		}},
		{"reviews_rating.json", "reviews", []string{
			":record 1 (line 2): rating: 0 is outside 1..5",
			":record 2 (line 3): rating: 6 is outside 1..5",
			":record 3 (line 4): rating: want a whole number, got 4.5",
		}},
		{"reviews_unknown.json", "reviews", []string{
			`:record 1 (line 1): user: no user with id "5c8a1d5b0190b214360dc999" in the users file or the database`,
			`:record 2 (line 2): tour: no tour with id "5c88fa8cf4afda39709c2999" in the tours file or the database`,
			":record 4 (line 4): user: already reviewed this tour in record 3",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			st := openStore(t)
			files := validFiles(t)
			bad := stage(t, "bad/"+tt.file)[tt.file]
			switch tt.kind {
			case "tours":
				files.Tours = bad
			case "users":
				files.Users = bad
			case "reviews":
				files.Reviews = bad
			}
			_, err := Import(context.Background(), st, files)
			var probs *Problems
			if !errors.As(err, &probs) {
				t.Fatalf("Import = %v, want *Problems", err)
			}
			msg := err.Error()
			for _, w := range tt.want {
				if !strings.Contains(msg, bad+w) {
					t.Errorf("error lacks\n\t%s%s\ngot:\n%s", tt.file, w, strings.ReplaceAll(msg, filepath.Dir(bad)+"/", ""))
				}
			}
			if strings.Contains(msg, testHash()) || strings.Contains(msg, "test1234") {
				t.Errorf("error quotes a password or hash:\n%s", msg)
			}
			assertCounts(t, st, 0, 0)
		})
	}
}

// failingReviews is the real store whose CreateReview fails, to show that a failure after
// users and tours were written leaves none of them behind.
type failingReviews struct{ *store.Store }

func (f failingReviews) InTx(ctx context.Context, fn func(tx failingReviews) error) error {
	return f.Store.InTx(ctx, func(tx *store.Store) error { return fn(failingReviews{tx}) })
}

func (f failingReviews) CreateReview(ctx context.Context, r *tour.Review) error {
	return errors.New("disk full")
}

func TestImportFailureMidwayWritesNothing(t *testing.T) {
	st := openStore(t)
	_, err := Import(context.Background(), failingReviews{st}, validFiles(t))
	if err == nil || !strings.Contains(err.Error(), "reviews.json:record 1 (line 2): create review: disk full") {
		t.Fatalf("Import = %v", err)
	}
	assertCounts(t, st, 0, 0)
}

func TestImportReportsAtMostFifty(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	for range 80 {
		b.WriteString(`{"name":"x"}` + "\n")
	}
	p := filepath.Join(dir, "tours.json")
	os.WriteFile(p, []byte(b.String()), 0o644)
	_, err := Import(context.Background(), openStore(t), Files{Tours: p})
	var probs *Problems
	if !errors.As(err, &probs) || len(probs.List) != maxProblems || probs.Omitted == 0 {
		t.Fatalf("err = %v", err)
	}
	if !strings.HasSuffix(err.Error(), "more problems") {
		t.Errorf("no note of the omitted problems: …%s", err.Error()[len(err.Error())-80:])
	}
}

func TestImportMissingFile(t *testing.T) {
	_, err := Import(context.Background(), openStore(t), Files{Users: filepath.Join(t.TempDir(), "nope.json")})
	if err == nil || !errors.Is(err, os.ErrNotExist) {
		t.Errorf("err = %v, want a not-exist error", err)
	}
	if _, err := Import(context.Background(), openStore(t), Files{}); err == nil {
		t.Error("importing no file succeeded")
	}
}

func assertCounts(t *testing.T, st *store.Store, users, tours int) {
	t.Helper()
	ctx := context.Background()
	n, err := st.CountUsers(ctx)
	if err != nil {
		t.Fatal(err)
	}
	list, err := st.ListTours(ctx, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if n != users || len(list) != tours {
		t.Errorf("database has %d users and %d tours, want %d and %d", n, len(list), users, tours)
	}
}
