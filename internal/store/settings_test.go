package store

import (
	"errors"
	"testing"
	"time"

	"tourbook/internal/audit"
)

// TestUpdateSetting: the change sees the stored value (none at first), an error from it
// writes nothing, and a change is written with its audit entry in one transaction.
func TestUpdateSetting(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		now := time.Date(2027, 3, 1, 9, 0, 0, 0, time.UTC)
		entry := func(from, to string) audit.Entry {
			e := audit.Entry{ActorID: "a", ActorName: "Ann", Action: "setting.update", ObjectType: "setting", ObjectID: "k"}
			e.Changes.Diff("v", from, to)
			return e
		}
		must(t, s.UpdateSetting(ctx, "k", now, func(v string, ok bool) (string, audit.Entry, error) {
			if ok || v != "" {
				t.Errorf("a setting never set: %q %v", v, ok)
			}
			return "one", entry("", "one"), nil
		}))
		refused := errors.New("refused")
		if err := s.UpdateSetting(ctx, "k", now, func(v string, ok bool) (string, audit.Entry, error) {
			return "two", entry(v, "two"), refused
		}); !errors.Is(err, refused) {
			t.Errorf("the change's error: %v", err)
		}
		must(t, s.UpdateSetting(ctx, "k", now, func(v string, ok bool) (string, audit.Entry, error) {
			if !ok || v != "one" {
				t.Errorf("the stored value: %q %v", v, ok)
			}
			return "three", entry(v, "three"), nil
		}))
		if v, ok, err := s.Setting(ctx, "k"); v != "three" || !ok || err != nil {
			t.Errorf("Setting = %q %v %v", v, ok, err)
		}
		log, err := s.AuditLog(ctx, audit.Filter{ObjectType: "setting", ObjectID: "k"})
		must(t, err)
		if len(log) != 2 || log[0].Changes["v"] != (audit.Change{Old: "one", New: "three"}) {
			t.Errorf("audit %+v", log)
		}
	})
}
