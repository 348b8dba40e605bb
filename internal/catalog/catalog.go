// Package catalog is the operator's side of the tour catalogue: creating and editing
// tours, their stops, pictures and departures, publishing them, and who may do which.
// Every change is checked here against the rules in rules.go, written by the store in one
// transaction with its audit entry, and then the public pages' tour cache is forgotten.
// It knows nothing of HTTP or SQL.
package catalog

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/fault"
	"tourbook/internal/money"
	"tourbook/internal/tour"
	"tourbook/internal/waitlist"
)

// errNoTx: the service was built without Options.Tx.
var errNoTx = errors.New("catalog: no transactions (Options.Tx)")

var (
	// ErrForbidden: the user may look but not change, or may not come in at all.
	ErrForbidden = fault.New(fault.Forbidden, "not allowed", "Your account is not allowed to change tours.")
	// ErrPictureNotFound: the tour has no such picture.
	ErrPictureNotFound = fault.New(fault.NotFound, "picture not found", "This tour has no such picture. Reload the page to see its pictures.")
	// ErrGalleryFull: the store refuses a gallery picture past the limit it is given.
	ErrGalleryFull = errors.New("gallery full")
	// ErrPicturesChanged: a new order that is not the current pictures, each once.
	ErrPicturesChanged = fault.New(fault.Conflict, "pictures changed", "The pictures changed since the page was loaded. Reload it and order them again.")
)

// CanEdit reports whether u may change the catalogue: admins and lead guides.
func CanEdit(u account.User) bool {
	return u.Role == account.RoleAdmin || u.Role == account.RoleLeadGuide
}

// CanView reports whether u may enter the back office: editors, and guides (read-only,
// their own tours).
func CanView(u account.User) bool { return CanEdit(u) || u.Role == account.RoleGuide }

// Filter selects tours for the back office; empty fields select everything.
type Filter struct {
	Query   string      // part of the name, without regard to case
	Status  tour.Status // one status, or "" for all
	GuideID string      // only the tours this user guides
}

// DepartureChange is what an operator changes on a departure; nil fields stay.
type DepartureChange struct {
	StartTime    *string `json:"startTime"`
	Capacity     *int    `json:"capacity"`
	MeetingPoint *string `json:"meetingPoint"`
	Closed       *bool   `json:"closed"`
	// Prices replaces the departure's own prices per price category id, in minor units
	// (an empty map clears them); nil leaves them. A request gives them as PriceInput.
	Prices *map[string]int64 `json:"-"`
	// PriceInput is the request's "prices": per price category id, an amount (minor units
	// as a number, or what a person typed); a blank one is the category's usual price.
	// The service reads it into Prices.
	PriceInput *map[string]money.Amount `json:"prices"`
	// Cancel marks the departure cancelled (and closed) for good; only the catalogue's
	// MarkCancelled sets it, never a request's body.
	Cancel bool `json:"-"`
}

// Store is what the service needs of the store (*store.Store has it).
type Store interface {
	AdminTours(ctx context.Context, f Filter, now time.Time) ([]tour.Tour, error)
	TourByIDAnyStatus(ctx context.Context, id string, now time.Time) (tour.Tour, error)
	GuideUsers(ctx context.Context) ([]account.User, error)
	TourNames(ctx context.Context) ([]tour.Tour, error)
	CreateAdminTour(ctx context.Context, t *tour.Tour, entry audit.Entry) error
	UpdateTour(ctx context.Context, t *tour.Tour, version int, now time.Time, entry audit.Entry) error
	SetTourStatus(ctx context.Context, id string, status tour.Status, now time.Time, entry audit.Entry) error
	DeleteTour(ctx context.Context, id string, entry audit.Entry) error
	AddTourPicture(ctx context.Context, id, file string, cover bool, maxGallery int, now time.Time, entry audit.Entry) (replaced string, err error)
	RemoveTourPicture(ctx context.Context, id, file string, now time.Time, entry audit.Entry) error
	ReorderTourPictures(ctx context.Context, id string, files []string, now time.Time, entry audit.Entry) error
	AddDepartures(ctx context.Context, tourID string, list []tour.StartDate, entry audit.Entry) (int, error)
	DeleteDeparture(ctx context.Context, tourID string, date time.Time, entry audit.Entry) error
	// SoldCategories is the ids of the price categories that the tour's bookings hold:
	// paid for once, or holding seats at now (a booking made before categories holds
	// tour.DefaultCategoryID).
	SoldCategories(ctx context.Context, tourID string, now time.Time) (map[string]bool, error)
}

