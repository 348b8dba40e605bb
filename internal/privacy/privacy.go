// Package privacy is what the site does with a person's data at their request or by the
// clock: a copy of everything it holds about an account (Export), deleting an account
// while keeping the records the business must keep (Delete), and removing the bodies of
// sent emails after a retention period (Retention). The traveller asks for their own
// account (with their password to delete it); admins may do both for anyone, audited.
// It knows nothing of HTTP or SQL.
package privacy

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/fault"
	"tourbook/internal/useradmin"
)

// PlaceholderName is a deleted account's name: its reviews show it as their author.
const PlaceholderName = "A former traveller"

// PlaceholderEmail is a deleted account's email: unique (the id), never one a person
// can sign in with, and never delivered (.invalid is reserved, RFC 2606).
func PlaceholderEmail(id string) string { return "deleted-" + id + "@invalid" }

// Record is one row as the database holds it, column by column; the store gives times
// as text in UTC and dates as YYYY-MM-DD, so that the copy reads the same from SQLite
// and PostgreSQL.
type Record map[string]any

// Records is what the store holds about one account, table by table; payments and
// refunds name their booking in "booking_id". A booking's travellers, answers, units and
// extras are its own columns, JSON text (the export gives them as JSON values).
type Records struct {
	Bookings []Record
	Payments []Record
	Refunds  []Record
	Reviews  []Record
	Waitlist []Record
}

// OpenBooking is a booking that keeps an account from being deleted while its departure
// has not ended: paid, taken by the office and awaiting payment, or a checkout whose
// seats are still held (it may yet be paid).
type OpenBooking struct {
	ID        string
	Reference string
	Status    string
	HoldUntil time.Time
	// Start is the departure's local day (midnight UTC); Days how many days it lasts.
	Start time.Time
	Days  int
}

// Erasure is what a deleted account becomes.
type Erasure struct {
	Name, Email, Photo, PasswordHash string
	At                               time.Time
}

// Store is what the service reads and writes outside a transaction (*store.Store).
type Store interface {
	UserByID(ctx context.Context, id string) (account.User, error)
	PersonalData(ctx context.Context, userID string) (Records, error)
	Setting(ctx context.Context, key string) (string, bool, error)
	SetSetting(ctx context.Context, key, value string, now time.Time, entry audit.Entry) error
	PurgeSentEmailBodies(ctx context.Context, sentBefore time.Time) (int, error)
}

// Tx is what Delete writes in one transaction (*store.Store bound to one).
type Tx interface {
	// LockActiveAdmins returns the active admins' ids, locked until the transaction ends.
	LockActiveAdmins(ctx context.Context) ([]string, error)
	UserByID(ctx context.Context, id string) (account.User, error)
	// OpenBookings are the account's paid, awaiting-payment and pending bookings.
	OpenBookings(ctx context.Context, userID string) ([]OpenBooking, error)
	// EraseUser writes the placeholders, makes the account an inactive user, ends its
	// sessions and password resets, and takes it off every waiting list.
	EraseUser(ctx context.Context, id string, e Erasure) error
	AddAudit(ctx context.Context, e audit.Entry, objectID string) error
}

// Passwords checks the signed-in user's password (account.Service).
type Passwords interface {
	CheckPassword(ctx context.Context, user account.User, password, missing string) error
}

// Photos removes a photo file nobody names any more (media.Photos keeps the default).
type Photos interface {
	Remove(name string) error
}

// Options configure a Service.
type Options struct {
	Now    func() time.Time
	Logger *slog.Logger
	// Tx runs fn in one transaction of the store (store.Store.InTx); required to delete.
	Tx func(ctx context.Context, fn func(tx Tx) error) error
	// Passwords checks a traveller's password before they delete their account.
	Passwords Passwords
	// Photos removes a deleted account's photo; nil keeps the file.
	Photos Photos
	// DefaultPhoto is the placeholder photo's name (media.DefaultPhoto).
	DefaultPhoto string
	// Changed is called after an account is deleted: its reviews' author changes on the
	// tour pages.
	Changed func()
}

// Service exports and deletes accounts and keeps the outbox to its retention period.
type Service struct {
	store        Store
	inTx         func(ctx context.Context, fn func(tx Tx) error) error
	now          func() time.Time
	log          *slog.Logger
	passwords    Passwords
	photos       Photos
	defaultPhoto string
	changed      func()
}

// NewService makes a Service over st.
func NewService(st Store, o Options) *Service {
	s := &Service{store: st, inTx: o.Tx, now: o.Now, log: o.Logger, passwords: o.Passwords,
		photos: o.Photos, defaultPhoto: o.DefaultPhoto, changed: o.Changed}
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.changed == nil {
		s.changed = func() {}
	}
	if s.inTx == nil {
		s.inTx = func(context.Context, func(Tx) error) error {
			return errors.New("privacy: no transactions (Options.Tx)")
		}
	}
	return s
}

// ErrNoUser: no account has that id.
var ErrNoUser = fault.New(fault.NotFound, "user not found", "There is no such user.")

// userError makes a missing account the public ErrNoUser.
func userError(err error) error {
	if errors.Is(err, account.ErrNotFound) {
		return ErrNoUser
	}
	return err
}

// ErrDeleted: the account was deleted; there is nothing of it to export or delete.
var ErrDeleted = fault.New(fault.Conflict, "account already deleted", "This account has already been deleted.")

func entry(actor account.User, action, id string) audit.Entry {
	return audit.Entry{ActorID: actor.ID, ActorName: actor.Name, Action: action, ObjectType: "user", ObjectID: id}
}

