package account

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"io"
	"log/slog"
	"runtime"
	"time"
	"tourbook/internal/mail"
	"tourbook/internal/media"
)

// DefaultPhoto is the shared photo of users who have not uploaded one; it is never
// deleted.
const DefaultPhoto = media.DefaultPhoto

// Store is the part of internal/store this package uses (docs/store-api.md).
type Store interface {
	CreateUser(ctx context.Context, u *User) error
	UserByID(ctx context.Context, id string) (User, error)
	UserByEmail(ctx context.Context, email string) (User, error)
	UpdateUserProfile(ctx context.Context, id string, p Profile) error
	UpdateUserPassword(ctx context.Context, id, hash string, changedAt time.Time) error
	UpgradePasswordHash(ctx context.Context, id, oldHash, newHash string) (bool, error)

	CreateSession(ctx context.Context, sess Session) error
	SessionByTokenHash(ctx context.Context, hash []byte, now time.Time) (Session, User, error)
	DeleteSession(ctx context.Context, hash []byte) error
	DeleteOtherSessions(ctx context.Context, userID string, keep []byte) error

	AddLoginFailure(ctx context.Context, key string, at time.Time) error
	CountLoginFailures(ctx context.Context, key string, since time.Time) (int, error)
	RemoveLoginFailure(ctx context.Context, key string, at time.Time) error
	ClearLoginFailures(ctx context.Context, key string) error
}

// PhotoRemover deletes a stored photo by file name; *media.Photos is one. It must treat
// DefaultPhoto and missing files as no-ops.
type PhotoRemover interface {
	Remove(name string) error
}

// Welcomer writes the email a new account gets.
type Welcomer interface {
	Welcome(ctx context.Context, u User) (*mail.Message, error)
}

// Options configure a Service. Zero values take the defaults.
type Options struct {
	Now        func() time.Time // default time.Now
	SessionTTL time.Duration    // default 30 days
	Logger     *slog.Logger     // default discards
	// Photos removes replaced and orphaned profile photos; nil leaves files alone.
	Photos PhotoRemover
	// Welcome writes the email a new account gets; nil sends none. Queued wakes the
	// outbox's sender after one is written.
	Welcome Welcomer
	Queued  func()
	// Notices writes the emails that tell an account's owner of a change to its sign-in
	// email or of a sign-up tried with its address; nil sends none.
	Notices Notifier
	// MaxSignupsPerClient bounds the sign-ups one client address makes in an hour
	// (default 10), counted whether or not the address already had an account.
	MaxSignupsPerClient int
	// MaxUploadsPerMinute bounds the pictures (photos and tour pictures together) one
	// account uploads in a minute (default 10).
	MaxUploadsPerMinute int

	// Failed logins allowed within LoginWindow per account and client address together
	// (default 10), per client address (default 50: offices, mobile carriers and proxies
	// put many people behind one address) and per account from clients that have failed
	// on it (default 100) before further attempts are refused (see loginLimits).
	// LoginWindow defaults to 15 minutes. MaxLoginFailures also bounds the wrong current
	// passwords a signed-in session may give.
	MaxLoginFailures           int
	MaxLoginFailuresPerAddress int
	MaxLoginFailuresPerAccount int
	LoginWindow                time.Duration

	// Argon2 sets the cost of new hashes (default DefaultArgon2); tests lower it.
	Argon2 Argon2Params
	// MaxConcurrentHashes bounds simultaneous password hashes, and so their memory
	// (Argon2.Memory each) under a login flood. Default 2 × GOMAXPROCS.
	MaxConcurrentHashes int
}

// Service implements signing up, signing in and account changes on top of a Store.
// It is safe for concurrent use.
type Service struct {
	store       Store
	now         func() time.Time
	ttl         time.Duration
	log         *slog.Logger
	photos      PhotoRemover
	maxFailures int // per account and client
	maxPerAddr  int
	maxPerAcct  int
	window      time.Duration
	argon       Argon2Params
	hashSlots   chan struct{}
	welcome     Welcomer
	notices     Notifier
	maxSignups  int
	maxUploads  int
	queued      func()
	// dummyHash is verified against when the email is unknown, so that such a login
	// costs the same as a wrong password and timing does not reveal who has an account.
	dummyHash string
}

