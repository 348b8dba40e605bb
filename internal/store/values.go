package store

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"tourbook/internal/tour"
)

// timeLayout is fixed width (always six fractional digits, always Z) so that SQLite's text
// comparison orders times correctly; PostgreSQL parses it into timestamptz.
const timeLayout = "2006-01-02T15:04:05.000000Z"

const dateLayout = time.DateOnly

// ts is the argument form of a time.
func ts(t time.Time) string { return t.UTC().Format(timeLayout) }

// tsNull is ts with the zero time as NULL, for optional times (paid_at, ...).
func tsNull(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return ts(t)
}

// day is the argument form of a start date: its UTC calendar day.
func day(t time.Time) string { return t.UTC().Format(dateLayout) }

// dayNull is day with the zero time as NULL, for optional days (pay_by, ...).
func dayNull(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return day(t)
}

// timeCol scans a time column from either engine: text from SQLite, time.Time from
// PostgreSQL (timestamptz and date alike); NULL scans as the zero time.
type timeCol struct{ t *time.Time }

func (c timeCol) Scan(src any) error {
	switch v := src.(type) {
	case nil:
		*c.t = time.Time{}
	case time.Time:
		*c.t = v.UTC()
	case string:
		return c.parse(v)
	case []byte:
		return c.parse(string(v))
	default:
		return fmt.Errorf("scan time: unsupported type %T", src)
	}
	return nil
}

func (c timeCol) parse(v string) error {
	layout := time.RFC3339Nano
	if len(v) == len(dateLayout) {
		layout = dateLayout
	}
	t, err := time.Parse(layout, v)
	if err != nil {
		return fmt.Errorf("scan time: %w", err)
	}
	*c.t = t.UTC()
	return nil
}

// tierJSON is how a refund tier is written in a cancellation_policy column.
type tierJSON struct {
	DaysBefore int `json:"daysBefore"`
	Percent    int `json:"percent"`
}

// policyArg is the argument form of a cancellation policy: JSON, or NULL for none (a
// booking's copy that was never recorded).
func policyArg(p tour.CancellationPolicy) any {
	if p == nil {
		return nil
	}
	list := make([]tierJSON, len(p))
	for i, t := range p {
		list[i] = tierJSON(t)
	}
	b, _ := json.Marshal(list) // plain ints: cannot fail
	return string(b)
}

// policyCol scans a cancellation_policy column; NULL scans as nil.
type policyCol struct{ p *tour.CancellationPolicy }

func (c policyCol) Scan(src any) error {
	var raw []byte
	switch v := src.(type) {
	case nil:
		*c.p = nil
		return nil
	case string:
		raw = []byte(v)
	case []byte:
		raw = v
	default:
		return fmt.Errorf("scan cancellation policy: unsupported type %T", src)
	}
	var list []tierJSON
	if err := json.Unmarshal(raw, &list); err != nil {
		return fmt.Errorf("scan cancellation policy: %w", err)
	}
	p := make(tour.CancellationPolicy, len(list))
	for i, t := range list {
		p[i] = tour.RefundTier(t)
	}
	*c.p = p
	return nil
}

// textCol scans a text column that may be NULL (a booking's reference before start-up
// gave it one) as "".
type textCol struct{ s *string }

func (c textCol) Scan(src any) error {
	switch v := src.(type) {
	case nil:
		*c.s = ""
	case string:
		*c.s = v
	case []byte:
		*c.s = string(v)
	default:
		return fmt.Errorf("scan text: unsupported type %T", src)
	}
	return nil
}

// intCol scans an integer column that may be NULL as 0.
type intCol struct{ n *int }

func (c intCol) Scan(src any) error {
	var v sql.NullInt64
	if err := v.Scan(src); err != nil {
		return fmt.Errorf("scan integer: %w", err)
	}
	*c.n = int(v.Int64)
	return nil
}

// intNull is n, or NULL for 0.
func intNull(n int) any {
	if n == 0 {
		return nil
	}
	return n
}
