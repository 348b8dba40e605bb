package mail

import (
	"strings"
	"sync"
	"time"
)

// SecretPlaceholder stands in a stored email for a secret it carries, such as the token
// of a password reset link. The outbox row, its copies in backups and the back office's
// view of it hold only this; the Sender puts the secret in at send time from Secrets,
// which lives in memory alone.
const SecretPlaceholder = "HIDDEN-UNTIL-SENT"

// Sealed reports whether m carries a secret kept out of the database.
func Sealed(m Message) bool {
	return strings.Contains(m.HTML, SecretPlaceholder) || strings.Contains(m.Text, SecretPlaceholder)
}

// Secrets keeps the secrets of sealed emails in this process's memory, by the email's
// idempotency key, until they are sent or expire. A process that restarts, or another
// instance, does not have them: such an email cannot be sent, and the person asks again
// (a reset link lasts 30 minutes anyway). Safe for concurrent use.
type Secrets struct {
	mu  sync.Mutex
	m   map[string]secret
	now func() time.Time
}

type secret struct {
	value   string
	expires time.Time
}

// NewSecrets returns an empty store of secrets on the clock now (nil: time.Now).
func NewSecrets(now func() time.Time) *Secrets {
	if now == nil {
		now = time.Now
	}
	return &Secrets{m: map[string]secret{}, now: now}
}

// Put keeps value for the email with idemKey until expires.
func (s *Secrets) Put(idemKey, value string, expires time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	for k, v := range s.m {
		if !now.Before(v.expires) {
			delete(s.m, k)
		}
	}
	s.m[idemKey] = secret{value: value, expires: expires}
}

// Forget drops the secret of the email with idemKey.
func (s *Secrets) Forget(idemKey string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.m, idemKey)
}

func (s *Secrets) forget(idemKey string) {
	if s != nil {
		s.Forget(idemKey)
	}
}

// Reveal returns m with its secret put in place of SecretPlaceholder, and false when m
// is sealed and its secret is not (or no longer) known here. An unsealed m comes back
// as it is.
func (s *Secrets) Reveal(m Message) (Message, bool) {
	if !Sealed(m) {
		return m, true
	}
	if s == nil {
		return m, false
	}
	s.mu.Lock()
	v, ok := s.m[m.IdemKey]
	s.mu.Unlock()
	if !ok || !s.now().Before(v.expires) {
		return m, false
	}
	m.HTML = strings.ReplaceAll(m.HTML, SecretPlaceholder, v.value)
	m.Text = strings.ReplaceAll(m.Text, SecretPlaceholder, v.value)
	return m, true
}
