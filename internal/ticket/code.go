package ticket

import (
	"crypto/rand"
	"strings"
)

// Alphabet is Crockford's base 32: digits and capitals without I, L, O and U, so a code
// read aloud or typed from a phone screen has no look-alikes; Parse reads I and L as 1
// and O as 0, as Crockford's decoding does.
const Alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// Length is a code's number of characters: 12 × 5 = 60 random bits, so guessing one
// valid code among a million tickets takes about 10^12 tries on average; the check-in
// API is open only to guides of the departure.
const Length = 12

// group is how many characters Format puts between dashes.
const group = 4

// NewCode returns a random canonical code from crypto/rand.
func NewCode() string {
	var b [Length]byte
	_, _ = rand.Read(b[:]) // never fails (crypto/rand documents it)
	for i := range b {
		// 256 is a multiple of 32: every character is equally likely.
		b[i] = Alphabet[b[i]%32]
	}
	return string(b[:])
}

// Format writes a canonical code for people: "7KQ4-M2XD-9TWP".
func Format(code string) string {
	var b strings.Builder
	for i := 0; i < len(code); i += group {
		if i > 0 {
			b.WriteByte('-')
		}
		b.WriteString(code[i:min(i+group, len(code))])
	}
	return b.String()
}

// maxInput bounds what Parse reads: a code with generous spacing, not a document.
const maxInput = 64

// Parse reads a code as a person types or a scanner reads it: case, spaces and dashes
// do not matter, and I, L and O are read as 1, 1 and 0. It returns the canonical code,
// or ErrMalformed.
func Parse(s string) (string, error) {
	if len(s) > maxInput {
		return "", ErrMalformed
	}
	out := make([]byte, 0, Length)
	for _, r := range s {
		switch {
		case r == ' ' || r == '-' || r == '\t' || r == '\n' || r == '\r' || r == '\u00a0' || r == '\u2010' || r == '\u2013':
			continue
		case r >= 'a' && r <= 'z':
			r -= 'a' - 'A'
		}
		switch r {
		case 'O':
			r = '0'
		case 'I', 'L':
			r = '1'
		}
		if r > 0x7f || strings.IndexByte(Alphabet, byte(r)) < 0 || len(out) == Length {
			return "", ErrMalformed
		}
		out = append(out, byte(r))
	}
	if len(out) != Length {
		return "", ErrMalformed
	}
	return string(out), nil
}
