package importer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// object reads the fields of one JSON object and reports every problem with the field's
// path (`locations[2].coordinates`). Values may be plain JSON or MongoDB Extended JSON
// ({"$oid": …}, {"$date": …}, {"$numberInt": …}), which mongoexport writes.
type object struct {
	m      map[string]json.RawMessage
	path   string // prefix of the field names, e.g. "startLocation."
	report func(field, reason string)
}

func newObject(raw json.RawMessage, path string, report func(field, reason string)) (object, bool) {
	o := object{path: path, report: report}
	if kind(raw) != "object" {
		field := strings.TrimSuffix(path, ".")
		if field == "" {
			report("", "want a JSON object, got "+kind(raw))
		} else {
			report(field, "want an object, got "+kind(raw))
		}
		return o, false
	}
	if err := json.Unmarshal(raw, &o.m); err != nil {
		report(strings.TrimSuffix(path, "."), err.Error())
		return o, false
	}
	return o, true
}

func (o object) fail(name, format string, args ...any) {
	o.report(o.path+name, fmt.Sprintf(format, args...))
}

// get returns a field's raw value, treating null like a missing field.
func (o object) get(name string) (json.RawMessage, bool) {
	raw, ok := o.m[name]
	if !ok || kind(raw) == "null" {
		return nil, false
	}
	return raw, true
}

func (o object) has(name string) bool {
	_, ok := o.get(name)
	return ok
}

// str returns a string field without surrounding white space.
func (o object) str(name string, required bool) string {
	raw, ok := o.get(name)
	if !ok {
		if required {
			o.fail(name, "required")
		}
		return ""
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		o.fail(name, "want a string, got %s", kind(raw))
		return ""
	}
	s = strings.TrimSpace(s)
	if s == "" && required {
		o.fail(name, "required")
	}
	return s
}

func (o object) number(name string, required bool) (float64, bool) {
	raw, ok := o.get(name)
	if !ok {
		if required {
			o.fail(name, "required")
		}
		return 0, false
	}
	v, err := numberValue(raw)
	if err != nil {
		o.fail(name, "%v", err)
		return 0, false
	}
	return v, true
}

// whole is a number field that must be a whole number of at least min.
func (o object) whole(name string, required bool, min int) (int, bool) {
	v, ok := o.number(name, required)
	if !ok {
		return 0, false
	}
	if v != math.Trunc(v) || math.Abs(v) > math.MaxInt32 {
		o.fail(name, "want a whole number, got %v", v)
		return 0, false
	}
	if int(v) < min {
		o.fail(name, "%d is less than %d", int(v), min)
		return 0, false
	}
	return int(v), true
}

func (o object) boolean(name string, def bool) bool {
	raw, ok := o.get(name)
	if !ok {
		return def
	}
	var b bool
	if err := json.Unmarshal(raw, &b); err != nil {
		o.fail(name, "want true or false, got %s", kind(raw))
		return def
	}
	return b
}

func (o object) id(name string, required bool) string {
	raw, ok := o.get(name)
	if !ok {
		if required {
			o.fail(name, "required")
		}
		return ""
	}
	id, err := idValue(raw)
	if err != nil {
		o.fail(name, "%v", err)
	}
	return id
}

func (o object) date(name string) (time.Time, bool) {
	raw, ok := o.get(name)
	if !ok {
		return time.Time{}, false
	}
	t, err := dateValue(raw)
	if err != nil {
		o.fail(name, "%v", err)
		return time.Time{}, false
	}
	return t, true
}

func (o object) list(name string) []json.RawMessage {
	raw, ok := o.get(name)
	if !ok {
		return nil
	}
	var items []json.RawMessage
	if kind(raw) != "array" || json.Unmarshal(raw, &items) != nil {
		o.fail(name, "want an array, got %s", kind(raw))
		return nil
	}
	return items
}

func (o object) sub(name string, required bool) (object, bool) {
	raw, ok := o.get(name)
	if !ok {
		if required {
			o.fail(name, "required")
		}
		return object{}, false
	}
	return newObject(raw, o.path+name+".", o.report)
}

// kind names a JSON value's type for messages.
func kind(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "nothing"
	}
	switch raw[0] {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "true/false"
	case 'n':
		return "null"
	}
	return "number"
}

// extended unwraps a MongoDB Extended JSON wrapper like {"$numberInt": "5"} and reports
// which key it had; ok is false for anything else.
func extended(raw json.RawMessage, keys ...string) (key string, inner json.RawMessage, ok bool) {
	if kind(raw) != "object" {
		return "", nil, false
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil || len(m) != 1 {
		return "", nil, false
	}
	for _, k := range keys {
		if v, found := m[k]; found {
			return k, v, true
		}
	}
	return "", nil, false
}

func numberValue(raw json.RawMessage) (float64, error) {
	text := string(bytes.TrimSpace(raw))
	if _, inner, ok := extended(raw, "$numberInt", "$numberLong", "$numberDouble", "$numberDecimal"); ok {
		if err := json.Unmarshal(inner, &text); err != nil {
			return 0, fmt.Errorf("want a number, got %s", kind(inner))
		}
	} else if kind(raw) != "number" {
		return 0, fmt.Errorf("want a number, got %s", kind(raw))
	}
	v, err := strconv.ParseFloat(text, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("want a finite number, got %q", text)
	}
	return v, nil
}

func idValue(raw json.RawMessage) (string, error) {
	var s string
	if _, inner, ok := extended(raw, "$oid"); ok {
		raw = inner
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", fmt.Errorf("want an id string, got %s", kind(raw))
	}
	if s = strings.TrimSpace(s); s == "" {
		return "", errors.New("empty id")
	}
	return s, nil
}

// dateLayouts are the forms exports use: ISO 8601 with or without zone and fraction, a
// bare date, and the "2021-04-25,10:00" of the natours sample data. Times without a zone
// are UTC.
var dateLayouts = []string{
	time.RFC3339Nano,
	"2006-01-02T15:04:05.999999999",
	"2006-01-02T15:04",
	"2006-01-02 15:04:05",
	"2006-01-02 15:04",
	"2006-01-02,15:04",
	"2006-01-02",
}

// dateValue reads an ISO string, {"$date": ISO string | milliseconds | {"$numberLong"}},
// or milliseconds since 1970.
func dateValue(raw json.RawMessage) (time.Time, error) {
	if _, inner, ok := extended(raw, "$date"); ok {
		raw = inner
		if _, n, ok := extended(raw, "$numberLong"); ok {
			var s string
			if json.Unmarshal(n, &s) != nil {
				return time.Time{}, errors.New(`want {"$numberLong": "<milliseconds>"}`)
			}
			raw = json.RawMessage(s)
		}
	}
	if kind(raw) == "number" {
		ms, err := strconv.ParseInt(string(bytes.TrimSpace(raw)), 10, 64)
		if err != nil {
			return time.Time{}, fmt.Errorf("want milliseconds since 1970, got %s", raw)
		}
		return time.UnixMilli(ms).UTC(), nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return time.Time{}, fmt.Errorf("want a date string, got %s", kind(raw))
	}
	s = strings.TrimSpace(s)
	for _, layout := range dateLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, fmt.Errorf("%q is not a date (want ISO 8601, e.g. 2026-06-19T09:00:00Z)", s)
}