// Tx is what the service writes in one transaction, with the waiting list's offers on
// the seats a departure's change frees (*store.Store bound to one has it).
type Tx interface {
	// UpdateDeparture applies c to the departure under its lock and audits it.
	UpdateDeparture(ctx context.Context, tourID string, date time.Time, c DepartureChange, now time.Time, entry audit.Entry) (before, after tour.StartDate, err error)
	waitlist.Tx
}

// Waitlist offers the seats freed on a departure to its waiting list, in the
// transaction that frees them (*waitlist.Service).
type Waitlist interface {
	OfferIn(ctx context.Context, tx waitlist.Tx, tourID string, date, now time.Time) error
}

// Pictures stores uploaded tour pictures (media.TourPictures).
type Pictures interface {
	Process(r io.Reader) (string, error)
	Remove(name string) error
	// Owns reports whether name is a file Process made (sample and imported pictures
	// are not, and are never removed).
	Owns(name string) bool
}

// Options configures NewService.
type Options struct {
	Now func() time.Time
	// Changed is called after every change, to forget cached copies of the catalogue.
	Changed func()
	Logger  *slog.Logger
	// Tx runs fn in one transaction of the store (store.Store.InTx); required for
	// every write.
	Tx func(ctx context.Context, fn func(tx Tx) error) error
	// Waitlist offers seats a change frees; nil makes no offers. Queued is called after
	// an offer's email may have been written.
	Waitlist Waitlist
	Queued   func()
	// DefaultTaxRate is the tax rate a new tour gets when its form gives none, in basis
	// points (the business's TaxRateBasisPoints); nil: 0.
	DefaultTaxRate func(ctx context.Context) (int, error)
}

// Service runs the back office's catalogue.
type Service struct {
	store    Store
	pictures Pictures
	now      func() time.Time
	changed  func()
	log      *slog.Logger
	inTx     func(ctx context.Context, fn func(tx Tx) error) error
	waitlist Waitlist
	queued   func()
	taxRate  func(ctx context.Context) (int, error)
}

