// Package importer loads users, tours and reviews from a JSON export shaped like a MongoDB
// export of a tour site (the "natours" sample data is one): `tourbook import`.
//
// The import is all or nothing. Every file is read and checked first, and every bad
// record is reported as `file:record N (line L): field: reason`; if there is any, nothing
// is written. Otherwise users, tours and reviews are written in that order in one
// transaction, so a failure half-way leaves the database as it was.
//
// Decisions about the format:
//   - A file is a JSON array or one object per line (mongoexport's default); Extended JSON
//     wrappers ({"$oid"}, {"$date"}, {"$numberInt"}, …) are understood.
//   - `_id`s that are ObjectIDs (24 hex characters) become the rows' IDs, so links to
//     /tour IDs keep working; other ids only link records of the export to each other.
//   - Prices are whole currency units (497 or 497.5) and stored in cents; the currency is
//     usd unless a tour says otherwise.
//   - Coordinates are GeoJSON [longitude, latitude]. Start dates become departure days
//     (midnight UTC). A start location's address is used only when it has no description.
//   - Tours with `secretTour: true` are skipped, with their reviews: the site has no hidden
//     tours, and publishing one an operator had hidden would be worse than leaving it out.
//   - Passwords must be bcrypt hashes; they are kept, so people sign in with their old
//     password, and the account service upgrades them to argon2id at the next sign-in.
//   - Image names (photo, imageCover, images) are kept as written, even when the file is
//     not in the images folder; the web layer shows its default pictures for missing files.
//     `tourbook import` then stores the files it finds in widths and switches the names
//     to them (media.ConvertTours, media.ConvertPhotos), after this transaction.
//   - Slugs come from the names and are made unique with -2, -3, … (the export's own slug
//     field is ignored, it may be stale).
package importer

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/tour"
)

// Tx is the part of the store the import uses (signatures from docs/store-api.md).
type Tx interface {
	CreateUser(ctx context.Context, u *account.User) error
	UserByID(ctx context.Context, id string) (account.User, error)
	UserByEmail(ctx context.Context, email string) (account.User, error)
	CreateTour(ctx context.Context, t *tour.Tour) error
	TourByID(ctx context.Context, id string, now time.Time) (tour.Tour, error)
	TourBySlug(ctx context.Context, slug string, now time.Time) (tour.Tour, error)
	CreateReview(ctx context.Context, r *tour.Review) error
}

// Store is a Tx that runs a function in one transaction. The type parameter is the
// transaction's type, because the store's InTx hands its callback a *store.Store:
// *store.Store satisfies Store[*store.Store], and Import infers that from its argument.
type Store[T Tx] interface {
	Tx
	InTx(ctx context.Context, fn func(tx T) error) error
}

// Files names the export files; any may be empty.
type Files struct {
	Users, Tours, Reviews string
}

// Summary counts what was imported, and the secret tours (and their reviews) left out.
type Summary struct {
	Users, Tours, Reviews        int
	SkippedTours, SkippedReviews int
}

// Import reads files and writes their records in one transaction. When records are bad the
// error is a *Problems listing them (at most 50) and nothing is written.
func Import[S Store[S]](ctx context.Context, st S, files Files) (Summary, error) {
	if files.Users == "" && files.Tours == "" && files.Reviews == "" {
		return Summary{}, errors.New("import: no file given")
	}
	var run run
	var err error
	if run.users, run.usersComplete, err = readFile(files.Users, &run.probs, parseUser); err != nil {
		return Summary{}, err
	}
	if run.tours, run.toursComplete, err = readFile(files.Tours, &run.probs, parseTour); err != nil {
		return Summary{}, err
	}
	if run.reviews, _, err = readFile(files.Reviews, &run.probs, parseReview); err != nil {
		return Summary{}, err
	}
	var sum Summary
	err = st.InTx(ctx, func(tx S) error {
		sum = Summary{}
		if err := run.check(ctx, tx); err != nil {
			return err
		}
		if len(run.probs.List) > 0 {
			return &run.probs
		}
		return run.write(ctx, tx, &sum)
	})
	if err != nil {
		var probs *Problems
		if errors.As(err, &probs) {
			return Summary{}, err
		}
		return Summary{}, fmt.Errorf("import: %w", err)
	}
	return sum, nil
}

func readFile[T any](name string, probs *Problems, fn func(o object) (string, T)) ([]parsed[T], bool, error) {
	if name == "" {
		return nil, true, nil
	}
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, false, fmt.Errorf("import: %w", err)
	}
	out, complete := parseRecords(name, data, probs, fn)
	return out, complete, nil
}

