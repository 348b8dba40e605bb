package account_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"tourbook/internal/account"
)

// fakeStore keeps the store contract of docs/store-api.md in memory.
type fakeStore struct {
	mu       sync.Mutex
	users    map[string]account.User
	sessions map[string]account.Session // by string(TokenHash)
	failures map[string][]time.Time
	nextID   int

	// ignoreExpiry makes SessionByTokenHash return expired sessions and inactive users,
	// to show that the service does not rely on the store alone for that rule.
	ignoreExpiry bool
	// updateErr, when set, is returned by UpdateUserProfile.
	updateErr error
	// lookupDelay slows UserByEmail down, widening the time between a login's first look
	// at the failure count and its password check, as a loaded database would.
	lookupDelay time.Duration
	// beforePasswordWrite, when set, runs once (outside the lock) before the next write of
	// a password hash: UpdateUserPassword or UpgradePasswordHash.
	beforePasswordWrite func()
	// beforeCreateSession, when set, runs once (outside the lock) before the next session
	// is stored.
	beforeCreateSession func()
}

// takeHook returns *hook and clears it, so that a hook runs once even when it calls back
// into the store.
func (f *fakeStore) takeHook(hook *func()) func() {
	f.mu.Lock()
	defer f.mu.Unlock()
	h := *hook
	*hook = nil
	if h == nil {
		return func() {}
	}
	return h
}

func newFakeStore() *fakeStore {
	return &fakeStore{
		users:    map[string]account.User{},
		sessions: map[string]account.Session{},
		failures: map[string][]time.Time{},
	}
}

func (f *fakeStore) emailTaken(email, exceptID string) bool {
	for _, u := range f.users {
		if u.ID != exceptID && strings.EqualFold(u.Email, email) {
			return true
		}
	}
	return false
}

func (f *fakeStore) CreateUser(_ context.Context, u *account.User) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.emailTaken(u.Email, "") {
		return account.ErrEmailTaken
	}
	f.nextID++
	u.ID = fmt.Sprintf("%024x", f.nextID)
	u.CreatedAt = time.Now().UTC()
	f.users[u.ID] = *u
	return nil
}

func (f *fakeStore) UserByID(_ context.Context, id string) (account.User, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	u, ok := f.users[id]
	if !ok {
		return account.User{}, account.ErrNotFound
	}
	return u, nil
}

func (f *fakeStore) UserByEmail(_ context.Context, email string) (account.User, error) {
	time.Sleep(f.lookupDelay) // set before the test starts, read-only after
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, u := range f.users {
		if strings.EqualFold(u.Email, email) {
			return u, nil
		}
	}
	return account.User{}, account.ErrNotFound
}

func (f *fakeStore) UpdateUserProfile(_ context.Context, id string, p account.Profile) error {
	name, email, photo := p.Name, p.Email, p.Photo
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.updateErr != nil {
		return f.updateErr
	}
	u, ok := f.users[id]
	if !ok {
		return account.ErrNotFound
	}
	if f.emailTaken(email, id) {
		return account.ErrEmailTaken
	}
	u.Name, u.Email, u.Photo = name, email, photo
	f.users[id] = u
	return nil
}

func (f *fakeStore) UpdateUserPassword(_ context.Context, id, hash string, changedAt time.Time) error {
	f.takeHook(&f.beforePasswordWrite)()
	f.mu.Lock()
	defer f.mu.Unlock()
	u, ok := f.users[id]
	if !ok {
		return account.ErrNotFound
	}
	u.PasswordHash, u.PasswordChangedAt = hash, changedAt
	f.users[id] = u
	return nil
}

func (f *fakeStore) UpgradePasswordHash(_ context.Context, id, oldHash, newHash string) (bool, error) {
	f.takeHook(&f.beforePasswordWrite)()
	f.mu.Lock()
	defer f.mu.Unlock()
	u, ok := f.users[id]
	if !ok || u.PasswordHash != oldHash {
		return false, nil
	}
	u.PasswordHash = newHash
	f.users[id] = u
	return true, nil
}

func (f *fakeStore) CreateSession(_ context.Context, sess account.Session) error {
	f.takeHook(&f.beforeCreateSession)()
	f.mu.Lock()
	defer f.mu.Unlock()
	f.sessions[string(sess.TokenHash)] = sess
	return nil
}

func (f *fakeStore) SessionByTokenHash(_ context.Context, hash []byte, now time.Time) (account.Session, account.User, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	sess, ok := f.sessions[string(hash)]
	if !ok {
		return account.Session{}, account.User{}, account.ErrNotFound
	}
	u := f.users[sess.UserID]
	if !f.ignoreExpiry && (!now.Before(sess.ExpiresAt) || !u.Active) {
		return account.Session{}, account.User{}, account.ErrNotFound
	}
	return sess, u, nil
}

func (f *fakeStore) DeleteSession(_ context.Context, hash []byte) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.sessions, string(hash))
	return nil
}

func (f *fakeStore) DeleteOtherSessions(_ context.Context, userID string, keep []byte) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	for k, s := range f.sessions {
		if s.UserID == userID && k != string(keep) {
			delete(f.sessions, k)
		}
	}
	return nil
}

func (f *fakeStore) AddLoginFailure(_ context.Context, key string, at time.Time) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.failures[key] = append(f.failures[key], at)
	return nil
}

func (f *fakeStore) CountLoginFailures(_ context.Context, key string, since time.Time) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, at := range f.failures[key] {
		if !at.Before(since) {
			n++
		}
	}
	return n, nil
}

func (f *fakeStore) RemoveLoginFailure(_ context.Context, key string, at time.Time) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if i := slices.IndexFunc(f.failures[key], at.Equal); i >= 0 {
		f.failures[key] = slices.Delete(f.failures[key], i, i+1)
	}
	return nil
}

func (f *fakeStore) ClearLoginFailures(_ context.Context, key string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.failures, key)
	return nil
}

func (f *fakeStore) sessionCount(userID string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, s := range f.sessions {
		if s.UserID == userID {
			n++
		}
	}
	return n
}

// fakePhotos records removals and, like media.Photos, keeps the default photo.
type fakePhotos struct {
	mu      sync.Mutex
	removed []string
}

func (p *fakePhotos) Remove(name string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if name == account.DefaultPhoto {
		return nil
	}
	p.removed = append(p.removed, name)
	return nil
}

func (p *fakePhotos) removedNames() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.removed...)
}

// clock is a settable time source.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}
