// Package account holds users, their roles and sessions, and the rules for signing up,
// signing in and changing account data. It knows nothing of HTTP or SQL.
//
// Service (NewService) is the entry point: SignUp, LogIn, Authenticate, LogOut,
// UpdateProfile and ChangePassword, on top of a Store (the subset of internal/store it
// needs). Passwords are argon2id (HashPassword); imported bcrypt hashes are accepted and
// upgraded on the next login.
//
// Errors. Every error a person may read carries its own safe text and kind of failure
// through two methods, PublicMessage() string and FaultKind() fault.Kind: the sentinels
// ErrInvalidCredentials, ErrWrongPassword, ErrNotSignedIn and ErrTooManyAttempts (an
// *Error each; match them with errors.Is), *TooManyAttemptsError (RetryAfter, for the
// Retry-After header) and *ValidationError (Field, Message); ErrEmailTaken, which the store
// returns, likewise. The function PublicMessage(err) returns the text of any of these, and
// false for internal errors, which the caller logs and replaces with a generic sentence.
package account

import (
	"errors"
	"time"

	"tourbook/internal/fault"
)

var (
	// ErrNotFound: no such user or session.
	ErrNotFound = errors.New("account not found")
	// ErrEmailTaken: another account already uses this email (compared without case).
	ErrEmailTaken = fault.New(fault.Conflict, "email already in use", "This email address is already in use.")
)

// Role of a user. Guides and lead guides are shown on the tours they lead.
type Role string

const (
	RoleUser      Role = "user"
	RoleGuide     Role = "guide"
	RoleLeadGuide Role = "lead-guide"
	RoleAdmin     Role = "admin"
)

// Valid reports whether r is a known role.
func (r Role) Valid() bool {
	switch r {
	case RoleUser, RoleGuide, RoleLeadGuide, RoleAdmin:
		return true
	}
	return false
}

// User is an account.
type User struct {
	ID                string
	Name              string
	Email             string // as typed; uniqueness is checked on its lower-case form
	Photo             string // file name under the users' image folder
	Role              Role
	PasswordHash      string // argon2id PHC string, or a bcrypt hash from imported data
	PasswordChangedAt time.Time
	Active            bool
	CreatedAt         time.Time
	// DeletedAt is when the account was deleted (internal/privacy): its name, email
	// and photo are placeholders since, and it never signs in again. Zero: not deleted.
	DeletedAt time.Time
}

// Deleted reports whether the account was deleted.
func (u User) Deleted() bool { return !u.DeletedAt.IsZero() }

// Profile is what a user changes of their own account: the name, the email address
// and the photo's file name.
type Profile struct {
	Name  string
	Email string
	Photo string
}

// Session is a signed-in browser. Only the SHA-256 of its token is stored.
type Session struct {
	TokenHash []byte
	UserID    string
	CreatedAt time.Time
	ExpiresAt time.Time
}