// NewService returns the catalogue service.
func NewService(store Store, pictures Pictures, o Options) *Service {
	s := &Service{store: store, pictures: pictures, now: o.Now, changed: o.Changed, log: o.Logger,
		inTx: o.Tx, waitlist: o.Waitlist, queued: o.Queued, taxRate: o.DefaultTaxRate}
	if s.inTx == nil {
		s.inTx = func(context.Context, func(tx Tx) error) error { return errNoTx }
	}
	if s.queued == nil {
		s.queued = func() {}
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.changed == nil {
		s.changed = func() {}
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	return s
}

// entry starts the audit entry of an action by actor on a tour.
func entry(actor account.User, action, tourID string) audit.Entry {
	return audit.Entry{ActorID: actor.ID, ActorName: actor.Name, Action: action, ObjectType: "tour",
		ObjectID: tourID, Changes: audit.Changes{}}
}

func mustEdit(actor account.User) error {
	if !CanEdit(actor) {
		return ErrForbidden
	}
	return nil
}

// Tours lists the tours actor may see in the back office: every tour for editors, the
// ones they guide for guides.
func (s *Service) Tours(ctx context.Context, actor account.User, f Filter) ([]tour.Tour, error) {
	if !CanView(actor) {
		return nil, ErrForbidden
	}
	if !CanEdit(actor) {
		f.GuideID = actor.ID
	}
	return s.store.AdminTours(ctx, f, s.now())
}

// Tour is one tour as the back office shows it; tour.ErrNotFound also for a guide's
// look at a tour they do not guide.
func (s *Service) Tour(ctx context.Context, actor account.User, id string) (tour.Tour, error) {
	if !CanView(actor) {
		return tour.Tour{}, ErrForbidden
	}
	t, err := s.store.TourByIDAnyStatus(ctx, id, s.now())
	if err != nil {
		return tour.Tour{}, err
	}
	if !CanEdit(actor) && !guides(t, actor.ID) {
		return tour.Tour{}, fmt.Errorf("guide %s on tour %s: %w", actor.ID, id, tour.ErrNotFound)
	}
	return t, nil
}

func guides(t tour.Tour, userID string) bool {
	for _, g := range t.Guides {
		if g.UserID == userID {
			return true
		}
	}
	return false
}

// TourNames lists every tour's ID, slug, name and status, by name, for pickers: without
// its departures and seats, which a long history makes costly to add up.
func (s *Service) TourNames(ctx context.Context, actor account.User) ([]tour.Tour, error) {
	if !CanView(actor) {
		return nil, ErrForbidden
	}
	return s.store.TourNames(ctx)
}

// Guides lists the users who may guide tours.
func (s *Service) Guides(ctx context.Context) ([]account.User, error) {
	return s.store.GuideUsers(ctx)
}

func (s *Service) guideIDs(ctx context.Context) (map[string]bool, error) {
	list, err := s.store.GuideUsers(ctx)
	if err != nil {
		return nil, err
	}
	ids := make(map[string]bool, len(list))
	for _, u := range list {
		ids[u.ID] = true
	}
	return ids, nil
}

// Create adds a tour as a draft, from every field of in.
func (s *Service) Create(ctx context.Context, actor account.User, in TourInput) (tour.Tour, error) {
	if err := mustEdit(actor); err != nil {
		return tour.Tour{}, err
	}
	t := tour.Tour{Status: tour.Draft, Pictures: []string{}, StartDates: []tour.StartDate{}, Policy: tour.DefaultPolicy()}
	if in.TaxRate == nil && s.taxRate != nil {
		rate, err := s.taxRate(ctx)
		if err != nil {
			return tour.Tour{}, err
		}
		t.TaxRate = rate
	}
	var fields fault.Fields
	in.apply(&t, &fields)
	syncFirstPrice(&t, tour.Tour{}, in)
	ids, err := s.guideIDs(ctx)
	if err != nil {
		return tour.Tour{}, err
	}
	if err := validate(&t, ids, &fields); err != nil {
		return tour.Tour{}, err
	}
	t.CreatedAt = s.now()
	e := entry(actor, "tour.create", "")
	e.Changes = fieldsOf(tour.Tour{}, t)
	if err := s.store.CreateAdminTour(ctx, &t, e); err != nil {
		return tour.Tour{}, slugField(err)
	}
	s.log.Info("tour created", "tour_id", t.ID, "slug", t.Slug, "by", actor.ID)
	s.changed()
	return s.Tour(ctx, actor, t.ID)
}

// Update changes the fields in gives, if the tour is still at version.
func (s *Service) Update(ctx context.Context, actor account.User, id string, version int, in TourInput) (tour.Tour, error) {
	if err := mustEdit(actor); err != nil {
		return tour.Tour{}, err
	}
	before, err := s.store.TourByIDAnyStatus(ctx, id, s.now())
	if err != nil {
		return tour.Tour{}, err
	}
	if version != before.Version {
		// Refused before validating: the operator must first see the newer version.
		return tour.Tour{}, tour.ErrVersionConflict
	}
	t := before
	var fields fault.Fields
	in.apply(&t, &fields)
	syncFirstPrice(&t, before, in)
	if in.PriceCategories != nil {
		if err := s.keepSold(ctx, before, t.Categories, &fields); err != nil {
			return tour.Tour{}, err
		}
	}
	ids, err := s.guideIDs(ctx)
	if err != nil {
		return tour.Tour{}, err
	}
	// A guide who lost the role stays on the tours they already lead.
	for _, g := range before.Guides {
		ids[g.UserID] = true
	}
	if err := validate(&t, ids, &fields); err != nil {
		return tour.Tour{}, err
	}
	e := entry(actor, "tour.update", id)
	e.Changes = fieldsOf(before, t)
	if err := s.store.UpdateTour(ctx, &t, version, s.now(), e); err != nil {
		return tour.Tour{}, slugField(err)
	}
	s.changed()
	return s.Tour(ctx, actor, id)
}

// keepSold notes in f each price category of before that cats leaves out (removed, or
// its id changed) although a booking holds it: a sold category's id never changes, so
// the bookings, the manifest and the reports keep meaning the same travellers. Its
// name and price may change; the bookings keep what they were sold.
func (s *Service) keepSold(ctx context.Context, before tour.Tour, cats []tour.PriceCategory, f *fault.Fields) error {
	kept := map[string]bool{}
	for _, c := range cats {
		kept[strings.TrimSpace(c.ID)] = true
	}
	var gone []tour.PriceCategory
	for _, c := range before.PriceCategoriesOf() {
		if !kept[c.ID] {
			gone = append(gone, c)
		}
	}
	if len(gone) == 0 {
		return nil
	}
	sold, err := s.store.SoldCategories(ctx, before.ID, s.now())
	if err != nil {
		return err
	}
	var names []string
	for _, c := range gone {
		if sold[c.ID] {
			names = append(names, fmt.Sprintf("%q (id %s)", c.Name, c.ID))
		}
	}
	switch len(names) {
	case 0:
	case 1:
		f.Add("priceCategories", "Price categories: %s has been booked, so it cannot be removed and its id cannot change. You can still rename it or change its price.", names[0])
	default:
		f.Add("priceCategories", "Price categories: %s have been booked, so they cannot be removed and their ids cannot change. You can still rename them or change their prices.", listOf(names))
	}
	return nil
}

// slugField is err, except that a slug another tour has is said next to the form's
// slug field too (the store finds it, after the other fields were checked); still a
// conflict with the tour that has it.
func slugField(err error) error {
	if errors.Is(err, tour.ErrSlugTaken) {
		taken := *tour.ErrSlugTaken
		taken.Fields = []fault.Field{{Key: "slug", Message: taken.Message}}
		return &taken
	}
	return err
}

// SetStatus publishes, unpublishes (draft) or archives a tour.
func (s *Service) SetStatus(ctx context.Context, actor account.User, id string, status tour.Status) (tour.Tour, error) {
	if err := mustEdit(actor); err != nil {
		return tour.Tour{}, err
	}
	if !status.Valid() {
		return tour.Tour{}, invalid("The status must be draft, published or archived.")
	}
	before, err := s.store.TourByIDAnyStatus(ctx, id, s.now())
	if err != nil {
		return tour.Tour{}, err
	}
	if status == tour.Published && before.Status != tour.Published {
		if err := ready(before, s.now()); err != nil {
			return tour.Tour{}, err
		}
	}
	if before.Status != status {
		e := entry(actor, "tour.status", id)
		e.Changes.Diff("status", before.Status, status)
		if err := s.store.SetTourStatus(ctx, id, status, s.now(), e); err != nil {
			return tour.Tour{}, err
		}
		s.log.Info("tour status changed", "tour_id", id, "status", string(status), "by", actor.ID)
		s.changed()
	}
	return s.Tour(ctx, actor, id)
}

// ready refuses to publish a tour that a visitor could not book or would not want to:
// without a cover picture, a departure still to come and on sale, a price, or a stop on
// its map. It names everything missing at once, each under its part of the page.
func ready(t tour.Tour, now time.Time) error {
	var f fault.Fields
	var missing []string
	need := func(key, what, todo string) {
		f.Add(key, "%s", todo)
		missing = append(missing, what)
	}
	if t.CoverImage == "" {
		need("cover", "a cover picture", "Upload a cover picture (under Pictures).")
	}
	loc := t.Zone()
	upcoming := false
	for _, d := range t.StartDates {
		if !d.Closed && tour.StartsAt(d.Date, d.StartTime, loc).After(now) {
			upcoming = true
		}
	}
	if !upcoming {
		need("departures", "a departure in the future that is open for sale",
			"Add a departure in the future, or reopen one (under Departures).")
	}
	if t.PriceMinor <= 0 {
		need("price", "a price", "Give a price per person (under Details).")
	}
	if len(t.Locations) == 0 {
		need("locations", "at least one stop", "Add at least one stop to the map (under Stops).")
	}
	if len(missing) == 0 {
		return nil
	}
	err := f.Err().(*fault.Error)
	err.Kind = fault.Conflict
	err.Message = "This tour is not ready to publish. It still needs " + listOf(missing) + "."
	return err
}

// listOf joins items as a sentence does: "a, b and c".
func listOf(items []string) string {
	if len(items) == 1 {
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// Delete removes a tour that never had a booking, with its uploaded pictures.
func (s *Service) Delete(ctx context.Context, actor account.User, id string) error {
	if err := mustEdit(actor); err != nil {
		return err
	}
	t, err := s.store.TourByIDAnyStatus(ctx, id, s.now())
	if err != nil {
		return err
	}
	e := entry(actor, "tour.delete", id)
	e.Changes.Diff("name", t.Name, nil)
	if err := s.store.DeleteTour(ctx, id, e); err != nil {
		if errors.Is(err, tour.ErrHasBookings) {
			return &fault.Error{Kind: fault.Conflict, Err: err,
				Message: "This tour has bookings, so it cannot be deleted. Archive it instead: it leaves the site and its bookings stay."}
		}
		return err
	}
	s.changed()
	for _, f := range append([]string{t.CoverImage}, t.Pictures...) {
		s.removeFile(f)
	}
	return nil
}

// removeFile deletes an uploaded picture no tour uses any more; failures are only logged
// (a stray file costs disk, not correctness).
func (s *Service) removeFile(name string) {
	if name == "" || !s.pictures.Owns(name) {
		return
	}
	if err := s.pictures.Remove(name); err != nil {
		s.log.Warn("remove tour picture", "file", name, "error", err)
	}
}

// AddPicture stores an upload as the tour's cover or at the end of its gallery.
func (s *Service) AddPicture(ctx context.Context, actor account.User, id string, cover bool, r io.Reader) (tour.Tour, error) {
	if err := mustEdit(actor); err != nil {
		return tour.Tour{}, err
	}
	// The tour first: an upload for a tour that is not there is not worth decoding.
	if _, err := s.store.TourByIDAnyStatus(ctx, id, s.now()); err != nil {
		return tour.Tour{}, err
	}
	file, err := s.pictures.Process(r)
	if err != nil {
		return tour.Tour{}, err
	}
	e := entry(actor, "picture.add", id)
	kind := "gallery"
	if cover {
		kind = "cover"
	}
	e.Changes.Diff(kind, nil, file)
	replaced, err := s.store.AddTourPicture(ctx, id, file, cover, maxGallery, s.now(), e)
	if err != nil {
		s.removeFile(file)
		if errors.Is(err, ErrGalleryFull) {
			return tour.Tour{}, invalid("A tour can have at most %d gallery pictures. Remove one first.", maxGallery)
		}
		return tour.Tour{}, err
	}
	s.changed()
	s.removeFile(replaced)
	return s.Tour(ctx, actor, id)
}

// RemovePicture takes a picture out of the gallery and deletes its files.
func (s *Service) RemovePicture(ctx context.Context, actor account.User, id, file string) (tour.Tour, error) {
	if err := mustEdit(actor); err != nil {
		return tour.Tour{}, err
	}
	e := entry(actor, "picture.remove", id)
	e.Changes.Diff("gallery", file, nil)
	if err := s.store.RemoveTourPicture(ctx, id, file, s.now(), e); err != nil {
		return tour.Tour{}, err
	}
	s.changed()
	s.removeFile(file)
	return s.Tour(ctx, actor, id)
}

// ReorderPictures puts the gallery in the order of files: each current picture once.
func (s *Service) ReorderPictures(ctx context.Context, actor account.User, id string, files []string) (tour.Tour, error) {
	if err := mustEdit(actor); err != nil {
		return tour.Tour{}, err
	}
	e := entry(actor, "picture.order", id)
	if err := s.store.ReorderTourPictures(ctx, id, files, s.now(), e); err != nil {
		return tour.Tour{}, err
	}
	s.changed()
	return s.Tour(ctx, actor, id)
}
