// Package seed fills an empty database with sample content — users of every role, tours
// in several regions of the world with real locations, start dates and reviews — and
// draws their pictures, so a fresh install shows a complete site to click through.
//
// Everything is written by this package (texts, coordinates, pictures); nothing is copied
// from elsewhere. The pictures are generated deterministically, so two runs write the same
// bytes.
package seed

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/booking"
	"tourbook/internal/business"
	"tourbook/internal/legal"
	"tourbook/internal/tour"
)

// SamplePassword is the password of every sample account. It is published in the README on
// purpose: the sample data is for trying the site out, never for production.
const SamplePassword = "test1234"

// Tx is the part of the store that seeding writes through (signatures from docs/store-api.md).
type Tx interface {
	CountUsers(ctx context.Context) (int, error)
	CreateUser(ctx context.Context, u *account.User) error
	CreateTour(ctx context.Context, t *tour.Tour) error
	CreateReview(ctx context.Context, r *tour.Review) error
	CreatePaidBooking(ctx context.Context, b *booking.Booking, actorName string, now time.Time, entry audit.Entry) error
	SetSetting(ctx context.Context, key, value string, now time.Time, entry audit.Entry) error
	AddLegalVersion(ctx context.Context, v *legal.Version, entry audit.Entry) error
}

// Store is a Tx that can run a function in one transaction. The type parameter is the
// transaction's own type, because the store's InTx hands its callback a *store.Store:
// *store.Store satisfies Store[*store.Store], and Load infers that from its argument.
type Store[T Tx] interface {
	Tx
	InTx(ctx context.Context, fn func(tx T) error) error
}

// Login is one sample account, for the README and the sign-in hints of a demo.
type Login struct {
	Email string
	Role  account.Role
}

// SampleLogins lists the sample accounts in the order they are created; all use
// SamplePassword.
func SampleLogins() []Login {
	logins := make([]Login, len(sampleUsers))
	for i, u := range sampleUsers {
		logins[i] = Login{Email: u.email, Role: u.role}
	}
	return logins
}

// Load fills an empty database with the sample content and writes its pictures under
// imagesDir (tours/ and users/). A database that already has users is left alone, so Load is
// safe to run at every start. hash turns SamplePassword into a stored hash (argon2id in
// production); now dates the start dates (all in the future) and the reviews.
func Load[S Store[S]](ctx context.Context, st S, imagesDir string, hash func(string) (string, error), now time.Time) error {
	pictures := func() error {
		if err := WriteImages(imagesDir); err != nil {
			return err
		}
		if err := WriteLogo(imagesDir); err != nil {
			return err
		}
		return EnsureDefaultImages(imagesDir)
	}
	return load(ctx, st, pictures, hash, now)
}

// load is Load with the picture writer as a parameter, so tests of the database side need
// not draw sixty pictures each.
func load[S Store[S]](ctx context.Context, st S, writeImages func() error, hash func(string) (string, error), now time.Time) error {
	n, err := st.CountUsers(ctx)
	if err != nil {
		return fmt.Errorf("seed: count users: %w", err)
	}
	if n > 0 {
		return nil
	}
	// Pictures first: writing them twice is harmless, while a committed database whose
	// pictures failed to write would never be seeded again.
	if err := writeImages(); err != nil {
		return fmt.Errorf("seed: %w", err)
	}
	// One hash for all: every sample account has the same password, and argon2id is
	// deliberately slow.
	pwHash, err := hash(SamplePassword)
	if err != nil {
		return fmt.Errorf("seed: hash sample password: %w", err)
	}
	err = st.InTx(ctx, func(tx S) error {
		// Checked again inside the transaction: another instance may have seeded meanwhile.
		n, err := tx.CountUsers(ctx)
		if err != nil {
			return fmt.Errorf("count users: %w", err)
		}
		if n > 0 {
			return nil
		}
		return fill(ctx, tx, pwHash, now)
	})
	if err != nil {
		return fmt.Errorf("seed: %w", err)
	}
	return nil
}

