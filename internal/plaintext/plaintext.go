// Package plaintext says what a person may type into a name, a description or a review:
// text, without the characters that change how the text around them is shown instead of
// being shown themselves.
package plaintext

import (
	"strings"
	"unicode"
)

// IsHiddenControl matches C0/C1 controls, the line and paragraph separators, and the
// bidirectional marks, embeddings, overrides and isolates, which can make a name or a
// review read as something other than what it is (and a NUL is refused by PostgreSQL).
func IsHiddenControl(r rune) bool {
	return unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || unicode.Is(unicode.Bidi_Control, r)
}

// HasHiddenControl reports whether s holds such a character; multiline text may hold
// newlines, carriage returns and tabs.
func HasHiddenControl(s string, multiline bool) bool {
	return strings.ContainsFunc(s, func(r rune) bool {
		if multiline && (r == '\n' || r == '\r' || r == '\t') {
			return false
		}
		return IsHiddenControl(r)
	})
}
