package seed

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/jpeg"
	_ "image/png" // the logo
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
	"tourbook/internal/media"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"

	"tourbook/internal/account"
	"tourbook/internal/booking"
	"tourbook/internal/tour"
)

var testNow = time.Date(2026, 3, 14, 15, 9, 26, 0, time.UTC)

func fakeHash(pw string) (string, error) { return "hashed:" + pw, nil }

// loaded is one real Load, pictures included, shared by the tests that only read its
// result: drawing the pictures is the slow part, many times slower under -race.
var loaded = sync.OnceValues(func() (loadResult, error) {
	st := &fakeStore{}
	return loadResult{st, fixtureDir}, Load(context.Background(), st, fixtureDir, fakeHash, testNow)
})

// fixtureDir holds the shared Load's pictures; TestMain removes it.
var fixtureDir string

type loadResult struct {
	st  *fakeStore
	dir string
}

func TestMain(m *testing.M) {
	dataDir, err := os.MkdirTemp("", "seed-test-")
	if err != nil {
		panic(err)
	}
	fixtureDir = filepath.Join(dataDir, "img")
	if bin := os.Getenv("TOURBOOK_BIN"); bin != "" {
		// The built binary (make test-go sets TOURBOOK_BIN) draws the sample pictures
		// several times faster than this binary under the race detector, with this
		// package's code; the shared Load then finds them and draws none. Without it the
		// shared Load draws them itself.
		if out, err := exec.Command(bin, "migrate", "-data-dir", dataDir, "-sample-data").CombinedOutput(); err != nil {
			fmt.Fprintf(os.Stderr, "%s migrate -sample-data: %v\n%s", bin, err, out)
			os.Exit(1)
		}
	}
	code := m.Run()
	os.RemoveAll(dataDir)
	os.Exit(code)
}

func loadedStore(t *testing.T) (*fakeStore, string) {
	t.Helper()
	r, err := loaded()
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return r.st, r.dir
}

func noImages() error { return nil }

func TestLoadUsers(t *testing.T) {
	st, dir := loadedStore(t)

	if len(st.users) != 20 {
		t.Fatalf("users = %d, want 20", len(st.users))
	}
	roles := map[account.Role]int{}
	emails := map[string]bool{}
	for _, u := range st.users {
		roles[u.Role]++
		if emails[u.Email] {
			t.Errorf("duplicate email %s", u.Email)
		}
		emails[u.Email] = true
		if u.PasswordHash != "hashed:"+SamplePassword || !u.Active {
			t.Errorf("%s: hash %q active %v", u.Email, u.PasswordHash, u.Active)
		}
		if !strings.HasSuffix(u.Email, "@example.com") || u.Name == "" {
			t.Errorf("user %+v", u)
		}
		decodeJPEG(t, filepath.Join(dir, "users", u.Photo), 500, 500)
	}
	want := map[account.Role]int{account.RoleAdmin: 1, account.RoleLeadGuide: 3, account.RoleGuide: 5, account.RoleUser: 11}
	for r, n := range want {
		if roles[r] != n {
			t.Errorf("role %s: %d users, want %d", r, roles[r], n)
		}
	}
	decodeJPEG(t, filepath.Join(dir, "users", DefaultPhoto), 500, 500)

	logins := SampleLogins()
	if len(logins) != 20 || logins[0].Email != "laura@example.com" || logins[0].Role != account.RoleAdmin {
		t.Errorf("SampleLogins = %v", logins)
	}
	for _, l := range logins {
		if !emails[l.Email] {
			t.Errorf("login %s is not a seeded user", l.Email)
		}
	}
}

