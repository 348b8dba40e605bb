package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/booking"
	"tourbook/internal/catalog"
	"tourbook/internal/tour"
)

// The back office's side of the catalogue: every tour whatever its status, and the
// changes operators make, each written with its audit entry in one transaction.

// AdminTours lists the tours matching f, whatever their status, like ListTours.
func (s *Store) AdminTours(ctx context.Context, f catalog.Filter, now time.Time) ([]tour.Tour, error) {
	tours, err := s.loadTours(ctx, tourFilter{status: f.Status, guideID: f.GuideID, nameLike: f.Query}, now)
	if err != nil {
		return nil, fmt.Errorf("admin tours: %w", err)
	}
	return tours, nil
}

// TourByIDAnyStatus returns a tour whatever its status, with each departure's Bookings
// counted, but without reviews; or tour.ErrNotFound.
func (s *Store) TourByIDAnyStatus(ctx context.Context, id string, now time.Time) (tour.Tour, error) {
	tours, err := s.loadTours(ctx, tourFilter{column: "id", value: id}, now)
	if err != nil {
		return tour.Tour{}, fmt.Errorf("admin tour %s: %w", id, err)
	}
	if len(tours) == 0 {
		return tour.Tour{}, fmt.Errorf("admin tour %s: %w", id, tour.ErrNotFound)
	}
	t := tours[0]
	rows, err := s.reader().QueryContext(ctx, `SELECT start_date, COUNT(*) FROM bookings
		WHERE tour_id = $1 AND status IN ('paid', 'awaiting_payment', 'pending', 'refund_due')
		GROUP BY start_date`, id)
	if err != nil {
		return tour.Tour{}, fmt.Errorf("admin tour %s: bookings: %w", id, err)
	}
	counts := map[string]int{}
	var d time.Time
	var n int
	if err := scanAll(rows, func() error {
		if err := rows.Scan(timeCol{&d}, &n); err != nil {
			return err
		}
		counts[day(d)] = n
		return nil
	}); err != nil {
		return tour.Tour{}, fmt.Errorf("admin tour %s: bookings: %w", id, err)
	}
	for i := range t.StartDates {
		t.StartDates[i].Bookings = counts[day(t.StartDates[i].Date)]
	}
	return t, nil
}

// SlugRedirect is the current slug of the tour that used to be at slug, or
// tour.ErrNotFound.
func (s *Store) SlugRedirect(ctx context.Context, slug string) (string, error) {
	var current string
	err := s.reader().QueryRowContext(ctx, `SELECT t.slug FROM tour_slug_redirects r
		JOIN tours t ON t.id = r.tour_id WHERE r.slug = $1 AND t.status = 'published'`, slug).Scan(&current)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("slug redirect %q: %w", slug, tour.ErrNotFound)
	}
	if err != nil {
		return "", fmt.Errorf("slug redirect %q: %w", slug, err)
	}
	return current, nil
}

// TourNames lists every tour's ID, slug, name and status, by name.
func (s *Store) TourNames(ctx context.Context) ([]tour.Tour, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT id, slug, name, status FROM tours ORDER BY name, id`)
	if err != nil {
		return nil, fmt.Errorf("tour names: %w", err)
	}
	list, err := collect(rows, func(t *tour.Tour) []any { return []any{&t.ID, &t.Slug, &t.Name, &t.Status} })
	if err != nil {
		return nil, fmt.Errorf("tour names: %w", err)
	}
	return list, nil
}

// GuideUsers lists the users who may guide tours (guides and lead guides), by name.
func (s *Store) GuideUsers(ctx context.Context) ([]account.User, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT `+userColumns+` FROM users u
		WHERE u.role IN ('guide', 'lead-guide') AND u.active ORDER BY u.name, u.id`)
	if err != nil {
		return nil, fmt.Errorf("guide users: %w", err)
	}
	list, err := collect(rows, userFields)
	if err != nil {
		return nil, fmt.Errorf("guide users: %w", err)
	}
	return list, nil
}

