package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/review"
	"tourbook/internal/tour"
)

// CreateTour stores t with its pictures, locations, start dates and guides (by
// Guide.UserID), filling an empty ID, a zero CreatedAt, an empty Status (Published: sample
// data and imports go on sale at once), Version 1, and each start date's empty start time
// and zero capacity (DefaultStartTime, MaxGroupSize). Taken, guide names and Reviews are
// ignored: they are derived from other tables. RatingsAverage and RatingsCount are kept as
// given (imported tours bring theirs) until the next review recomputes them. A slug in use
// is tour.ErrSlugTaken.
func (s *Store) CreateTour(ctx context.Context, t *tour.Tour) error {
	return s.createTour(ctx, t, nil)
}

func (s *Store) createTour(ctx context.Context, t *tour.Tour, entry *audit.Entry) error {
	s.ensureID(&t.ID)
	s.ensureTime(&t.CreatedAt)
	if t.Status == "" {
		t.Status = tour.Published
	}
	if t.TimeZone == "" {
		t.TimeZone = "UTC"
	}
	if t.Policy == nil {
		t.Policy = tour.DefaultPolicy()
	}
	t.Version = 1
	for i := range t.StartDates {
		fillDeparture(&t.StartDates[i], t.MaxGroupSize)
	}
	form, err := jsonArg(formOf(t))
	if err != nil {
		return fmt.Errorf("create tour %q: %w", t.Slug, err)
	}
	err = s.InTx(ctx, func(tx *Store) error {
		q := tx.tx
		_, err := q.ExecContext(ctx, `INSERT INTO tours (id, name, slug, summary, description,
			duration_days, max_group_size, difficulty, price_minor, discount_minor, currency,
			ratings_average, ratings_count, cover_image, start_lng, start_lat, start_description, created_at,
			status, version, time_zone, cancellation_policy, tax_rate_bp, booking_form)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24)`,
			t.ID, t.Name, t.Slug, t.Summary, t.Description,
			t.DurationDays, t.MaxGroupSize, string(t.Difficulty), t.PriceMinor, t.DiscountMinor, t.Currency,
			t.RatingsAverage, t.RatingsCount, t.CoverImage,
			t.StartLocation.Point.Lng, t.StartLocation.Point.Lat, t.StartLocation.Description, ts(t.CreatedAt),
			string(t.Status), t.Version, t.TimeZone, policyArg(t.Policy), t.TaxRate, form,
		)
		if isUnique(err, slugIndex...) {
			return tour.ErrSlugTaken
		}
		if err != nil {
			return err
		}
		if err := tx.writePictures(ctx, t.ID, t.Pictures); err != nil {
			return err
		}
		if err := tx.writeLocations(ctx, t.ID, t.Locations); err != nil {
			return err
		}
		for _, d := range t.StartDates {
			if _, err := tx.insertDeparture(ctx, t.ID, d); err != nil {
				return fmt.Errorf("start date %s: %w", day(d.Date), err)
			}
		}
		if err := tx.writeGuides(ctx, t.ID, t.Guides); err != nil {
			return err
		}
		return tx.addAudit(ctx, entry, t.ID)
	})
	if err != nil {
		return fmt.Errorf("create tour %q: %w", t.Slug, err)
	}
	return nil
}

// The unique index on tours.slug shows up under these names (see isUnique).
var slugIndex = []string{"tours_slug_key", "tours.slug"}

// fillDeparture gives a departure its defaults: the tour's group size as capacity and
// DefaultStartTime.
func fillDeparture(d *tour.StartDate, maxGroupSize int) {
	if d.StartTime == "" {
		d.StartTime = tour.DefaultStartTime
	}
	if d.Capacity <= 0 {
		d.Capacity = maxGroupSize
	}
	d.Date = tour.Day(d.Date)
}

// insertDeparture adds d unless the tour already departs that day, and says whether it did.
func (s *Store) insertDeparture(ctx context.Context, tourID string, d tour.StartDate) (bool, error) {
	prices, err := jsonArg(d.Prices)
	if err != nil {
		return false, err
	}
	res, err := s.tx.ExecContext(ctx, `INSERT INTO tour_start_dates
		(tour_id, start_date, start_time, capacity, meeting_point, closed, prices)
		VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (tour_id, start_date) DO NOTHING`,
		tourID, day(d.Date), d.StartTime, d.Capacity, d.MeetingPoint, d.Closed, prices)
	if err != nil {
		return false, err
	}
	return affected(res)
}