func TestLoadTours(t *testing.T) {
	st, dir := loadedStore(t)

	if len(st.tours) < 9 {
		t.Fatalf("tours = %d, want at least 9", len(st.tours))
	}
	users := map[string]account.User{}
	for _, u := range st.users {
		users[u.ID] = u
	}
	difficulties := map[tour.Difficulty]int{}
	slugs := map[string]bool{}
	oneStop, discounted := 0, 0
	for _, tr := range st.tours {
		t.Run(tr.Slug, func(t *testing.T) {
			if slugs[tr.Slug] || tr.Slug == "" {
				t.Errorf("slug %q empty or repeated", tr.Slug)
			}
			slugs[tr.Slug] = true
			difficulties[tr.Difficulty]++
			if tr.Name == "" || tr.Summary == "" || len(strings.Split(tr.Description, "\n")) != 2 {
				t.Errorf("texts: name %q summary %q, description paragraphs %d", tr.Name, tr.Summary, len(strings.Split(tr.Description, "\n")))
			}
			if !tr.Difficulty.Valid() || tr.MaxGroupSize < 6 || tr.MaxGroupSize > 25 || tr.DurationDays < 1 {
				t.Errorf("facts: %s, group %d, %d days", tr.Difficulty, tr.MaxGroupSize, tr.DurationDays)
			}
			if tr.PriceMinor <= 0 || tr.PriceMinor%100 != 0 || tr.DiscountMinor < 0 || tr.DiscountMinor >= tr.PriceMinor || tr.Currency != "usd" {
				t.Errorf("price %d discount %d %s", tr.PriceMinor, tr.DiscountMinor, tr.Currency)
			}
			if tr.DiscountMinor > 0 {
				discounted++
			}
			if n := len(tr.Locations); n < 1 || n > 5 {
				t.Errorf("%d locations, want 1..5", n)
			}
			if len(tr.Locations) == 1 {
				oneStop++
			}
			checkPoint(t, "start", tr.StartLocation)
			prevDay := 0
			for _, l := range tr.Locations {
				checkPoint(t, l.Description, l)
				if l.Day < prevDay || l.Day < 1 || l.Day > tr.DurationDays {
					t.Errorf("%s: day %d after day %d in a %d-day tour", l.Description, l.Day, prevDay, tr.DurationDays)
				}
				prevDay = l.Day
			}
			upcoming := tr.StartDates
			if tr.ID == st.tours[0].ID {
				// The first tour also ran ten days before its end, for the sample traveller's past trip.
				if len(upcoming) == 0 || !upcoming[0].Date.Equal(tr.LastEndedDay(testNow).AddDate(0, 0, -10)) {
					t.Errorf("first tour's departures %v: no past trip first", upcoming)
				} else {
					upcoming = upcoming[1:]
				}
			}
			if len(upcoming) != 3 {
				t.Errorf("%d upcoming start dates, want 3", len(upcoming))
			}
			for _, d := range upcoming {
				if !d.Date.After(testNow) || !d.Date.Equal(tour.Day(d.Date)) || d.Date.Location() != time.UTC {
					t.Errorf("start date %v: not a future midnight UTC", d.Date)
				}
				if d.Date.After(testNow.AddDate(0, 10, 0)) {
					t.Errorf("start date %v: more than ten months ahead", d.Date)
				}
			}
			if n := len(tr.Guides); n < 1 || n > 3 {
				t.Errorf("%d guides, want 1..3", n)
			}
			for i, g := range tr.Guides {
				role := users[g.UserID].Role
				if (i == 0 && role != account.RoleLeadGuide) || (i > 0 && role != account.RoleGuide) {
					t.Errorf("guide %d (%s) has role %q", i, g.UserID, role)
				}
			}
			// Stored as an upload is, in every width pages offer in srcset.
			for _, name := range append([]string{tr.CoverImage}, tr.Pictures...) {
				vs := media.TourPictureVariants(name)
				if len(vs) != 3 {
					t.Errorf("%s: %d widths, want 3 (named as an upload is)", name, len(vs))
				}
				for _, v := range vs {
					decodeJPEG(t, filepath.Join(dir, "tours", v.File), v.Width, v.Height)
				}
			}
			if len(tr.Pictures) != 3 {
				t.Errorf("%d pictures, want 3", len(tr.Pictures))
			}
		})
	}
	if oneStop == 0 {
		t.Error("no tour has exactly one location")
	}
	if discounted < 2 {
		t.Errorf("%d discounted tours, want at least 2", discounted)
	}
	for _, d := range []tour.Difficulty{tour.Easy, tour.Medium, tour.Difficult} {
		if difficulties[d] == 0 {
			t.Errorf("no %s tour", d)
		}
	}
}

