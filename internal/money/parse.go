package money

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The site's rules for reading an amount a person typed (README "Typing amounts"), the
// same in every form and mirrored for the page's preview in ui/src/lib/amount.ts (both
// are tested against testdata/parse-cases.json):
//
//   - Spaces (also non-breaking ones) and apostrophes only group thousands: "1 290,50",
//     "1'290.50".
//   - With both "." and "," in the amount, the last one is the decimal separator and the
//     other groups thousands: "1.290,00" and "1,290.00" are both 1290.
//   - With one of them only: used more than once, it groups thousands ("1.290.000"); used
//     once, it is the decimal separator, except when exactly three digits follow it and
//     one to three digits other than a lone 0 come before it, which is a thousands
//     separator ("1,290" and "1.290" are 1290, "12,5" is 12.50, "0,125" is refused).
//   - Groups of thousands are three digits each after the first (one to three);
//     decimals are at most the currency's (two; none for a currency such as JPY).
//   - A currency symbol or code before or after the number is ignored ("€ 1.290,00",
//     "1290 EUR"); a minus sign is kept, for the rules that refuse it to say so.

var (
	// ErrNotAmount is text that is not an amount under the rules above.
	ErrNotAmount = errors.New("not an amount")
	// ErrDecimals is an amount with more decimals than its currency has.
	ErrDecimals = errors.New("too many decimals")
	// ErrTooLarge is an amount past what the site counts in (15 digits).
	ErrTooLarge = errors.New("amount too large")
)

const maxDigits = 15

// Parse reads an amount typed in major units ("1.290,50") as minor units of currency
// (129050 for "eur"), by the rules above. Empty text is ErrNotAmount.
func Parse(text, currency string) (int64, error) {
	s := strings.TrimSpace(text)
	neg := false
	if rest, ok := strings.CutPrefix(s, "-"); ok {
		neg, s = true, strings.TrimSpace(rest)
	}
	s = stripCurrency(s, currency)
	if rest, ok := strings.CutPrefix(s, "-"); ok && !neg {
		neg, s = true, strings.TrimSpace(rest)
	}
	if s == "" {
		return 0, ErrNotAmount
	}
	// Tokens: runs of digits and the separator after each.
	var groups []string
	var seps []rune
	start := 0
	for i, r := range s {
		switch {
		case r >= '0' && r <= '9':
			continue
		case r == '.' || r == ',' || r == ' ' || r == '\u00a0' || r == '\u202f' || r == '\'' || r == '’':
			groups = append(groups, s[start:i])
			seps = append(seps, r)
			start = i + utf8.RuneLen(r)
		default:
			return 0, ErrNotAmount
		}
	}
	groups = append(groups, s[start:])
	for _, g := range groups {
		if g == "" {
			return 0, ErrNotAmount // "1..2", ",5", "12."
		}
	}
	// Which separator, if any, is the decimal one.
	decimal := -1
	lastDot, lastComma, dots, commas := -1, -1, 0, 0
	for i, r := range seps {
		switch r {
		case '.':
			lastDot, dots = i, dots+1
		case ',':
			lastComma, commas = i, commas+1
		}
	}
	switch {
	case dots > 0 && commas > 0:
		decimal = max(lastDot, lastComma)
		if (seps[decimal] == '.' && dots > 1) || (seps[decimal] == ',' && commas > 1) {
			return 0, ErrNotAmount // "1.290,00.5"
		}
	case dots == 1 || commas == 1:
		i := max(lastDot, lastComma)
		before, after := groups[i], groups[i+1]
		thousands := len(after) == 3 && i == 0 && len(before) <= 3 && before != "0"
		// After a space-grouped run ("1 290.500") the last separator is a decimal one.
		if !thousands {
			decimal = i
		}
	}
	if decimal >= 0 && decimal != len(seps)-1 {
		return 0, ErrNotAmount // a grouping separator after the decimal one
	}
	whole := groups
	fraction := ""
	if decimal >= 0 {
		whole, fraction = groups[:decimal+1], groups[decimal+1]
	}
	// Grouped thousands: one to three digits, then threes.
	if len(whole) > 1 {
		if len(whole[0]) > 3 {
			return 0, ErrNotAmount
		}
		for _, g := range whole[1:] {
			if len(g) != 3 {
				return 0, ErrNotAmount
			}
		}
	}
	digits := strings.Join(whole, "")
	places := 2
	if zeroDecimal[strings.ToLower(currency)] {
		places = 0
	}
	if len(fraction) > places {
		return 0, ErrDecimals
	}
	digits = strings.TrimLeft(digits, "0") + fraction + strings.Repeat("0", places-len(fraction))
	digits = strings.TrimLeft(digits, "0")
	if digits == "" {
		return 0, nil
	}
	if len(digits) > maxDigits {
		return 0, ErrTooLarge
	}
	n, err := strconv.ParseInt(digits, 10, 64)
	if err != nil {
		return 0, ErrTooLarge
	}
	if neg {
		n = -n
	}
	return n, nil
}