// CreateAdminTour is CreateTour with the operator's audit entry in the same transaction
// (its ObjectID is filled with the new tour's).
func (s *Store) CreateAdminTour(ctx context.Context, t *tour.Tour, entry audit.Entry) error {
	return s.createTour(ctx, t, &entry)
}

// UpdateTour writes t's texts, facts, stops and guides (not its status, pictures or
// departures) if the stored tour is still at version; it then has version+1, which t
// gets too, with UpdatedAt = now. A changed slug leaves the old one redirecting to the
// tour. Errors: tour.ErrNotFound, tour.ErrVersionConflict, tour.ErrSlugTaken.
func (s *Store) UpdateTour(ctx context.Context, t *tour.Tour, version int, now time.Time, entry audit.Entry) error {
	form, err := jsonArg(formOf(t))
	if err != nil {
		return fmt.Errorf("update tour %s: %w", t.ID, err)
	}
	err = s.InTx(ctx, func(tx *Store) error {
		var oldSlug string
		var current int
		err := tx.tx.QueryRowContext(ctx, tx.forUpdate(`SELECT slug, version FROM tours WHERE id = $1`), t.ID).
			Scan(&oldSlug, &current)
		if errors.Is(err, sql.ErrNoRows) {
			return tour.ErrNotFound
		}
		if err != nil {
			return err
		}
		if current != version {
			return tour.ErrVersionConflict
		}
		if oldSlug != t.Slug {
			// The new slug may be one this tour had before; the old one now redirects.
			if _, err := tx.tx.ExecContext(ctx, `DELETE FROM tour_slug_redirects WHERE slug = $1`, t.Slug); err != nil {
				return err
			}
		}
		t.Version, t.UpdatedAt = version+1, now.UTC().Truncate(time.Microsecond)
		_, err = tx.tx.ExecContext(ctx, `UPDATE tours SET name = $2, slug = $3, summary = $4,
			description = $5, duration_days = $6, max_group_size = $7, difficulty = $8,
			price_minor = $9, discount_minor = $10, currency = $11, start_lng = $12, start_lat = $13,
			start_description = $14, time_zone = $15, version = $16, updated_at = $17,
			cancellation_policy = $18, tax_rate_bp = $19, booking_form = $20
			WHERE id = $1`,
			t.ID, t.Name, t.Slug, t.Summary, t.Description, t.DurationDays, t.MaxGroupSize,
			string(t.Difficulty), t.PriceMinor, t.DiscountMinor, t.Currency,
			t.StartLocation.Point.Lng, t.StartLocation.Point.Lat, t.StartLocation.Description,
			t.TimeZone, t.Version, ts(t.UpdatedAt), policyArg(t.Policy), t.TaxRate, form)
		if isUnique(err, slugIndex...) {
			return tour.ErrSlugTaken
		}
		if err != nil {
			return err
		}
		if oldSlug != t.Slug {
			if _, err := tx.tx.ExecContext(ctx, `INSERT INTO tour_slug_redirects (slug, tour_id) VALUES ($1, $2)
				ON CONFLICT (slug) DO UPDATE SET tour_id = excluded.tour_id`, oldSlug, t.ID); err != nil {
				return err
			}
		}
		if err := tx.writeLocations(ctx, t.ID, t.Locations); err != nil {
			return err
		}
		if err := tx.writeGuides(ctx, t.ID, t.Guides); err != nil {
			return err
		}
		return tx.addAudit(ctx, &entry, t.ID)
	})
	if err != nil {
		return fmt.Errorf("update tour %s: %w", t.ID, err)
	}
	return nil
}

// SetTourStatus moves a tour to status; tour.ErrNotFound when there is no such tour.
func (s *Store) SetTourStatus(ctx context.Context, id string, status tour.Status, now time.Time, entry audit.Entry) error {
	err := s.InTx(ctx, func(tx *Store) error {
		res, err := tx.tx.ExecContext(ctx, `UPDATE tours SET status = $2, updated_at = $3 WHERE id = $1`,
			id, string(status), ts(now))
		if err := updated(res, err, "set status", tour.ErrNotFound); err != nil {
			return err
		}
		return tx.addAudit(ctx, &entry, id)
	})
	if err != nil {
		return fmt.Errorf("set status of tour %s: %w", id, err)
	}
	return nil
}