func checkPoint(t *testing.T, what string, l tour.Location) {
	t.Helper()
	p := l.Point
	if math.IsNaN(p.Lng) || math.IsNaN(p.Lat) || p.Lng < -180 || p.Lng > 180 || p.Lat < -90 || p.Lat > 90 || (p.Lng == 0 && p.Lat == 0) {
		t.Errorf("%s: point %+v out of range", what, p)
	}
	if l.Description == "" {
		t.Errorf("%s: location without description", what)
	}
}

// TestCoordinatesOrder guards against [lat, lng] mix-ups with places whose hemispheres make a
// swap obvious.
func TestCoordinatesOrder(t *testing.T) {
	st, _ := loadedStore(t)
	want := map[string]tour.Point{
		"Zermatt, Switzerland":    {Lng: 7.7491, Lat: 46.0207},
		"Reykjavík, Iceland":      {Lng: -21.9426, Lat: 64.1466},
		"Queenstown, New Zealand": {Lng: 168.6626, Lat: -45.0312},
		"Banff, Canada":           {Lng: -115.5708, Lat: 51.1784},
		"Puerto Natales, Chile":   {Lng: -72.5064, Lat: -51.7236},
	}
	for _, tr := range st.tours {
		if w, ok := want[tr.StartLocation.Description]; ok {
			if got := tr.StartLocation.Point; math.Abs(got.Lng-w.Lng) > 0.01 || math.Abs(got.Lat-w.Lat) > 0.01 {
				t.Errorf("%s at %+v, want %+v", tr.StartLocation.Description, got, w)
			}
			delete(want, tr.StartLocation.Description)
		}
	}
	if len(want) > 0 {
		t.Errorf("start locations not found: %v", want)
	}
}

func TestLoadReviews(t *testing.T) {
	st, _ := loadedStore(t)
	users := map[string]account.User{}
	for _, u := range st.users {
		users[u.ID] = u
	}
	perTour := map[string]int{}
	seen := map[[2]string]bool{}
	for _, r := range st.reviews {
		key := [2]string{r.TourID, r.UserID}
		if seen[key] {
			t.Errorf("user %s reviewed tour %s twice", r.UserID, r.TourID)
		}
		seen[key] = true
		perTour[r.TourID]++
		if r.Rating < 3 || r.Rating > 5 || r.Text == "" {
			t.Errorf("review %+v", r)
		}
		if users[r.UserID].Role != account.RoleUser {
			t.Errorf("review by %q, a %q", r.UserID, users[r.UserID].Role)
		}
		if !r.CreatedAt.Before(testNow) {
			t.Errorf("review dated %v, not before now", r.CreatedAt)
		}
	}
	for _, tr := range st.tours {
		if perTour[tr.ID] < 3 {
			t.Errorf("%s has %d reviews, want at least 3", tr.Slug, perTour[tr.ID])
		}
	}
}

// TestLoadPastTrip: the sample traveller has a paid booking of the first tour on a
// departure that has ended, and has not reviewed it: the review journey can be tried.
func TestLoadPastTrip(t *testing.T) {
	st, _ := loadedStore(t)
	var daniel account.User
	for _, u := range st.users {
		if u.Email == PastTripTraveller {
			daniel = u
		}
	}
	first := st.tours[0]
	if len(st.bookings) != 1 {
		t.Fatalf("%d sample bookings, want 1", len(st.bookings))
	}
	b := st.bookings[0]
	if b.UserID != daniel.ID || b.TourID != first.ID || b.Status != booking.Paid || b.AmountMinor != 2*first.UnitPriceMinor() {
		t.Errorf("past trip %+v", b)
	}
	if ends := first.EndsAt(b.StartDate); !ends.Before(testNow) || !b.PaidAt.Before(b.StartDate) {
		t.Errorf("the trip on %v ends %v, paid %v: not a trip taken before %v", b.StartDate, ends, b.PaidAt, testNow)
	}
	for _, r := range st.reviews {
		if r.UserID == daniel.ID && r.TourID == first.ID {
			t.Errorf("%s has already reviewed %s", PastTripTraveller, first.Name)
		}
	}
}