// writePictures replaces the tour's gallery with files, in order.
func (s *Store) writePictures(ctx context.Context, tourID string, files []string) error {
	if _, err := s.tx.ExecContext(ctx, `DELETE FROM tour_pictures WHERE tour_id = $1`, tourID); err != nil {
		return fmt.Errorf("pictures: %w", err)
	}
	for i, file := range files {
		if _, err := s.tx.ExecContext(ctx, `INSERT INTO tour_pictures (tour_id, position, file)
			VALUES ($1, $2, $3)`, tourID, i, file); err != nil {
			return fmt.Errorf("picture %s: %w", file, err)
		}
	}
	return nil
}

// writeLocations replaces the tour's stops with locs, in order.
func (s *Store) writeLocations(ctx context.Context, tourID string, locs []tour.Location) error {
	if _, err := s.tx.ExecContext(ctx, `DELETE FROM tour_locations WHERE tour_id = $1`, tourID); err != nil {
		return fmt.Errorf("locations: %w", err)
	}
	for i, l := range locs {
		if _, err := s.tx.ExecContext(ctx, `INSERT INTO tour_locations (tour_id, position, lng, lat, day, description)
			VALUES ($1, $2, $3, $4, $5, $6)`, tourID, i, l.Point.Lng, l.Point.Lat, l.Day, l.Description); err != nil {
			return fmt.Errorf("location %d: %w", i, err)
		}
	}
	return nil
}

// writeGuides replaces the tour's guides with guides (by UserID), in order.
func (s *Store) writeGuides(ctx context.Context, tourID string, guides []tour.Guide) error {
	if _, err := s.tx.ExecContext(ctx, `DELETE FROM tour_guides WHERE tour_id = $1`, tourID); err != nil {
		return fmt.Errorf("guides: %w", err)
	}
	for i, g := range guides {
		if _, err := s.tx.ExecContext(ctx, `INSERT INTO tour_guides (tour_id, user_id, position)
			VALUES ($1, $2, $3)`, tourID, g.UserID, i); err != nil {
			if isForeignKey(err) {
				return fmt.Errorf("guide %s: %w", g.UserID, account.ErrNotFound)
			}
			return fmt.Errorf("guide %s: %w", g.UserID, err)
		}
	}
	return nil
}

// ListTours returns every published tour with its pictures, locations, start dates
// (sorted, Taken counted at now) and guides, but not its reviews, oldest tour first.
func (s *Store) ListTours(ctx context.Context, now time.Time) ([]tour.Tour, error) {
	tours, err := s.loadTours(ctx, tourFilter{published: true}, now)
	if err != nil {
		return nil, fmt.Errorf("list tours: %w", err)
	}
	return tours, nil
}

// BookedTours returns the tours the user has bookings of, whatever their status now, like
// ListTours: a tour taken off sale after it was booked is still its traveller's booking.
func (s *Store) BookedTours(ctx context.Context, userID string, now time.Time) ([]tour.Tour, error) {
	tours, err := s.loadTours(ctx, tourFilter{bookedBy: userID}, now)
	if err != nil {
		return nil, fmt.Errorf("tours booked by user %s: %w", userID, err)
	}
	return tours, nil
}

// TourBySlug returns one published tour with everything, the first page of its shown
// reviews (review.PageSize, newest first), or tour.ErrNotFound.
func (s *Store) TourBySlug(ctx context.Context, slug string, now time.Time) (tour.Tour, error) {
	t, err := s.oneTour(ctx, tourFilter{column: "slug", value: slug, published: true}, now)
	if err != nil {
		return t, fmt.Errorf("tour %q: %w", slug, err)
	}
	return t, nil
}

// TourByID is TourBySlug by ID.
func (s *Store) TourByID(ctx context.Context, id string, now time.Time) (tour.Tour, error) {
	t, err := s.oneTour(ctx, tourFilter{column: "id", value: id, published: true}, now)
	if err != nil {
		return t, fmt.Errorf("tour %s: %w", id, err)
	}
	return t, nil
}

