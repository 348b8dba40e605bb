// Package useradmin is the administration of accounts and the audit log, for admins
// only (checked here, once): listing users, changing a user's role and whether they may
// sign in, with an active admin always left, and reading what was changed by whom. It
// knows nothing of HTTP or SQL.
package useradmin

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/fault"
)

// ErrLastAdmin: the last active admin must stay one.
var ErrLastAdmin = fault.New(fault.Conflict, "last admin", "This is the last active administrator: make someone else an administrator first.")

// ErrDeleted: a deleted account keeps its placeholders and stays shut.
var ErrDeleted = fault.New(fault.Conflict, "deleted account", "This account was deleted: it cannot be changed or let in again.")

// errNoTx: the service was built without Options.Tx.
var errNoTx = errors.New("user administration: no transactions (Options.Tx)")

// Store is what the service reads (*store.Store has it).
type Store interface {
	Users(ctx context.Context, q string, offset, limit int) ([]account.User, int, error)
	AuditPage(ctx context.Context, f audit.Filter) ([]audit.Entry, int, error)
	UsersWithRole(ctx context.Context, role account.Role) ([]account.User, error)
}

// Tx is what the service writes in one transaction (*store.Store bound to one has it).
type Tx interface {
	// LockActiveAdmins returns the active admins' ids, locked until the transaction ends.
	LockActiveAdmins(ctx context.Context) ([]string, error)
	UserByID(ctx context.Context, id string) (account.User, error)
	SetUserAccess(ctx context.Context, id string, role account.Role, active bool) error
	DeleteOtherSessions(ctx context.Context, userID string, keep []byte) error
	AddAudit(ctx context.Context, e audit.Entry, objectID string) error
	// For MakeAdmin.
	UserByEmail(ctx context.Context, email string) (account.User, error)
	CreateUser(ctx context.Context, u *account.User) error
	UpdateUserPassword(ctx context.Context, id, hash string, changedAt time.Time) error
	// For Setup.Complete: LockSetup serialises setups (there is no admin row to lock
	// yet); UseSetupToken spends an unused token (false when there is none).
	LockSetup(ctx context.Context) error
	UseSetupToken(ctx context.Context, tokenHash []byte, now time.Time) (bool, error)
}

// Options configures NewService.
type Options struct {
	// Changed is called after a user changes: guides' names and roles show on tour pages.
	Changed func()
	Now     func() time.Time
	// Tx runs fn in one transaction of the store (store.Store.InTx); required for
	// every write.
	Tx func(ctx context.Context, fn func(tx Tx) error) error
}

// Service administers users.
type Service struct {
	store   Store
	changed func()
	now     func() time.Time
	inTx    func(ctx context.Context, fn func(tx Tx) error) error
}

// NewService returns the service.
func NewService(store Store, o Options) *Service {
	s := &Service{store: store, changed: o.Changed, now: o.Now, inTx: o.Tx}
	if s.now == nil {
		s.now = time.Now
	}
	if s.inTx == nil {
		s.inTx = func(context.Context, func(tx Tx) error) error { return errNoTx }
	}
	if s.changed == nil {
		s.changed = func() {}
	}
	return s
}

func invalid(message string) *fault.Error {
	return &fault.Error{Kind: fault.Invalid, Message: message}
}

func entry(actor account.User, action, objectType, id string) audit.Entry {
	return audit.Entry{ActorID: actor.ID, ActorName: actor.Name, Action: action, ObjectType: objectType, ObjectID: id}
}

// Users lists accounts for admins.
func (s *Service) Users(ctx context.Context, actor account.User, q string, offset, limit int) ([]account.User, int, error) {
	if !account.CanAdminister(actor) {
		return nil, 0, account.ErrNotAllowed
	}
	return s.store.Users(ctx, q, offset, limit)
}

// UpdateUser changes a user's role or whether they may sign in (nil: unchanged).
func (s *Service) UpdateUser(ctx context.Context, actor account.User, id string, role *account.Role, active *bool) (account.User, error) {
	if !account.CanAdminister(actor) {
		return account.User{}, account.ErrNotAllowed
	}
	if role != nil && !role.Valid() {
		return account.User{}, invalid("The role must be user, guide, lead-guide or admin.")
	}
	u, err := s.updateAccess(ctx, id, role, active, entry(actor, "user.update", "user", id))
	if err != nil {
		return account.User{}, err
	}
	s.changed() // guides' names and roles show on tour pages
	return u, nil
}

// Audit lists the audit log for admins.
func (s *Service) Audit(ctx context.Context, actor account.User, f audit.Filter) ([]audit.Entry, int, error) {
	if !account.CanAdminister(actor) {
		return nil, 0, account.ErrNotAllowed
	}
	return s.store.AuditPage(ctx, f)
}

// updateAccess changes a user's role and whether they may sign in (nil: unchanged). The
// active admins are locked and counted first, so that two admins demoting each other at
// once cannot leave none (ErrLastAdmin). Deactivating ends every session of the user.
func (s *Service) updateAccess(ctx context.Context, id string, role *account.Role, active *bool, e audit.Entry) (account.User, error) {
	var u account.User
	err := s.inTx(ctx, func(tx Tx) error {
		admins, err := tx.LockActiveAdmins(ctx)
		if err != nil {
			return err
		}
		if u, err = tx.UserByID(ctx, id); err != nil {
			return err
		}
		if u.Deleted() {
			return ErrDeleted
		}
		before := u
		if role != nil {
			u.Role = *role
		}
		if active != nil {
			u.Active = *active
		}
		if slices.Contains(admins, id) && len(admins) == 1 && (u.Role != account.RoleAdmin || !u.Active) {
			return ErrLastAdmin
		}
		if err := tx.SetUserAccess(ctx, id, u.Role, u.Active); err != nil {
			return err
		}
		if !u.Active {
			if err := tx.DeleteOtherSessions(ctx, id, nil); err != nil {
				return err
			}
		}
		e.Changes.Diff("role", before.Role, u.Role)
		e.Changes.Diff("active", before.Active, u.Active)
		return tx.AddAudit(ctx, e, id)
	})
	if err != nil {
		return u, fmt.Errorf("update access of user %s: %w", id, err)
	}
	return u, nil
}