func TestLoadTwiceAddsNothing(t *testing.T) {
	st := &fakeStore{}
	if err := load(context.Background(), st, noImages, fakeHash, testNow); err != nil {
		t.Fatal(err)
	}
	users, tours, reviews := len(st.users), len(st.tours), len(st.reviews)
	hashed := false
	hash := func(pw string) (string, error) { hashed = true; return fakeHash(pw) }
	dir := t.TempDir()
	if err := Load(context.Background(), st, dir, hash, testNow); err != nil {
		t.Fatal(err)
	}
	if len(st.users) != users || len(st.tours) != tours || len(st.reviews) != reviews {
		t.Errorf("second Load changed counts: %d/%d/%d -> %d/%d/%d", users, tours, reviews, len(st.users), len(st.tours), len(st.reviews))
	}
	if hashed {
		t.Error("second Load hashed a password")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("second Load wrote %d entries into the images folder", len(entries))
	}
}

func TestLoadLeavesNonEmptyDatabase(t *testing.T) {
	st := &fakeStore{users: []account.User{{ID: "1", Email: "owner@example.org", Role: account.RoleAdmin}}}
	if err := Load(context.Background(), st, t.TempDir(), fakeHash, testNow); err != nil {
		t.Fatal(err)
	}
	if len(st.users) != 1 || len(st.tours) != 0 {
		t.Errorf("Load on a database with a user: %d users, %d tours", len(st.users), len(st.tours))
	}
}

func TestLoadIsAllOrNothing(t *testing.T) {
	st := &fakeStore{failTour: 4}
	err := load(context.Background(), st, noImages, fakeHash, testNow)
	if err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Fatalf("Load = %v, want the store's error", err)
	}
	if len(st.users)+len(st.tours)+len(st.reviews) != 0 {
		t.Errorf("failed Load left %d users, %d tours, %d reviews", len(st.users), len(st.tours), len(st.reviews))
	}
}

// TestPicturesAreDeterministic draws every picture twice, small, and compares pixels; the
// files themselves are JPEG encodings of the same pixels, which image/jpeg does not vary.
func TestPicturesAreDeterministic(t *testing.T) {
	bold, err := opentype.Parse(gobold.TTF)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range sampleTours() {
		a, b := landscape(120, 80, st.look, seedOf(st.slug)), landscape(120, 80, st.look, seedOf(st.slug))
		if !bytes.Equal(a.Pix, b.Pix) {
			t.Errorf("%s: landscape differs between runs", st.slug)
		}
	}
	for _, su := range sampleUsers[:3] {
		a, _ := initialsPhoto(100, su.name, bold)
		b, _ := initialsPhoto(100, su.name, bold)
		if !bytes.Equal(a.(*image.RGBA).Pix, b.(*image.RGBA).Pix) {
			t.Errorf("%s: photo differs between runs", su.name)
		}
	}
}

// TestPicturesDiffer catches a palette or seed that is ignored: every picture must be its own.
func TestPicturesDiffer(t *testing.T) {
	_, dir := loadedStore(t)
	seen := map[string]string{}
	n := 0
	for _, sub := range []string{"tours", "users"} {
		entries, _ := os.ReadDir(filepath.Join(dir, sub))
		for _, e := range entries {
			b, _ := os.ReadFile(filepath.Join(dir, sub, e.Name()))
			if other, ok := seen[string(b)]; ok {
				t.Errorf("%s is the same picture as %s", e.Name(), other)
			}
			seen[string(b)] = e.Name()
			n++
		}
	}
	// Tour pictures come in three widths; photos with their two narrower copies, the
	// default photo too.
	if want := len(sampleTours())*4*3 + 3*len(sampleUsers) + 3 + 1; n != want {
		t.Errorf("%d files, want %d", n, want)
	}
}

