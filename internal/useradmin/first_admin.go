package useradmin

import (
	"context"
	"errors"

	"tourbook/internal/account"
)

// CommandLine is who the audit log names for changes made with `tourbook admin`: the
// operator at the server's command line, not an account.
var CommandLine = account.User{Name: "tourbook admin (command line)"}

// NewAdmin is who `tourbook admin create` makes an administrator.
type NewAdmin struct {
	Email, Name string
	// PasswordHash is the new password's hash; "" leaves an existing account's password
	// as it is and gives a new account one nobody knows (a sign-in link sets it).
	PasswordHash string
}

// MakeAdmin makes the account of a.Email an active administrator: a new one (named
// a.Name) when there is none, else the existing one promoted and let in again, its name
// kept. A new password ends the account's sessions. created reports a new account. It
// is the operator's own command, so no actor is checked; the audit log names it
// (CommandLine).
func (s *Service) MakeAdmin(ctx context.Context, a NewAdmin) (u account.User, created bool, err error) {
	email, err := account.ValidateEmail(a.Email)
	if err != nil {
		return account.User{}, false, err
	}
	a.Email = email
	err = s.inTx(ctx, func(tx Tx) error {
		u, created, err = s.makeAdmin(ctx, tx, a, CommandLine)
		return err
	})
	if err != nil {
		return account.User{}, false, err
	}
	s.changed()
	return u, created, nil
}

// makeAdmin is MakeAdmin's work inside tx, by actor (a.Email already validated).
func (s *Service) makeAdmin(ctx context.Context, tx Tx, a NewAdmin, actor account.User) (account.User, bool, error) {
	u, err := tx.UserByEmail(ctx, a.Email)
	switch {
	case errors.Is(err, account.ErrNotFound):
		name, err := account.ValidateName(a.Name)
		if err != nil {
			return account.User{}, false, err
		}
		if a.PasswordHash == "" {
			return account.User{}, false, errors.New("make admin: a new account needs a password hash")
		}
		u = account.User{Name: name, Email: a.Email, Role: account.RoleAdmin, PasswordHash: a.PasswordHash, Active: true}
		if err := tx.CreateUser(ctx, &u); err != nil {
			return account.User{}, false, err
		}
		e := entry(actor, "user.create_admin", "user", u.ID)
		e.Changes.Diff("role", nil, u.Role)
		return u, true, tx.AddAudit(ctx, e, u.ID)
	case err != nil:
		return account.User{}, false, err
	}
	before := u
	u.Role, u.Active = account.RoleAdmin, true
	if err := tx.SetUserAccess(ctx, u.ID, u.Role, u.Active); err != nil {
		return account.User{}, false, err
	}
	e := entry(actor, "user.make_admin", "user", u.ID)
	e.Changes.Diff("role", before.Role, u.Role)
	e.Changes.Diff("active", before.Active, u.Active)
	if a.PasswordHash != "" {
		if err := tx.UpdateUserPassword(ctx, u.ID, a.PasswordHash, s.now()); err != nil {
			return account.User{}, false, err
		}
		if err := tx.DeleteOtherSessions(ctx, u.ID, nil); err != nil {
			return account.User{}, false, err
		}
		e.Changes.Diff("password", "", "changed")
	}
	return u, false, tx.AddAudit(ctx, e, u.ID)
}

// Admins lists the administrators, active or not, by name: `tourbook admin list`.
func (s *Service) Admins(ctx context.Context) ([]account.User, error) {
	return s.store.UsersWithRole(ctx, account.RoleAdmin)
}
