package account

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/argon2"
	"golang.org/x/crypto/bcrypt"
)

// Argon2Params are the argon2id cost parameters written into new hashes. Verification
// reads the parameters from each stored hash, so raising them later only affects new
// hashes (and, through the rehash on login, old ones one by one).
type Argon2Params struct {
	Memory  uint32 // KiB
	Time    uint32 // passes
	Threads uint8
	SaltLen int
	KeyLen  int
}

// DefaultArgon2 was measured on the 2-core production machine: about 38 ms per hash
// (go test -bench HashPassword). 64 MiB with one pass is stronger against GPU cracking
// than OWASP's 46 MiB/t=1 minimum, and one lane keeps each login on one core so two
// logins run side by side; the service bounds how many hashes run at once, which bounds
// memory (64 MiB each).
var DefaultArgon2 = Argon2Params{Memory: 64 * 1024, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}

// Limits on parameters read from stored hashes: an imported or tampered hash must not be
// able to make one login take gigabytes or minutes.
const (
	maxArgonMemory  = 1 << 20 // KiB (1 GiB)
	maxArgonTime    = 16
	maxArgonThreads = 16
)

var errUnknownHash = errors.New("unknown password hash format")

// HashPassword returns the argon2id hash of password in PHC string form
// ($argon2id$v=19$m=…,t=…,p=…$salt$hash) with DefaultArgon2. Seed and import use it; it
// does not validate the password.
func HashPassword(password string) (string, error) {
	return hashArgon2(password, DefaultArgon2)
}

// HashWith is HashPassword with the cost p, for code that takes the hash as a function
// (seed, walk-in accounts, resets) where the service's cost is not DefaultArgon2.
func HashWith(p Argon2Params) func(string) (string, error) {
	return func(password string) (string, error) { return hashArgon2(password, p) }
}

func hashArgon2(password string, p Argon2Params) (string, error) {
	salt := make([]byte, p.SaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("password salt: %w", err)
	}
	key := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, uint32(p.KeyLen))
	return encodeArgon2(p, salt, key), nil
}

// dummyArgon2 is a hash in p's format that no password matches: random salt and random
// key bytes. Verifying a password against it costs exactly what verifying against a real
// hash with p costs (the work is in the verification, the parameters come from the
// string), and making it costs nothing, where hashing a random password with p took a
// quarter of the server's start-up.
func dummyArgon2(p Argon2Params) (string, error) {
	b := make([]byte, p.SaltLen+p.KeyLen)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("dummy hash: %w", err)
	}
	return encodeArgon2(p, b[:p.SaltLen], b[p.SaltLen:]), nil
}

func encodeArgon2(p Argon2Params, salt, key []byte) string {
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, p.Memory, p.Time, p.Threads, b64.EncodeToString(salt), b64.EncodeToString(key))
}

// verifyPassword reports whether password matches hash (argon2id PHC or bcrypt), and
// whether the hash should be replaced by one made with want: any bcrypt hash, and
// argon2id hashes with other parameters. A malformed hash is an error, not a mismatch,
// so it gets logged.
// NoPassword is the password hash of an account no password opens (a deleted one): it
// matches nothing, and is no error (an unreadable hash is logged as one).
const NoPassword = "!"

func verifyPassword(hash, password string, want Argon2Params) (ok, rehash bool, err error) {
	switch {
	case hash == NoPassword:
		return false, false, nil
	case strings.HasPrefix(hash, "$argon2id$"):
		p, salt, key, err := parseArgon2(hash)
		if err != nil {
			return false, false, err
		}
		got := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, uint32(len(key)))
		ok := subtle.ConstantTimeCompare(got, key) == 1
		rehash = p.Memory != want.Memory || p.Time != want.Time || p.Threads != want.Threads ||
			len(key) != want.KeyLen || len(salt) != want.SaltLen
		return ok, rehash, nil
	case strings.HasPrefix(hash, "$2a$"), strings.HasPrefix(hash, "$2b$"), strings.HasPrefix(hash, "$2y$"):
		// bcrypt compares in constant time itself. It looks only at the first 72 bytes, as
		// did the system the hash came from; the upgrade then hashes the whole password.
		err := bcrypt.CompareHashAndPassword([]byte(hash), []byte(password))
		switch {
		case err == nil:
			return true, true, nil
		case errors.Is(err, bcrypt.ErrMismatchedHashAndPassword):
			return false, false, nil
		default:
			return false, false, fmt.Errorf("bcrypt hash: %w", err)
		}
	}
	return false, false, errUnknownHash
}

func parseArgon2(hash string) (p Argon2Params, salt, key []byte, err error) {
	// "", "argon2id", "v=19", "m=…,t=…,p=…", salt, key
	parts := strings.Split(hash, "$")
	if len(parts) != 6 {
		return p, nil, nil, errUnknownHash
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return p, nil, nil, fmt.Errorf("argon2id version %q: %w", parts[2], errUnknownHash)
	}
	var threads uint32
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &threads); err != nil {
		return p, nil, nil, fmt.Errorf("argon2id parameters %q: %w", parts[3], errUnknownHash)
	}
	if p.Memory < 8 || p.Memory > maxArgonMemory || p.Time < 1 || p.Time > maxArgonTime ||
		threads < 1 || threads > maxArgonThreads {
		return p, nil, nil, fmt.Errorf("argon2id parameters %q out of range: %w", parts[3], errUnknownHash)
	}
	p.Threads = uint8(threads)
	b64 := base64.RawStdEncoding
	if salt, err = b64.DecodeString(parts[4]); err != nil || len(salt) < 8 {
		return p, nil, nil, fmt.Errorf("argon2id salt: %w", errUnknownHash)
	}
	if key, err = b64.DecodeString(parts[5]); err != nil || len(key) < 16 || len(key) > 64 {
		return p, nil, nil, fmt.Errorf("argon2id key: %w", errUnknownHash)
	}
	p.SaltLen, p.KeyLen = len(salt), len(key)
	return p, salt, key, nil
}
