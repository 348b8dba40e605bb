package plaintext

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"tourbook/internal/fault"
)

// Clean trims s and refuses control and invisible direction characters (which can make a
// name read differently from what it is); newlines only where multiline. The messages
// (an Invalid *fault.Error) start with label, the field's name as the operator sees it.
func Clean(label, s string, max int, required, multiline bool) (string, error) {
	s = strings.TrimSpace(s)
	if required && s == "" {
		return "", invalid("%s cannot be empty.", label)
	}
	if n := utf8.RuneCountInString(s); n > max {
		return "", invalid("%s must be at most %d characters (it has %d).", label, max, n)
	}
	if !utf8.ValidString(s) {
		return "", invalid("%s contains characters that are not text.", label)
	}
	if HasHiddenControl(s, multiline) {
		return "", invalid("%s contains a control character. Please remove it.", label)
	}
	return s, nil
}

// Field checks the form's text field key with Clean and keeps the tidied text in *dst,
// or notes in f what is wrong with it.
func Field(f *fault.Fields, key, label string, dst *string, max int, required, multiline bool) {
	s, err := Clean(label, *dst, max, required, multiline)
	if err != nil {
		f.Add(key, "%s", err.(*fault.Error).Message)
		return
	}
	*dst = s
}

func invalid(format string, args ...any) *fault.Error {
	return &fault.Error{Kind: fault.Invalid, Message: fmt.Sprintf(format, args...)}
}
