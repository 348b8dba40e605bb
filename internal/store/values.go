package store

import (
	"fmt"
	"time"
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
