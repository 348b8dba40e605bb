package plaintext

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// PhoneHint is what a phone number that IsPhone refuses should look like.
const PhoneHint = "use digits, spaces and + ( ) -, e.g. +44 20 7946 0958"

// IsPhone reports whether p reads as a phone number a person can call: ASCII digits
// with the usual separators, 6 to 20 digits. A booking's contact phone and every phone a
// traveller gives are checked by it.
func IsPhone(p string) bool {
	digits := 0
	for _, r := range p {
		switch {
		case unicode.IsDigit(r) && r < utf8.RuneSelf:
			digits++
		case strings.ContainsRune(" +()-./", r):
		default:
			return false
		}
	}
	return digits >= 6 && digits <= 20 && len(p) <= 40
}
