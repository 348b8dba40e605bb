package useradmin

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"sync/atomic"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/fault"
)

var (
	// ErrSetUp: the site has an administrator; the setup addresses are gone.
	ErrSetUp = fault.New(fault.NotFound, "site already set up", "This site is set up already: please log in.")
	// ErrSetupLink: a setup address that is not (or no longer) one.
	ErrSetupLink = fault.New(fault.NotFound, "setup link not usable", "This setup link does not work: it works once. Look for the newest one in the site's start-up log.")
)

// SetupActor is who the audit log names for the first administrator made in the browser.
var SetupActor = account.User{Name: "first-start setup link"}

// SetupStore is what the first start's setup needs of the store (*store.Store has it).
type SetupStore interface {
	CountActiveAdmins(ctx context.Context) (int, error)
	AddSetupToken(ctx context.Context, tokenHash []byte, now time.Time) error
	SetupTokenUnused(ctx context.Context, tokenHash []byte) (bool, error)
}

// Setup is a new site's first start: until it has an active administrator, every
// visitor sees "This site is being set up", and the start-up log gives the operator a
// one-time address where the first administrator is made in the browser.
type Setup struct {
	users *Service
	store SetupStore
	hash  func(string) (string, error)
	done  atomic.Bool // an active admin was seen: it stays so (the last one cannot go)
}

// NewSetup returns the first start's setup; hash makes the password's hash.
func NewSetup(users *Service, store SetupStore, hash func(string) (string, error)) *Setup {
	return &Setup{users: users, store: store, hash: hash}
}

// Pending reports whether the site still has no active administrator. Once it has one,
// the answer is false without asking the database again.
func (s *Setup) Pending(ctx context.Context) (bool, error) {
	if s.done.Load() {
		return false, nil
	}
	n, err := s.store.CountActiveAdmins(ctx)
	if err != nil {
		return false, err
	}
	if n > 0 {
		s.done.Store(true)
	}
	return n == 0, nil
}

// NewLink makes a setup address's token (only its hash is stored): the caller prints
// /setup/<token> in the start-up log.
func (s *Setup) NewLink(ctx context.Context) (string, error) {
	var raw [32]byte
	_, _ = rand.Read(raw[:])
	token := base64.RawURLEncoding.EncodeToString(raw[:])
	if err := s.store.AddSetupToken(ctx, setupHash(token), s.users.now()); err != nil {
		return "", err
	}
	return token, nil
}

func setupHash(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// Usable reports whether token opens the setup page now: unused, and the site without
// an administrator.
func (s *Setup) Usable(ctx context.Context, token string) (bool, error) {
	if token == "" || len(token) > 100 {
		return false, nil
	}
	if pending, err := s.Pending(ctx); err != nil || !pending {
		return false, err
	}
	return s.store.SetupTokenUnused(ctx, setupHash(token))
}

// FirstAdmin is what the setup page's form sends.
type FirstAdmin struct {
	Token           string `json:"token"`
	Name            string `json:"name"`
	Email           string `json:"email"`
	Password        string `json:"password"`
	PasswordConfirm string `json:"passwordConfirm"`
}

// Complete makes the first administrator through a setup address, once: setups wait
// for each other, and the token is spent and the site's admins counted in the same
// transaction, so two tabs (or two addresses) at once make one.
func (s *Setup) Complete(ctx context.Context, in FirstAdmin) (account.User, error) {
	if ok, err := s.Usable(ctx, in.Token); err != nil || !ok {
		if err == nil {
			err = ErrSetupLink
			if s.done.Load() {
				err = ErrSetUp
			}
		}
		return account.User{}, err
	}
	name, err := account.ValidateName(in.Name)
	if err != nil {
		return account.User{}, err
	}
	email, err := account.ValidateEmail(in.Email)
	if err != nil {
		return account.User{}, err
	}
	if err := account.ValidatePassword(in.Password, in.PasswordConfirm); err != nil {
		return account.User{}, err
	}
	hash, err := s.hash(in.Password)
	if err != nil {
		return account.User{}, err
	}
	var u account.User
	err = s.users.inTx(ctx, func(tx Tx) error {
		if err := tx.LockSetup(ctx); err != nil {
			return err
		}
		admins, err := tx.LockActiveAdmins(ctx)
		if err != nil {
			return err
		}
		if len(admins) > 0 {
			return ErrSetUp
		}
		if used, err := tx.UseSetupToken(ctx, setupHash(in.Token), s.users.now()); err != nil || !used {
			if err == nil {
				err = ErrSetupLink
			}
			return err
		}
		u, _, err = s.users.makeAdmin(ctx, tx, NewAdmin{Email: email, Name: name, PasswordHash: hash}, SetupActor)
		return err
	})
	if err != nil {
		return account.User{}, err
	}
	s.done.Store(true)
	s.users.changed()
	return u, nil
}