func (s *Store) oneTour(ctx context.Context, f tourFilter, now time.Time) (tour.Tour, error) {
	tours, err := s.loadTours(ctx, f, now)
	if err != nil {
		return tour.Tour{}, err
	}
	if len(tours) == 0 {
		return tour.Tour{}, tour.ErrNotFound
	}
	t := tours[0]
	if t.Reviews, err = s.TourReviews(ctx, t.ID, 0, review.PageSize); err != nil {
		return tour.Tour{}, err
	}
	return t, nil
}

// tourFilter selects tours: one by a unique column, or every tour when column is "";
// then only the published ones, or those of one status, or those led by one guide, or
// those whose name contains a text.
type tourFilter struct {
	column    string // "id" or "slug"; never user input
	value     string
	published bool
	status    tour.Status
	guideID   string
	nameLike  string // matched without regard to case
	bookedBy  string // a user with a booking of the tour
}

// where is the condition on the tours table t, with its values as placeholders from $n.
func (f tourFilter) where(n int) (string, []any) {
	var conds []string
	var args []any
	add := func(cond string, arg any) {
		conds = append(conds, fmt.Sprintf(cond, n+len(args)))
		args = append(args, arg)
	}
	if f.column != "" {
		add("t."+f.column+" = $%d", f.value)
	}
	if f.published {
		conds = append(conds, "t.status = 'published'")
	}
	if f.status != "" {
		add("t.status = $%d", string(f.status))
	}
	if f.guideID != "" {
		add("EXISTS (SELECT 1 FROM tour_guides g WHERE g.tour_id = t.id AND g.user_id = $%d)", f.guideID)
	}
	if f.bookedBy != "" {
		add("EXISTS (SELECT 1 FROM bookings ub WHERE ub.tour_id = t.id AND ub.user_id = $%d)", f.bookedBy)
	}
	if f.nameLike != "" {
		// Lower-cased in Go too: SQLite's lower() folds only A–Z.
		add("lower(t.name) LIKE $%d ESCAPE '\\'", "%"+escapeLike(strings.ToLower(f.nameLike))+"%")
	}
	if len(conds) == 0 {
		return "", nil
	}
	return " WHERE " + strings.Join(conds, " AND "), args
}