// fill writes the business's profile, users, then the legal pages and tours (their guides must exist), then
// reviews.
func fill(ctx context.Context, tx Tx, pwHash string, now time.Time) error {
	profile, err := json.Marshal(SampleBusiness)
	if err != nil {
		return fmt.Errorf("business profile: %w", err)
	}
	// No audit entry: nobody changed it.
	if err := tx.SetSetting(ctx, business.SettingKey, string(profile), now, audit.Entry{}); err != nil {
		return fmt.Errorf("business profile: %w", err)
	}
	ids := make(map[string]string, len(sampleUsers)) // email -> stored ID
	for _, su := range sampleUsers {
		u := &account.User{
			Name:         su.name,
			Email:        su.email,
			Photo:        userPhotoFile(su.email),
			Role:         su.role,
			PasswordHash: pwHash,
			Active:       true,
		}
		if err := tx.CreateUser(ctx, u); err != nil {
			return fmt.Errorf("create user %s: %w", su.email, err)
		}
		ids[su.email] = u.ID
	}
	admin := sampleUserName(SampleAdmin)
	if err := writeLegal(ctx, tx, ids[SampleAdmin], admin, now); err != nil {
		return err
	}
	tours := sampleTours()
	for i := range tours {
		t := buildTour(tours[i], i, ids, now)
		var trip time.Time
		if i == 0 {
			trip = pastTripDay(t, now)
			t.StartDates = append([]tour.StartDate{{Date: trip}}, t.StartDates...)
		}
		if err := tx.CreateTour(ctx, &t); err != nil {
			return fmt.Errorf("create tour %q: %w", t.Name, err)
		}
		for _, r := range sampleReviews(i, t.ID, ids, now) {
			if err := tx.CreateReview(ctx, &r); err != nil {
				return fmt.Errorf("create review of %q: %w", t.Name, err)
			}
		}
		if !trip.IsZero() {
			if err := pastTrip(ctx, tx, t, trip, ids[PastTripTraveller]); err != nil {
				return err
			}
		}
	}
	return nil
}

// PastTripTraveller has a paid booking of the first sample tour on a departure that
// ended days ago, and no review of it yet: sign in as them to write one.
const PastTripTraveller = "daniel@example.com"

// pastTripDay is the day of the first tour's past departure: it ended ten days before
// now, where the tour runs, outside the week review requests are sent in.
func pastTripDay(t tour.Tour, now time.Time) time.Time {
	return t.LastEndedDay(now).AddDate(0, 0, -10)
}

// pastTrip records PastTripTraveller's booking of t on day, paid in cash at the office
// a month before it, as the back office's walk-in does.
func pastTrip(ctx context.Context, tx Tx, t tour.Tour, day time.Time, userID string) error {
	b := &booking.Booking{TourID: t.ID, UserID: userID, StartDate: day, Participants: 2,
		AmountMinor: 2 * t.UnitPriceMinor(), Currency: t.Currency, Source: booking.Cash, Policy: tour.DefaultPolicy()}
	entry := audit.Entry{Action: "booking.walk_in", ObjectType: "booking"}
	if err := tx.CreatePaidBooking(ctx, b, "Sample data", day.AddDate(0, -1, 0), entry); err != nil {
		return fmt.Errorf("create the past trip on %q: %w", t.Name, err)
	}
	return nil
}

// buildTour turns sample content into a tour. Start dates are 1 to 9 months ahead of now,
// spread so that not every tour leaves on the same day.
func buildTour(st sampleTour, i int, ids map[string]string, now time.Time) tour.Tour {
	slug := st.slug
	t := tour.Tour{
		Name:          st.name,
		Slug:          slug,
		Summary:       st.summary,
		Description:   st.description,
		DurationDays:  st.days,
		MaxGroupSize:  st.group,
		Difficulty:    st.difficulty,
		PriceMinor:    st.priceUSD * 100,
		DiscountMinor: st.discountUSD * 100,
		Currency:      "usd",
		CoverImage:    tourImageFile(slug, 0),
		StartLocation: st.start,
		Locations:     st.stops,
		TimeZone:      st.timeZone,
		CreatedAt:     now.UTC(),
	}
	for k := 1; k <= picturesPerTour; k++ {
		t.Pictures = append(t.Pictures, tourImageFile(slug, k))
	}
	day := tour.Day(now)
	for k := range 3 {
		months := 1 + k*3 + i%3 // 1..9 months ahead
		t.StartDates = append(t.StartDates, tour.StartDate{Date: day.AddDate(0, months, (i*5+k*11)%21)})
	}
	for _, email := range st.guides {
		t.Guides = append(t.Guides, tour.Guide{UserID: ids[email]})
	}
	if f := st.family; f != nil {
		t.Categories, t.Extras, t.Travellers, t.Questions = f.categories, f.extras, f.travellers, f.questions
		t.StartDates[len(t.StartDates)-1].Prices = map[string]int64{tour.DefaultCategoryID: f.lastAdultPrice}
		// Listed after the others (tours are listed in the order they were made): the
		// browser tests that book "the first tour with seats" by participants=N keep
		// booking tours of one price.
		t.CreatedAt = t.CreatedAt.Add(time.Second)
	}
	return t
}

// sampleUserName is the name of the sample user with that email.
func sampleUserName(email string) string {
	for _, u := range sampleUsers {
		if u.email == email {
			return u.name
		}
	}
	return email
}
