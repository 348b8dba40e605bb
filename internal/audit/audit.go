// Package audit is the record of what operators changed: who, when, which object, and
// each changed field's old and new value. The store writes an entry in the same
// transaction as the change it describes, so the log never misses a change nor records
// one that was rolled back. It knows nothing of HTTP or SQL.
package audit

import (
	"encoding/json"
	"reflect"
	"time"
)

// Entry is one operator action.
type Entry struct {
	ID         string
	At         time.Time
	ActorID    string
	ActorName  string
	Action     string // "tour.update", "departure.add", … (docs/admin.md)
	ObjectType string // "tour", …
	ObjectID   string
	Changes    Changes
}

// Changes maps a field to its old and new value. A created object lists its fields with
// a nil old value; a removed one, with a nil new value.
type Changes map[string]Change

// Change is one field's old and new value; JSON [old, new].
type Change struct{ Old, New any }

func (c Change) MarshalJSON() ([]byte, error) { return json.Marshal([2]any{c.Old, c.New}) }

func (c *Change) UnmarshalJSON(b []byte) error {
	var pair [2]any
	if err := json.Unmarshal(b, &pair); err != nil {
		return err
	}
	c.Old, c.New = pair[0], pair[1]
	return nil
}

// Diff records field when old and new differ (compared deeply: slices of stops,
// guides), making the map when it has none yet.
func (c *Changes) Diff(field string, old, new any) {
	if reflect.DeepEqual(old, new) {
		return
	}
	if *c == nil {
		*c = Changes{}
	}
	(*c)[field] = Change{Old: old, New: new}
}

// Filter selects entries; empty fields select everything.
type Filter struct {
	ActorID    string
	ObjectType string
	ObjectID   string
	Offset     int
	Limit      int // 0: 100
}