func TestEnsureDefaultImages(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "users"), 0o755); err != nil {
		t.Fatal(err)
	}
	own := filepath.Join(dir, "users", DefaultPhoto)
	if err := os.WriteFile(own, []byte("the operator's own"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := EnsureDefaultImages(dir); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(own); string(b) != "the operator's own" {
		t.Error("EnsureDefaultImages replaced an existing default photo")
	}
	decodeJPEG(t, filepath.Join(dir, "tours", DefaultTourPicture), 1200, 800)
	os.Remove(own)
	if err := EnsureDefaultImages(dir); err != nil {
		t.Fatal(err)
	}
	decodeJPEG(t, own, 500, 500)
	for _, v := range media.PhotoVariants(DefaultPhoto) {
		decodeJPEG(t, filepath.Join(dir, "users", v.File), v.Width, v.Height)
	}
}

func TestWriteImagesKeepsExistingFiles(t *testing.T) {
	dir := t.TempDir()
	own := filepath.Join(dir, "users", userPhotoFile("laura@example.com"))
	if err := os.MkdirAll(filepath.Dir(own), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(own, []byte("the operator's own"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Every other picture is there already but Miyu's photo and its copies, which
	// WriteImages must draw: drawing all sixty again here took half a minute.
	_, shared := loadedStore(t)
	drawn := map[string]bool{userPhotoFile("miyu@example.com"): true}
	for _, v := range media.PhotoVariants(userPhotoFile("miyu@example.com")) {
		drawn[v.File] = true
	}
	for _, sub := range []string{"tours", "users"} {
		entries, err := os.ReadDir(filepath.Join(shared, sub))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			to := filepath.Join(dir, sub, e.Name())
			if drawn[e.Name()] || to == own {
				continue
			}
			if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Link(filepath.Join(shared, sub, e.Name()), to); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := WriteImages(dir); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(own); string(b) != "the operator's own" {
		t.Error("WriteImages replaced an existing picture")
	}
	decodeJPEG(t, filepath.Join(dir, "users", userPhotoFile("miyu@example.com")), 500, 500)
	for _, v := range media.PhotoVariants(userPhotoFile("miyu@example.com")) {
		decodeJPEG(t, filepath.Join(dir, "users", v.File), v.Width, v.Height)
	}
}

func TestInitials(t *testing.T) {
	for name, want := range map[string]string{
		"Laura Bennett": "LB", "Élodie Marchand": "ÉM", "Cher": "C", "Anna van der Berg": "AB", "": "",
	} {
		if got := initials(name); got != want {
			t.Errorf("initials(%q) = %q, want %q", name, got, want)
		}
	}
}

func decodeJPEG(t *testing.T, path string, w, h int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Errorf("picture: %v", err)
		return
	}
	defer f.Close()
	img, err := jpeg.Decode(f)
	if err != nil {
		t.Errorf("%s: %v", path, err)
		return
	}
	if img.Bounds() != image.Rect(0, 0, w, h) {
		t.Errorf("%s is %v, want %dx%d", path, img.Bounds(), w, h)
	}
}

func BenchmarkWriteImages(b *testing.B) {
	dir := b.TempDir()
	for b.Loop() {
		if err := WriteImages(dir); err != nil {
			b.Fatal(err)
		}
	}
}

// TestSampleLogo: the sample logo is written in every size a logo has, as PNGs of the
// sizes' bounds, and is what the sample business names.
func TestSampleLogo(t *testing.T) {
	_, dir := loadedStore(t)
	if SampleBusiness.LogoURL("header") != "/img/brand/"+media.LogoFile(SampleLogo, "header") {
		t.Errorf("the sample business's logo is %q", SampleBusiness.LogoURL("header"))
	}
	for _, s := range media.LogoSizes() {
		f, err := os.Open(filepath.Join(dir, "brand", media.LogoFile(SampleLogo, s.Name)))
		if err != nil {
			t.Fatal(err)
		}
		cfg, format, err := image.DecodeConfig(f)
		f.Close()
		if err != nil || format != "png" {
			t.Fatalf("%s: %s %v", s.Name, format, err)
		}
		if cfg.Width > s.MaxW || cfg.Height > s.MaxH || (cfg.Width != s.MaxW && cfg.Height != s.MaxH) {
			t.Errorf("%s is %d×%d, for %d×%d", s.Name, cfg.Width, cfg.Height, s.MaxW, s.MaxH)
		}
	}
}