// DeleteTour removes a tour that never had a booking (tour.ErrHasBookings otherwise:
// even cancelled ones are history an operator may need).
func (s *Store) DeleteTour(ctx context.Context, id string, entry audit.Entry) error {
	err := s.InTx(ctx, func(tx *Store) error {
		var n int
		if err := tx.tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM bookings WHERE tour_id = $1`, id).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return tour.ErrHasBookings
		}
		res, err := tx.tx.ExecContext(ctx, `DELETE FROM tours WHERE id = $1`, id)
		if err := updated(res, err, "delete", tour.ErrNotFound); err != nil {
			return err
		}
		return tx.addAudit(ctx, &entry, id)
	})
	if err != nil {
		return fmt.Errorf("delete tour %s: %w", id, err)
	}
	return nil
}

// lockTour locks (on PostgreSQL) a tour's row for a change to its pictures, so that two
// changes to one gallery run one after the other; tour.ErrNotFound when there is none.
func (s *Store) lockTour(ctx context.Context, id string) (cover string, err error) {
	err = s.tx.QueryRowContext(ctx, s.forUpdate(`SELECT cover_image FROM tours WHERE id = $1`), id).Scan(&cover)
	if errors.Is(err, sql.ErrNoRows) {
		return "", tour.ErrNotFound
	}
	return cover, err
}

// galleryOf reads a tour's gallery in order.
func (s *Store) galleryOf(ctx context.Context, id string) ([]string, error) {
	rows, err := s.tx.QueryContext(ctx, `SELECT file FROM tour_pictures WHERE tour_id = $1 ORDER BY position`, id)
	if err != nil {
		return nil, err
	}
	var files []string
	var f string
	err = scanAll(rows, func() error {
		if err := rows.Scan(&f); err != nil {
			return err
		}
		files = append(files, f)
		return nil
	})
	return files, err
}

// AddTourPicture makes file the tour's cover, returning the cover it replaces, or adds
// it at the end of the gallery, which holds at most maxGallery (catalog.ErrGalleryFull).
func (s *Store) AddTourPicture(ctx context.Context, id, file string, cover bool, maxGallery int, now time.Time,
	entry audit.Entry) (replaced string, err error) {
	err = s.InTx(ctx, func(tx *Store) error {
		old, err := tx.lockTour(ctx, id)
		if err != nil {
			return err
		}
		if cover {
			replaced = old
			if _, err := tx.tx.ExecContext(ctx, `UPDATE tours SET cover_image = $2, updated_at = $3 WHERE id = $1`,
				id, file, ts(now)); err != nil {
				return err
			}
		} else {
			files, err := tx.galleryOf(ctx, id)
			if err != nil {
				return err
			}
			if len(files) >= maxGallery {
				return catalog.ErrGalleryFull
			}
			if err := tx.writePictures(ctx, id, append(files, file)); err != nil {
				return err
			}
		}
		return tx.addAudit(ctx, &entry, id)
	})
	if err != nil {
		return "", fmt.Errorf("add picture to tour %s: %w", id, err)
	}
	return replaced, nil
}

// RemoveTourPicture takes file out of the tour's gallery (catalog.ErrPictureNotFound
// when it is not there).
func (s *Store) RemoveTourPicture(ctx context.Context, id, file string, now time.Time, entry audit.Entry) error {
	err := s.InTx(ctx, func(tx *Store) error {
		if _, err := tx.lockTour(ctx, id); err != nil {
			return err
		}
		res, err := tx.tx.ExecContext(ctx, `DELETE FROM tour_pictures WHERE tour_id = $1 AND file = $2`, id, file)
		if err := updated(res, err, "remove", catalog.ErrPictureNotFound); err != nil {
			return err
		}
		return tx.addAudit(ctx, &entry, id)
	})
	if err != nil {
		return fmt.Errorf("remove picture %s of tour %s: %w", file, id, err)
	}
	return nil
}

// ReorderTourPictures puts the gallery in the order of files, which must hold every
// current picture once (catalog.ErrPicturesChanged otherwise).
func (s *Store) ReorderTourPictures(ctx context.Context, id string, files []string, now time.Time, entry audit.Entry) error {
	err := s.InTx(ctx, func(tx *Store) error {
		if _, err := tx.lockTour(ctx, id); err != nil {
			return err
		}
		current, err := tx.galleryOf(ctx, id)
		if err != nil {
			return err
		}
		if !samePictures(current, files) {
			return catalog.ErrPicturesChanged
		}
		if err := tx.writePictures(ctx, id, files); err != nil {
			return err
		}
		entry.Changes.Diff("gallery", current, files)
		return tx.addAudit(ctx, &entry, id)
	})
	if err != nil {
		return fmt.Errorf("reorder pictures of tour %s: %w", id, err)
	}
	return nil
}

// samePictures reports whether b holds exactly the files of a, each once.
func samePictures(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	left := map[string]int{}
	for _, f := range a {
		left[f]++
	}
	for _, f := range b {
		if left[f] == 0 {
			return false
		}
		left[f]--
	}
	return true
}

// AddDepartures adds the departures of a tour on days it does not depart yet and says
// how many were added; the others are left as they are.
func (s *Store) AddDepartures(ctx context.Context, tourID string, list []tour.StartDate, entry audit.Entry) (int, error) {
	added := 0
	err := s.InTx(ctx, func(tx *Store) error {
		var maxGroup int
		err := tx.tx.QueryRowContext(ctx, `SELECT max_group_size FROM tours WHERE id = $1`, tourID).Scan(&maxGroup)
		if errors.Is(err, sql.ErrNoRows) {
			return tour.ErrNotFound
		}
		if err != nil {
			return err
		}
		var days []string
		for _, d := range list {
			fillDeparture(&d, maxGroup)
			ok, err := tx.insertDeparture(ctx, tourID, d)
			if err != nil {
				return fmt.Errorf("departure %s: %w", day(d.Date), err)
			}
			if ok {
				added++
				days = append(days, day(d.Date))
			}
		}
		if added == 0 {
			return nil
		}
		entry.Changes.Diff("dates", nil, days)
		return tx.addAudit(ctx, &entry, tourID)
	})
	if err != nil {
		return 0, fmt.Errorf("add departures to tour %s: %w", tourID, err)
	}
	return added, nil
}

// UpdateDeparture changes a departure under its row lock and audits the change. Whether
// the change is allowed (a capacity not below the seats taken) is the catalog service's
// to decide, in the same transaction. It returns the departure as it was and as it is.
func (s *Store) UpdateDeparture(ctx context.Context, tourID string, date time.Time, c catalog.DepartureChange, now time.Time,
	entry audit.Entry) (before, after tour.StartDate, err error) {
	err = s.InTx(ctx, func(tx *Store) error {
		d, err := tx.lockDeparture(ctx, tourID, date)
		if err != nil {
			return err
		}
		before, after = d, d
		if c.StartTime != nil {
			after.StartTime = *c.StartTime
		}
		if c.MeetingPoint != nil {
			after.MeetingPoint = *c.MeetingPoint
		}
		if c.Closed != nil {
			after.Closed = *c.Closed
		}
		if c.Capacity != nil {
			after.Capacity = *c.Capacity
		}
		if c.Prices != nil {
			after.Prices = *c.Prices
		}
		if c.Cancel && !before.Cancelled() {
			after.CancelledAt, after.Closed = now, true
		}
		prices, err := jsonArg(after.Prices)
		if err != nil {
			return err
		}
		if _, err := tx.tx.ExecContext(ctx, `UPDATE tour_start_dates SET start_time = $3, capacity = $4,
			meeting_point = $5, closed = $6, cancelled_at = $7, prices = $8 WHERE tour_id = $1 AND start_date = $2`,
			tourID, day(date), after.StartTime, after.Capacity, after.MeetingPoint, after.Closed,
			tsNull(after.CancelledAt), prices); err != nil {
			return err
		}
		entry.Changes.Diff("startTime", before.StartTime, after.StartTime)
		entry.Changes.Diff("capacity", before.Capacity, after.Capacity)
		entry.Changes.Diff("meetingPoint", before.MeetingPoint, after.MeetingPoint)
		entry.Changes.Diff("closed", before.Closed, after.Closed)
		entry.Changes.Diff("cancelled", before.Cancelled(), after.Cancelled())
		entry.Changes.Diff("prices", before.Prices, after.Prices)
		return tx.addAudit(ctx, &entry, tourID)
	})
	if err != nil {
		return before, after, fmt.Errorf("update departure %s of tour %s: %w", day(date), tourID, err)
	}
	return before, after, nil
}

// DeleteDeparture removes a departure without bookings (tour.ErrHasBookings when it has
// paid, pending or refund-due ones).
func (s *Store) DeleteDeparture(ctx context.Context, tourID string, date time.Time, entry audit.Entry) error {
	err := s.InTx(ctx, func(tx *Store) error {
		if _, err := tx.lockDeparture(ctx, tourID, date); err != nil {
			return err
		}
		var n int
		if err := tx.tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM bookings WHERE tour_id = $1 AND start_date = $2
			AND status IN ('paid', 'awaiting_payment', 'pending', 'refund_due')`, tourID, day(date)).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return tour.ErrHasBookings
		}
		if _, err := tx.tx.ExecContext(ctx, `DELETE FROM tour_start_dates WHERE tour_id = $1 AND start_date = $2`,
			tourID, day(date)); err != nil {
			return err
		}
		// Its waiting list goes with it (an offer is a booking, so there is none).
		if _, err := tx.tx.ExecContext(ctx, `UPDATE waitlist_entries SET status = 'lapsed'
			WHERE tour_id = $1 AND start_date = $2 AND status = 'waiting'`, tourID, day(date)); err != nil {
			return err
		}
		entry.Changes.Diff("date", day(date), nil)
		return tx.addAudit(ctx, &entry, tourID)
	})
	if err != nil {
		return fmt.Errorf("delete departure %s of tour %s: %w", day(date), tourID, err)
	}
	return nil
}

