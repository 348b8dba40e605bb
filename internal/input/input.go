// Package input reads numbers as the back office's forms send them: a JSON number, or the
// text a person typed when it was not one ("", "12a"). Decoding never fails on such a
// field, so the service can check every field of a form and say what is wrong with each,
// all at once, with the field's label, instead of the decoder stopping at the first one
// with its internal name. Amounts of money are money.Amount.
package input

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"
)

// Number is a number field: JSON number or text.
type Number struct {
	text string // the number's JSON text, or the typed text
	set  bool
}

// Of is the number n, as a script would send it.
func Of(n float64) Number { return Number{text: strconv.FormatFloat(n, 'f', -1, 64), set: true} }

// Text is a number as typed.
func Text(s string) Number { return Number{text: s, set: true} }

// UnmarshalJSON takes a number or a string; null leaves the field unset.
func (n *Number) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if string(b) == "null" {
		*n = Number{}
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*n = Text(s)
		return nil
	}
	var f json.Number
	if err := json.Unmarshal(b, &f); err != nil {
		return err
	}
	*n = Number{text: f.String(), set: true}
	return nil
}

// Set reports whether the field was given at all.
func (n Number) Set() bool { return n.set }

// Empty reports whether the field was left empty (or not given).
func (n Number) Empty() bool { return strings.TrimSpace(n.text) == "" }

// Int is the field as a whole number, and false when it is not one ("", "2.5", "x").
func (n Number) Int() (int, bool) {
	s := strings.TrimSpace(n.text)
	if i, err := strconv.Atoi(s); err == nil {
		return i, true
	}
	// 3.0 and 1e2 are whole numbers too.
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f != math.Trunc(f) || math.Abs(f) > math.MaxInt32 {
		return 0, false
	}
	return int(f), true
}

// Float is the field as a finite number, and false when it is not one. A decimal comma
// is taken ("38,72"), as a coordinate pasted from a map in another language has one.
func (n Number) Float() (float64, bool) {
	s := strings.TrimSpace(n.text)
	if strings.Count(s, ",") == 1 && !strings.Contains(s, ".") {
		s = strings.Replace(s, ",", ".", 1)
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, false
	}
	return f, true
}