// ExportOwn is the signed-in user's copy of their data.
func (s *Service) ExportOwn(ctx context.Context, user account.User) (Export, error) {
	u, err := s.store.UserByID(ctx, user.ID)
	if err != nil {
		return Export{}, fmt.Errorf("export user %s: %w", user.ID, err)
	}
	return s.export(ctx, u)
}

// ExportFor is an admin's copy of a user's data, written in the audit log (who looked
// at whose data).
func (s *Service) ExportFor(ctx context.Context, actor account.User, id string) (Export, error) {
	if !account.CanAdminister(actor) {
		return Export{}, account.ErrNotAllowed
	}
	u, err := s.store.UserByID(ctx, id)
	if err != nil {
		return Export{}, fmt.Errorf("export user %s: %w", id, userError(err))
	}
	x, err := s.export(ctx, u)
	if err != nil {
		return Export{}, err
	}
	e := entry(actor, "user.export", id)
	e.Changes.Diff("exported", nil, x.ExportedAt)
	if err := s.inTx(ctx, func(tx Tx) error { return tx.AddAudit(ctx, e, id) }); err != nil {
		return Export{}, fmt.Errorf("export user %s: %w", id, err)
	}
	return x, nil
}

// MissingPassword is the message when the password to delete an account is left out.
const MissingPassword = "Please enter your password to delete your account."

// DeleteOwn deletes the signed-in user's account once their password is checked.
func (s *Service) DeleteOwn(ctx context.Context, user account.User, password string) error {
	if err := s.passwords.CheckPassword(ctx, user, password, MissingPassword); err != nil {
		return err
	}
	_, err := s.delete(ctx, user, user.ID, "Your account cannot be deleted while you have a booking for a departure still to come (%s): please cancel it first, or ask us to.")
	return err
}

// DeleteFor deletes a user's account for an admin (no password asked: the back office's
// dialog confirms), and returns what the account became.
func (s *Service) DeleteFor(ctx context.Context, actor account.User, id string) (account.User, error) {
	if !account.CanAdminister(actor) {
		return account.User{}, account.ErrNotAllowed
	}
	return s.delete(ctx, actor, id, "This account has a booking for a departure still to come (%s): cancel it first, then delete the account.")
}

// delete replaces the account's name, email and photo with placeholders and shuts it:
// refused while one of its bookings is paid (or awaiting payment) for a departure that
// has not ended, and for the last active admin. Bookings, receipts and reviews stay.
func (s *Service) delete(ctx context.Context, actor account.User, id, openMessage string) (account.User, error) {
	now := s.now().UTC()
	var before, after account.User
	err := s.inTx(ctx, func(tx Tx) error {
		admins, err := tx.LockActiveAdmins(ctx)
		if err != nil {
			return err
		}
		if before, err = tx.UserByID(ctx, id); err != nil {
			return userError(err)
		}
		if before.Deleted() {
			return ErrDeleted
		}
		if slices.Contains(admins, id) && len(admins) == 1 {
			return useradmin.ErrLastAdmin // as for demoting or deactivating them
		}
		open, err := tx.OpenBookings(ctx, id)
		if err != nil {
			return err
		}
		if refs := Upcoming(open, now); len(refs) > 0 {
			return &fault.Error{Kind: fault.Conflict, Log: "delete with upcoming bookings",
				Message: fmt.Sprintf(openMessage, strings.Join(refs, ", "))}
		}
		er := Erasure{Name: PlaceholderName, Email: PlaceholderEmail(id), Photo: s.defaultPhoto,
			PasswordHash: account.NoPassword, At: now}
		if err := tx.EraseUser(ctx, id, er); err != nil {
			return err
		}
		after = before
		after.Name, after.Email, after.Photo, after.PasswordHash = er.Name, er.Email, er.Photo, er.PasswordHash
		after.Role, after.Active, after.DeletedAt = account.RoleUser, false, now
		// The log keeps who deleted which account and when, never the old name or email.
		e := entry(actor, "user.delete", id)
		e.Changes.Diff("deleted", false, true)
		return tx.AddAudit(ctx, e, id)
	})
	if err != nil {
		return account.User{}, fmt.Errorf("delete user %s: %w", id, err)
	}
	if s.photos != nil && before.Photo != "" && before.Photo != s.defaultPhoto {
		if err := s.photos.Remove(before.Photo); err != nil {
			s.log.Warn("photo of a deleted account not removed", slog.String("user_id", id), slog.Any("error", err))
		}
	}
	s.log.Info("account deleted", slog.String("user_id", id), slog.String("by", actor.ID))
	s.changed()
	return after, nil
}

// Upcoming are the references (or ids) of the bookings that keep an account: those whose
// departure ends today or later. "Today" is taken a day early, so that no time zone's
// last day of a trip is counted as over while it is still under way there.
func Upcoming(open []OpenBooking, now time.Time) []string {
	y, m, d := now.UTC().Date()
	today := time.Date(y, m, d, 0, 0, 0, 0, time.UTC).AddDate(0, 0, -1)
	var refs []string
	for _, b := range open {
		if b.Status == "pending" && !b.HoldUntil.After(now) {
			continue // an abandoned checkout: nothing will be paid
		}
		last := b.Start.AddDate(0, 0, max(b.Days, 1)-1)
		if last.Before(today) {
			continue
		}
		ref := b.Reference
		if ref == "" {
			ref = b.ID
		}
		refs = append(refs, ref)
	}
	return refs
}
