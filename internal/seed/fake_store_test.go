package seed

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/booking"
	"tourbook/internal/legal"
	"tourbook/internal/tour"
)

// fakeStore keeps rows in memory with the store's contract: IDs set on create, a unique
// email, one review per user and tour, and all-or-nothing InTx.
type fakeStore struct {
	mu       sync.Mutex
	users    []account.User
	tours    []tour.Tour
	reviews  []tour.Review
	bookings []booking.Booking
	legal    []legal.Version
	nextID   int
	failTour int // when > 0, the failTour-th CreateTour fails
	created  int
	settings map[string]string
}

func (f *fakeStore) SetSetting(ctx context.Context, key, value string, now time.Time, entry audit.Entry) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.settings == nil {
		f.settings = map[string]string{}
	}
	f.settings[key] = value
	return nil
}

func (f *fakeStore) id() string {
	f.nextID++
	return fmt.Sprintf("%024x", f.nextID)
}

func (f *fakeStore) InTx(ctx context.Context, fn func(tx *fakeStore) error) error {
	f.mu.Lock()
	users, tours, reviews, bookings, texts := slices.Clone(f.users), slices.Clone(f.tours), slices.Clone(f.reviews), slices.Clone(f.bookings), slices.Clone(f.legal)
	f.mu.Unlock()
	if err := fn(f); err != nil {
		f.mu.Lock()
		f.users, f.tours, f.reviews, f.bookings, f.legal = users, tours, reviews, bookings, texts
		f.mu.Unlock()
		return err
	}
	return nil
}

func (f *fakeStore) CreatePaidBooking(ctx context.Context, b *booking.Booking, actorName string, now time.Time, entry audit.Entry) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	b.ID, b.Status, b.CreatedAt, b.PaidAt = f.id(), booking.Paid, now, now
	f.bookings = append(f.bookings, *b)
	return nil
}

func (f *fakeStore) AddLegalVersion(ctx context.Context, v *legal.Version, entry audit.Entry) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	v.Number = 1
	for _, old := range f.legal {
		if old.Kind == v.Kind {
			v.Number = max(v.Number, old.Number+1)
		}
	}
	f.legal = append(f.legal, *v)
	return nil
}

func (f *fakeStore) CountUsers(ctx context.Context) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.users), nil
}

func (f *fakeStore) CreateUser(ctx context.Context, u *account.User) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, o := range f.users {
		if strings.EqualFold(o.Email, u.Email) {
			return account.ErrEmailTaken
		}
	}
	if u.ID == "" {
		u.ID = f.id()
	}
	f.users = append(f.users, *u)
	return nil
}

func (f *fakeStore) CreateTour(ctx context.Context, t *tour.Tour) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.created++
	if f.failTour > 0 && f.created == f.failTour {
		return fmt.Errorf("disk full")
	}
	if t.ID == "" {
		t.ID = f.id()
	}
	f.tours = append(f.tours, *t)
	return nil
}

func (f *fakeStore) CreateReview(ctx context.Context, r *tour.Review) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, o := range f.reviews {
		if o.TourID == r.TourID && o.UserID == r.UserID {
			return tour.ErrDuplicateReview
		}
	}
	if r.ID == "" {
		r.ID = f.id()
	}
	f.reviews = append(f.reviews, *r)
	return nil
}
