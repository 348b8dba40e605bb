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

// jsonArg is the argument form of a JSON column: v encoded, or ” when it is empty (a
// nil or empty slice or map, or the zero value), which jsonCol scans back as the zero
// value.
func jsonArg[T any](v T) (string, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	switch string(b) {
	case "null", "[]", "{}", `""`:
		return "", nil
	}
	return string(b), nil
}

// jsonCol scans a JSON text column into *v; NULL and ” scan as the zero value.
type jsonCol[T any] struct{ v *T }

func (c jsonCol[T]) Scan(src any) error {
	var raw []byte
	switch s := src.(type) {
	case nil:
	case string:
		raw = []byte(s)
	case []byte:
		raw = s
	default:
		return fmt.Errorf("scan JSON: unsupported type %T", src)
	}
	var zero T
	*c.v = zero
	if len(raw) == 0 {
		return nil
	}
	if err := json.Unmarshal(raw, c.v); err != nil {
		return fmt.Errorf("scan JSON: %w", err)
	}
	return nil
}

// bookingForm is how a tour's price categories, extras, questions and deposit are kept
// in its booking_form column.
type bookingForm struct {
	Categories         []tour.PriceCategory  `json:"categories,omitempty"`
	Extras             []tour.Extra          `json:"extras,omitempty"`
	Travellers         tour.TravellerDetails `json:"travellers,omitempty"`
	Questions          []tour.Question       `json:"questions,omitempty"`
	AnswersCutoffHours int                   `json:"answersCutoffHours,omitempty"`
	Deposit            *tour.Deposit         `json:"deposit,omitempty"`
}

func formOf(t *tour.Tour) bookingForm {
	f := bookingForm{Categories: t.Categories, Extras: t.Extras, Travellers: t.Travellers,
		Questions: t.Questions, AnswersCutoffHours: t.AnswersCutoffHours}
	if t.Deposit.On() {
		d := t.Deposit
		f.Deposit = &d
	}
	return f
}

func (f bookingForm) apply(t *tour.Tour) {
	t.Categories, t.Extras, t.Travellers, t.Questions, t.AnswersCutoffHours =
		f.Categories, f.Extras, f.Travellers, f.Questions, f.AnswersCutoffHours
	t.Deposit = tour.Deposit{}
	if f.Deposit != nil {
		t.Deposit = *f.Deposit
	}
}
