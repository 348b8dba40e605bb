package giftcard

import (
	"crypto/rand"
	"strings"

	"tourbook/internal/fault"
)

// A code is CodeLength symbols of Crockford's base 32 (no I, L, O or U, so nothing reads
// as something else): 15 random ones (75 bits, beyond guessing) and a check symbol
// (a weighted sum in the field GF(32), weights the powers of its generator), which
// catches any single mistyped symbol and any swap of two different neighbours, so a typo is refused before the database is asked. It is written in groups
// of four: "7KQ4-M2XW-9D3F-HT6R".
const (
	alphabet   = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
	randomLen  = 15
	CodeLength = randomLen + 1
)

// Errors of a code that cannot be a card's, before any lookup.
var (
	ErrCodeShape = fault.New(fault.Invalid, "gift card code malformed",
		"A gift card code has 16 letters and digits, like 7KQ4-M2XW-9D3F-HT6R. Please check the code on the card.")
	ErrCodeTypo = fault.New(fault.Invalid, "gift card code check symbol wrong",
		"That gift card code has a typo: please check it against the card.")
)

// NewCode draws a random code.
func NewCode() string {
	var b [randomLen]byte
	_, _ = rand.Read(b[:]) // never fails (crypto/rand documents it)
	var sb strings.Builder
	for _, c := range b {
		sb.WriteByte(alphabet[c&31])
	}
	body := sb.String()
	return body + string(alphabet[checkSymbol(body)])
}

// ParseCode reads a code as a person types it: any case, with or without dashes and
// spaces, O read as 0 and I or L as 1. It returns the code in its stored form (16
// symbols, no dashes), or ErrCodeShape or ErrCodeTypo.
func ParseCode(s string) (string, error) {
	if len(s) > 64 {
		return "", ErrCodeShape
	}
	var sb strings.Builder
	for _, r := range strings.ToUpper(s) {
		switch r {
		case '-', ' ', '\t':
			continue
		case 'O':
			r = '0'
		case 'I', 'L':
			r = '1'
		}
		if r > 127 || strings.IndexByte(alphabet, byte(r)) < 0 {
			return "", ErrCodeShape
		}
		sb.WriteRune(r)
	}
	code := sb.String()
	if len(code) != CodeLength {
		return "", ErrCodeShape
	}
	if alphabet[checkSymbol(code[:randomLen])] != code[randomLen] {
		return "", ErrCodeTypo
	}
	return code, nil
}

// Format writes a stored code in groups of four.
func Format(code string) string {
	var sb strings.Builder
	for i := 0; i < len(code); i += 4 {
		if i > 0 {
			sb.WriteByte('-')
		}
		sb.WriteString(code[i:min(i+4, len(code))])
	}
	return sb.String()
}

// Last4 is how a code is named where the whole must not show (the checkout, logs).
func Last4(code string) string {
	if len(code) < 4 {
		return code
	}
	return code[len(code)-4:]
}

// checkSymbol is the check symbol's value for body (symbols of alphabet): the sum, in
// GF(32) (x⁵+x²+1), of each symbol times a distinct power of the generator x. A symbol
// changed by e changes it by e·xⁱ ≠ 0; neighbours a ≠ b swapped change it by
// (a+b)·xⁱ·(1+x) ≠ 0. (Luhn mod 32 misses a 0 swapped with a Z.)
func checkSymbol(body string) int {
	sum, weight := 0, 2 // x; the check symbol itself has weight 1
	for i := len(body) - 1; i >= 0; i-- {
		sum ^= gfMul(weight, strings.IndexByte(alphabet, body[i]))
		weight = gfMul(weight, 2)
	}
	return sum
}

// gfMul multiplies in GF(32) modulo x⁵+x²+1.
func gfMul(a, b int) int {
	p := 0
	for b > 0 {
		if b&1 != 0 {
			p ^= a
		}
		b >>= 1
		a <<= 1
		if a&32 != 0 {
			a ^= 0b100101
		}
	}
	return p
}