// escapeLike makes s match itself literally in a LIKE pattern.
func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// loadTours reads the tours matching f and then each child table in one query, so a
// listing costs five queries however many tours there are. The queries need no common
// snapshot: a tour and its children are created in one transaction, so a tour the first
// query sees has all its children visible to the later ones.
func (s *Store) loadTours(ctx context.Context, f tourFilter, now time.Time) ([]tour.Tour, error) {
	q := s.reader()
	where, args := f.where(1)
	rows, err := q.QueryContext(ctx, `SELECT t.id, t.name, t.slug, t.summary, t.description,
			t.duration_days, t.max_group_size, t.difficulty, t.price_minor, t.discount_minor,
			t.currency, t.ratings_average, t.ratings_count, t.cover_image,
			t.start_lng, t.start_lat, t.start_description, t.created_at,
			t.status, t.version, t.time_zone, t.updated_at, t.cancellation_policy, t.tax_rate_bp, t.booking_form
		FROM tours t`+where+` ORDER BY t.created_at, t.id`, args...)
	if err != nil {
		return nil, err
	}
	var tours []tour.Tour
	index := map[string]int{}
	err = scanAll(rows, func() error {
		var t tour.Tour
		var form bookingForm
		if err := rows.Scan(&t.ID, &t.Name, &t.Slug, &t.Summary, &t.Description,
			&t.DurationDays, &t.MaxGroupSize, &t.Difficulty, &t.PriceMinor, &t.DiscountMinor,
			&t.Currency, &t.RatingsAverage, &t.RatingsCount, &t.CoverImage,
			&t.StartLocation.Point.Lng, &t.StartLocation.Point.Lat, &t.StartLocation.Description,
			timeCol{&t.CreatedAt}, &t.Status, &t.Version, &t.TimeZone, timeCol{&t.UpdatedAt},
			policyCol{&t.Policy}, &t.TaxRate, jsonCol[bookingForm]{&form}); err != nil {
			return err
		}
		form.apply(&t)
		t.Pictures, t.Locations, t.StartDates, t.Guides = []string{}, []tour.Location{}, []tour.StartDate{}, []tour.Guide{}
		index[t.ID] = len(tours)
		tours = append(tours, t)
		return nil
	})
	if err != nil || len(tours) == 0 {
		return tours, err
	}

	// child runs a query whose first column is the tour ID and hands each row, scanned
	// into dest, to add with the tour it belongs to.
	child := func(what, query string, args []any, dest []any, add func(t *tour.Tour)) error {
		rows, err := q.QueryContext(ctx, query, args...)
		if err != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
		var tourID string
		dest = append([]any{&tourID}, dest...)
		err = scanAll(rows, func() error {
			if err := rows.Scan(dest...); err != nil {
				return err
			}
			if i, ok := index[tourID]; ok {
				add(&tours[i])
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
		return nil
	}

	var file string
	if err := child("pictures", `SELECT p.tour_id, p.file
		FROM tour_pictures p JOIN tours t ON t.id = p.tour_id`+where+`
		ORDER BY p.tour_id, p.position`, args, []any{&file},
		func(t *tour.Tour) { t.Pictures = append(t.Pictures, file) }); err != nil {
		return nil, err
	}

	var l tour.Location
	if err := child("locations", `SELECT l.tour_id, l.lng, l.lat, l.day, l.description
		FROM tour_locations l JOIN tours t ON t.id = l.tour_id`+where+`
		ORDER BY l.tour_id, l.position`, args, []any{&l.Point.Lng, &l.Point.Lat, &l.Day, &l.Description},
		func(t *tour.Tour) { t.Locations = append(t.Locations, l) }); err != nil {
		return nil, err
	}

	var d tour.StartDate
	where2, args2 := f.where(2)
	if err := child("start dates", `SELECT sd.tour_id, sd.start_date, sd.start_time, sd.capacity,
			sd.meeting_point, sd.closed, sd.cancelled_at, sd.prices, `+takenSum+`
		FROM tour_start_dates sd JOIN tours t ON t.id = sd.tour_id
		LEFT JOIN bookings b ON b.tour_id = sd.tour_id AND b.start_date = sd.start_date
			AND `+holdsSeats+where2+`
		GROUP BY sd.tour_id, sd.start_date, sd.start_time, sd.capacity, sd.meeting_point, sd.closed, sd.cancelled_at, sd.prices
		ORDER BY sd.tour_id, sd.start_date`, append([]any{ts(now)}, args2...),
		[]any{timeCol{&d.Date}, &d.StartTime, &d.Capacity, &d.MeetingPoint, &d.Closed, timeCol{&d.CancelledAt},
			jsonCol[map[string]int64]{&d.Prices}, &d.Taken},
		func(t *tour.Tour) { t.StartDates = append(t.StartDates, d) }); err != nil {
		return nil, err
	}

	var g tour.Guide
	if err := child("guides", `SELECT tg.tour_id, u.id, u.name, u.role, u.photo
		FROM tour_guides tg JOIN tours t ON t.id = tg.tour_id JOIN users u ON u.id = tg.user_id`+where+`
		ORDER BY tg.tour_id, tg.position`, args, []any{&g.UserID, &g.Name, &g.Role, &g.Photo},
		func(t *tour.Tour) { t.Guides = append(t.Guides, g) }); err != nil {
		return nil, err
	}
	return tours, nil
}

// collect scans every row into a new T through the pointers fields gives, closes rows,
// and returns the values in order (empty, not nil, when there are none).
func collect[T any](rows *sql.Rows, fields func(*T) []any) ([]T, error) {
	list := []T{}
	err := scanAll(rows, func() error {
		var v T
		if err := rows.Scan(fields(&v)...); err != nil {
			return err
		}
		list = append(list, v)
		return nil
	})
	return list, err
}

// scanAll calls scan for every row and closes rows.
func scanAll(rows *sql.Rows, scan func() error) error {
	defer rows.Close()
	for rows.Next() {
		if err := scan(); err != nil {
			return err
		}
	}
	return rows.Err()
}