// stripCurrency takes a currency symbol or code off either end of s.
func stripCurrency(s, currency string) string {
	marks := []string{strings.ToUpper(currency), strings.ToLower(currency)}
	if sym, ok := symbols[strings.ToLower(currency)]; ok {
		marks = append(marks, sym)
	}
	for _, m := range marks {
		if m == "" {
			continue
		}
		if rest, ok := strings.CutPrefix(s, m); ok {
			return strings.TrimSpace(rest)
		}
		if rest, ok := strings.CutSuffix(s, m); ok {
			return strings.TrimSpace(rest)
		}
	}
	return s
}

// Amount is an amount as the API takes it: a JSON number is minor units, as scripts
// send them; a JSON string is what a person typed in major units, read by Parse with the
// currency once it is known (Minor).
type Amount struct {
	minor int64
	text  string
	typed bool
	bad   bool // a number that is not a whole number of minor units (12.5)
}

// MinorAmount is an amount already in minor units.
func MinorAmount(minor int64) Amount { return Amount{minor: minor} }

// TypedAmount is an amount as a person typed it.
func TypedAmount(text string) Amount { return Amount{text: text, typed: true} }

// UnmarshalJSON takes a number (minor units) or a string (typed).
func (a *Amount) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*a = TypedAmount(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return err
	}
	minor, err := n.Int64()
	// Decoded all the same: the service says what is wrong, with the field's label.
	*a = Amount{minor: minor, bad: err != nil}
	return nil
}

// Typed reports whether a was typed by a person, and what.
func (a Amount) Typed() (string, bool) { return a.text, a.typed }

// Minor is a in minor units of currency: typed text is read by Parse; empty text is 0
// when empty is allowed (an optional field), else ErrNotAmount.
func (a Amount) Minor(currency string, emptyIsZero bool) (int64, error) {
	if a.bad {
		return 0, ErrNotAmount
	}
	if !a.typed {
		return a.minor, nil
	}
	if emptyIsZero && strings.TrimSpace(a.text) == "" {
		return 0, nil
	}
	return Parse(a.text, currency)
}

// Blank reports whether a was typed and left empty (spaces only).
func (a Amount) Blank() bool { return a.typed && strings.TrimSpace(a.text) == "" }

// Read is a in minor units of currency, the one way every form's amount is read: what a
// person typed by Parse (the browser only previews it), a number as minor units. When it
// cannot be read, problem is the sentence that says why in the words of the field
// labelled label ("Refund amount must be a number, e.g. 1290 or 1290.50."), for the
// service to show next to that field.
func (a Amount) Read(label, currency string) (minor int64, problem string) {
	if a.Blank() {
		return 0, label + " cannot be empty."
	}
	minor, err := a.Minor(currency, false)
	if err != nil {
		return 0, Explain(label, err)
	}
	return minor, ""
}

// Explain is the sentence that says why Parse refused an amount typed in the field
// labelled label ("Price per person must be a number, e.g. 1290 or 1290.50.").
func Explain(label string, err error) string {
	switch {
	case errors.Is(err, ErrDecimals):
		return label + " can have at most 2 decimals, e.g. 1290.50."
	case errors.Is(err, ErrTooLarge):
		return label + " is too large."
	}
	return label + " must be a number, e.g. 1290 or 1290.50."
}