// SoldCategories is the ids of the price categories the bookings of a tour hold: those
// paid for once (even if since refunded or cancelled) and those holding seats at now. A
// booking made before categories holds tour.DefaultCategoryID.
func (s *Store) SoldCategories(ctx context.Context, tourID string, now time.Time) (map[string]bool, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT DISTINCT b.units FROM bookings b
		WHERE b.tour_id = $2 AND (b.paid_at IS NOT NULL OR `+holdsSeats+`)`, ts(now), tourID)
	if err != nil {
		return nil, fmt.Errorf("sold categories of tour %s: %w", tourID, err)
	}
	sold := map[string]bool{}
	var units []booking.Unit
	err = scanAll(rows, func() error {
		if err := rows.Scan(jsonCol[[]booking.Unit]{&units}); err != nil {
			return err
		}
		if len(units) == 0 {
			sold[tour.DefaultCategoryID] = true
		}
		for _, u := range units {
			sold[u.CategoryID] = true
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("sold categories of tour %s: %w", tourID, err)
	}
	return sold, nil
}

// lockDeparture reads and locks (on PostgreSQL) one departure; tour.ErrNotFound when the
// tour does not depart that day.
func (s *Store) lockDeparture(ctx context.Context, tourID string, date time.Time) (tour.StartDate, error) {
	var d tour.StartDate
	err := s.tx.QueryRowContext(ctx, s.forUpdate(`SELECT start_date, start_time, capacity, meeting_point, closed,
		cancelled_at, prices FROM tour_start_dates WHERE tour_id = $1 AND start_date = $2`), tourID, day(date)).
		Scan(timeCol{&d.Date}, &d.StartTime, &d.Capacity, &d.MeetingPoint, &d.Closed, timeCol{&d.CancelledAt},
			jsonCol[map[string]int64]{&d.Prices})
	if errors.Is(err, sql.ErrNoRows) {
		return d, fmt.Errorf("departure: %w", tour.ErrNotFound)
	}
	return d, err
}

// addAudit writes entry (nil: nothing, for sample data and imports) about objectID at
// the store's clock, unless the entry has its own time.
func (s *Store) addAudit(ctx context.Context, entry *audit.Entry, objectID string) error {
	if entry == nil {
		return nil
	}
	s.ensureID(&entry.ID)
	s.ensureTime(&entry.At)
	if entry.ObjectID == "" {
		entry.ObjectID = objectID
	}
	changes, err := json.Marshal(entry.Changes)
	if err != nil {
		return fmt.Errorf("audit %s: %w", entry.Action, err)
	}
	if entry.Changes == nil {
		changes = []byte("{}")
	}
	_, err = s.tx.ExecContext(ctx, `INSERT INTO audit_log (id, at, actor_id, actor_name, action,
		object_type, object_id, changes) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		entry.ID, ts(entry.At), entry.ActorID, entry.ActorName, entry.Action,
		entry.ObjectType, entry.ObjectID, string(changes))
	if err != nil {
		return fmt.Errorf("audit %s: %w", entry.Action, err)
	}
	return nil
}

