package store

import (
	"testing"
	"time"
)

// A login's hash upgrade writes only over the hash it verified: a password changed in the
// meantime stays, and the upgrade leaves password_changed_at alone.
func TestUpgradePasswordHash(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		ann := addUser(t, s, "ann", "user")
		changed := t0.Add(time.Minute)
		must(t, s.UpdateUserPassword(ctx, ann.ID, "bcrypt-hash", changed))

		for _, c := range []struct {
			desc, id, old, new string
			wantOK             bool
			wantHash           string
		}{
			{"the verified hash", ann.ID, "bcrypt-hash", "argon-hash", true, "argon-hash"},
			{"a stale hash", ann.ID, "bcrypt-hash", "argon-of-old-password", false, "argon-hash"},
			{"an unknown user", "000000000000000000000000", "argon-hash", "x", false, "argon-hash"},
		} {
			ok, err := s.UpgradePasswordHash(ctx, c.id, c.old, c.new)
			if err != nil || ok != c.wantOK {
				t.Errorf("%s: UpgradePasswordHash = %v, %v; want %v", c.desc, ok, err, c.wantOK)
			}
			got, err := s.UserByID(ctx, ann.ID)
			must(t, err)
			if got.PasswordHash != c.wantHash || !got.PasswordChangedAt.Equal(changed) {
				t.Errorf("%s: hash %q changed %v; want %q, %v", c.desc, got.PasswordHash, got.PasswordChangedAt, c.wantHash, changed)
			}
		}
	})
}