// run is one import: the parsed files, what the checks learnt, and the problems.
type run struct {
	users                        []parsed[userIn]
	tours                        []parsed[tourIn]
	reviews                      []parsed[reviewIn]
	usersComplete, toursComplete bool
	probs                        Problems

	fileUsers map[string]*parsed[userIn]
	fileTours map[string]*parsed[tourIn]
	slugs     []string        // per tour, "" for skipped ones
	skip      map[int]bool    // reviews of secret tours, by index
	dbTours   map[string]bool // tours referenced by reviews that exist in the database
}

// check finds what a single record cannot show: duplicates within a file, clashes with the
// database, and references to users and tours that exist nowhere. Tour look-ups get a zero
// "now": they only check that a tour exists or read its reviews, which the clock does not
// change.
func (r *run) check(ctx context.Context, tx Tx) error {
	r.fileUsers = indexByID(r.users, &r.probs)
	emails := map[string]int{}
	for i := range r.users {
		p := &r.users[i]
		if email := strings.ToLower(p.value.user.Email); email != "" {
			if first, dup := emails[email]; dup {
				r.probs.add(p.problem("email", fmt.Sprintf("%q repeats record %d", p.value.user.Email, first)))
			} else {
				emails[email] = p.rec.n
			}
			found, err := exists(tx.UserByEmail(ctx, p.value.user.Email))
			if err != nil {
				return err
			}
			if found {
				r.probs.add(p.problem("email", fmt.Sprintf("%q is already used by an account in the database", p.value.user.Email)))
			}
		}
		if isObjectID(p.id) {
			found, err := exists(tx.UserByID(ctx, p.id))
			if err != nil {
				return err
			}
			if found {
				r.probs.add(p.problem("_id", "a user with this id is already in the database"))
			}
		}
	}

	r.fileTours = indexByID(r.tours, &r.probs)
	usedSlugs := map[string]bool{}
	r.slugs = make([]string, len(r.tours))
	for i := range r.tours {
		p := &r.tours[i]
		if p.value.secret {
			continue
		}
		if isObjectID(p.id) {
			found, err := exists(tx.TourByID(ctx, p.id, time.Time{}))
			if err != nil {
				return err
			}
			if found {
				r.probs.add(p.problem("_id", "a tour with this id is already in the database"))
			}
		}
		if err := r.checkGuides(ctx, tx, p); err != nil {
			return err
		}
		slug, err := uniqueSlug(ctx, tx, slugify(p.value.tour.Name), usedSlugs)
		if err != nil {
			return err
		}
		r.slugs[i] = slug
	}
	return r.checkReviews(ctx, tx)
}

func (r *run) checkGuides(ctx context.Context, tx Tx, p *parsed[tourIn]) error {
	seen := map[string]bool{}
	for i, id := range p.value.guides {
		field := fmt.Sprintf("guides[%d]", i)
		if seen[id] {
			r.probs.add(p.problem(field, fmt.Sprintf("%q is listed twice", id)))
			continue
		}
		seen[id] = true
		var u account.User
		if fu, ok := r.fileUsers[id]; ok {
			u = fu.value.user
		} else {
			dbu, err := tx.UserByID(ctx, id)
			switch {
			case errors.Is(err, account.ErrNotFound):
				// An unreadable users file may hold the guide; its error is reported already.
				if r.usersComplete {
					r.probs.add(p.problem(field, fmt.Sprintf("no user with id %q in the users file or the database", id)))
				}
				continue
			case err != nil:
				return fmt.Errorf("look up guide %q: %w", id, err)
			}
			u = dbu
		}
		if u.Role.Valid() && u.Role != account.RoleGuide && u.Role != account.RoleLeadGuide {
			r.probs.add(p.problem(field, fmt.Sprintf("%s (%s) has the role %q, not guide or lead-guide", u.Name, id, u.Role)))
		}
	}
	return nil
}