// AuditLog lists the entries matching f, newest first.
func (s *Store) AuditLog(ctx context.Context, f audit.Filter) ([]audit.Entry, error) {
	list, _, err := s.auditLog(ctx, f, false)
	return list, err
}

// AuditPage is AuditLog with the number of entries matching f in all.
func (s *Store) AuditPage(ctx context.Context, f audit.Filter) ([]audit.Entry, int, error) {
	return s.auditLog(ctx, f, true)
}

func (s *Store) auditLog(ctx context.Context, f audit.Filter, count bool) ([]audit.Entry, int, error) {
	where, args := "", []any{}
	add := func(column, value string) {
		if value == "" {
			return
		}
		if where == "" {
			where = " WHERE "
		} else {
			where += " AND "
		}
		args = append(args, value)
		where += fmt.Sprintf("%s = $%d", column, len(args))
	}
	add("actor_id", f.ActorID)
	add("object_type", f.ObjectType)
	add("object_id", f.ObjectID)
	limit := f.Limit
	if limit <= 0 {
		limit = 100
	}
	total := 0
	if count {
		if err := s.reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM audit_log`+where, args...).Scan(&total); err != nil {
			return nil, 0, fmt.Errorf("count audit log: %w", err)
		}
	}
	rows, err := s.reader().QueryContext(ctx, `SELECT id, at, actor_id, actor_name, action, object_type,
		object_id, changes FROM audit_log`+where+fmt.Sprintf(` ORDER BY at DESC, id DESC LIMIT %d OFFSET %d`,
		limit, max(f.Offset, 0)), args...)
	if err != nil {
		return nil, 0, fmt.Errorf("audit log: %w", err)
	}
	var list []audit.Entry
	err = scanAll(rows, func() error {
		var e audit.Entry
		var changes string
		if err := rows.Scan(&e.ID, timeCol{&e.At}, &e.ActorID, &e.ActorName, &e.Action, &e.ObjectType,
			&e.ObjectID, &changes); err != nil {
			return err
		}
		if err := json.Unmarshal([]byte(changes), &e.Changes); err != nil {
			return err
		}
		list = append(list, e)
		return nil
	})
	if err != nil {
		return nil, 0, fmt.Errorf("audit log: %w", err)
	}
	return list, total, nil
}

var _ catalog.Store = (*Store)(nil)