// NewService returns a Service.
func NewService(store Store, opts Options) (*Service, error) {
	s := &Service{
		store:       store,
		now:         opts.Now,
		ttl:         opts.SessionTTL,
		log:         opts.Logger,
		photos:      opts.Photos,
		maxFailures: opts.MaxLoginFailures,
		maxPerAddr:  opts.MaxLoginFailuresPerAddress,
		maxPerAcct:  opts.MaxLoginFailuresPerAccount,
		window:      opts.LoginWindow,
		argon:       opts.Argon2,
		welcome:     opts.Welcome,
		notices:     opts.Notices,
		maxSignups:  opts.MaxSignupsPerClient,
		maxUploads:  opts.MaxUploadsPerMinute,
		queued:      opts.Queued,
	}
	if s.queued == nil {
		s.queued = func() {}
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.ttl <= 0 {
		s.ttl = 30 * 24 * time.Hour
	}
	if s.log == nil {
		s.log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if s.maxFailures <= 0 {
		s.maxFailures = 10
	}
	if s.maxPerAddr <= 0 {
		s.maxPerAddr = 50
	}
	if s.maxPerAcct <= 0 {
		s.maxPerAcct = 100
	}
	if s.maxUploads <= 0 {
		s.maxUploads = 10
	}
	if s.maxSignups <= 0 {
		s.maxSignups = 10
	}
	if s.window <= 0 {
		s.window = 15 * time.Minute
	}
	if s.argon == (Argon2Params{}) {
		s.argon = DefaultArgon2
	}
	slots := opts.MaxConcurrentHashes
	if slots <= 0 {
		slots = 2 * runtime.GOMAXPROCS(0)
	}
	s.hashSlots = make(chan struct{}, slots)
	dummy, err := dummyArgon2(s.argon)
	if err != nil {
		return nil, err
	}
	s.dummyHash = dummy
	return s, nil
}

func (s *Service) clock() time.Time { return s.now().UTC() }

// acquireHash waits for a hashing slot; the returned func releases it.
func (s *Service) acquireHash(ctx context.Context) (func(), error) {
	select {
	case s.hashSlots <- struct{}{}:
		return func() { <-s.hashSlots }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (s *Service) hash(ctx context.Context, password string) (string, error) {
	release, err := s.acquireHash(ctx)
	if err != nil {
		return "", err
	}
	defer release()
	return hashArgon2(password, s.argon)
}

func (s *Service) verify(ctx context.Context, hash, password string) (ok, rehash bool, err error) {
	release, err := s.acquireHash(ctx)
	if err != nil {
		return false, false, err
	}
	defer release()
	return verifyPassword(hash, password, s.argon)
}

// newSession creates a session for user and returns its token: 32 random bytes,
// base64url without padding, for the cookie. Only its SHA-256 reaches the store.
func (s *Service) newSession(ctx context.Context, userID string) (string, error) {
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return "", fmt.Errorf("session token: %w", err)
	}
	token := base64.RawURLEncoding.EncodeToString(raw)
	now := s.clock()
	sess := Session{TokenHash: hashToken(token), UserID: userID, CreatedAt: now, ExpiresAt: now.Add(s.ttl)}
	if err := s.store.CreateSession(ctx, sess); err != nil {
		return "", fmt.Errorf("create session for user %s: %w", userID, err)
	}
	return token, nil
}

// hashToken is the SHA-256 of the cookie value. A token that is not 32 bytes of
// base64url is answered like an unknown one, without a store lookup.
func hashToken(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}

func wellFormedToken(token string) bool {
	raw, err := base64.RawURLEncoding.DecodeString(token)
	return err == nil && len(raw) == 32
}

// SessionTTL is how long a session lasts: the session cookie's lifetime.
func (s *Service) SessionTTL() time.Duration { return s.ttl }