func (r *run) checkReviews(ctx context.Context, tx Tx) error {
	r.skip = map[int]bool{}
	r.dbTours = map[string]bool{}
	dbReviewers := map[string]map[string]bool{} // tour id -> user ids with a review
	pairs := map[[2]string]int{}
	indexByID(r.reviews, &r.probs)
	for i := range r.reviews {
		p := &r.reviews[i]
		in := p.value
		if in.tourID != "" {
			if ft, ok := r.fileTours[in.tourID]; ok {
				if ft.value.secret {
					r.skip[i] = true
					continue
				}
			} else if _, known := dbReviewers[in.tourID]; !known {
				t, err := tx.TourByID(ctx, in.tourID, time.Time{})
				switch {
				case errors.Is(err, tour.ErrNotFound):
					if r.toursComplete {
						r.probs.add(p.problem("tour", fmt.Sprintf("no tour with id %q in the tours file or the database", in.tourID)))
					}
				case err != nil:
					return fmt.Errorf("look up tour %q: %w", in.tourID, err)
				default:
					r.dbTours[in.tourID] = true
					dbReviewers[in.tourID] = map[string]bool{}
					for _, rv := range t.Reviews {
						dbReviewers[in.tourID][rv.UserID] = true
					}
				}
			}
		}
		if in.user != "" {
			if _, ok := r.fileUsers[in.user]; !ok {
				found, err := exists(tx.UserByID(ctx, in.user))
				if err != nil {
					return err
				}
				if !found && r.usersComplete {
					r.probs.add(p.problem("user", fmt.Sprintf("no user with id %q in the users file or the database", in.user)))
				}
			}
		}
		if in.tourID == "" || in.user == "" {
			continue
		}
		pair := [2]string{in.tourID, in.user}
		if first, dup := pairs[pair]; dup {
			r.probs.add(p.problem("user", fmt.Sprintf("already reviewed this tour in record %d", first)))
		} else {
			pairs[pair] = p.rec.n
		}
		if dbReviewers[in.tourID][in.user] {
			r.probs.add(p.problem("user", "already reviewed this tour in the database"))
		}
	}
	return nil
}

// write creates the rows; every check has passed, so an error here is the database's.
func (r *run) write(ctx context.Context, tx Tx, sum *Summary) error {
	userIDs := map[string]string{} // export id -> row id
	for _, p := range r.users {
		u := p.value.user
		if isObjectID(p.id) {
			u.ID = p.id
		}
		if err := tx.CreateUser(ctx, &u); err != nil {
			return fmt.Errorf("%s: %w", p.problem("", "create user").Error(), err)
		}
		userIDs[p.id] = u.ID
		sum.Users++
	}
	rowID := func(m map[string]string, id string) string {
		if row, ok := m[id]; ok {
			return row
		}
		return id // already in the database
	}
	tourIDs := map[string]string{}
	for i, p := range r.tours {
		if p.value.secret {
			sum.SkippedTours++
			continue
		}
		t := p.value.tour
		t.Slug = r.slugs[i]
		if isObjectID(p.id) {
			t.ID = p.id
		}
		for _, g := range p.value.guides {
			t.Guides = append(t.Guides, tour.Guide{UserID: rowID(userIDs, g)})
		}
		if err := tx.CreateTour(ctx, &t); err != nil {
			return fmt.Errorf("%s: %w", p.problem("", "create tour").Error(), err)
		}
		tourIDs[p.id] = t.ID
		sum.Tours++
	}
	for i, p := range r.reviews {
		if r.skip[i] {
			sum.SkippedReviews++
			continue
		}
		rv := p.value.review
		if isObjectID(p.id) {
			rv.ID = p.id
		}
		rv.TourID, rv.UserID = rowID(tourIDs, p.value.tourID), rowID(userIDs, p.value.user)
		if err := tx.CreateReview(ctx, &rv); err != nil {
			return fmt.Errorf("%s: %w", p.problem("", "create review").Error(), err)
		}
		sum.Reviews++
	}
	return nil
}

// indexByID maps each id of a file to its first record and reports the records that
// repeat one: ids link the files' records, so they must be unique.
func indexByID[T any](records []parsed[T], probs *Problems) map[string]*parsed[T] {
	index := map[string]*parsed[T]{}
	for i := range records {
		p := &records[i]
		if p.id == "" {
			continue
		}
		if first, dup := index[p.id]; dup {
			probs.add(p.problem("_id", fmt.Sprintf("repeats record %d", first.rec.n)))
		} else {
			index[p.id] = p
		}
	}
	return index
}

// exists turns a look-up into found / not found, keeping real errors.
func exists[T any](_ T, err error) (bool, error) {
	if err == nil {
		return true, nil
	}
	if errors.Is(err, account.ErrNotFound) || errors.Is(err, tour.ErrNotFound) {
		return false, nil
	}
	return false, err
}

// uniqueSlug returns base, or base-2, base-3, … whichever is free in the import and the
// database.
func uniqueSlug(ctx context.Context, tx Tx, base string, used map[string]bool) (string, error) {
	slug := base
	for n := 2; ; n++ {
		if !used[slug] {
			found, err := exists(tx.TourBySlug(ctx, slug, time.Time{}))
			if err != nil {
				return "", err
			}
			if !found {
				used[slug] = true
				return slug, nil
			}
		}
		slug = fmt.Sprintf("%s-%d", base, n)
	}
}
