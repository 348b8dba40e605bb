package booking

import (
	"crypto/rand"
	"strings"

	"tourbook/internal/fold"
)

// A booking's reference is what its traveller reads out on the phone: "TB-7KQ4M2".
const (
	ReferencePrefix = "TB-"
	// ReferenceAlphabet has no 0, O, 1, I or L: nothing in a reference looks or sounds
	// like another of its characters.
	ReferenceAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
	// ReferenceLength is the characters after the prefix: 31^6, about 887 million
	// references, so at a million bookings a new one is taken once in about 900 draws
	// and the store draws again.
	ReferenceLength = 6
)

// NewReference returns a random reference from crypto/rand. The store gives one to
// every booking it writes (unique, by an index) and to older bookings at start-up.
func NewReference() string {
	const n = len(ReferenceAlphabet)
	// Bytes at or above the largest multiple of 31 are drawn again, so that every
	// character is equally likely.
	const limit = 256 - 256%n
	out := []byte(ReferencePrefix)
	var buf [16]byte
	for len(out) < len(ReferencePrefix)+ReferenceLength {
		_, _ = rand.Read(buf[:]) // never fails (crypto/rand documents it)
		for _, c := range buf {
			if int(c) < limit && len(out) < len(ReferencePrefix)+ReferenceLength {
				out = append(out, ReferenceAlphabet[int(c)%n])
			}
		}
	}
	return string(out)
}

// SearchDoc is what a booking is found by in the back office, folded (internal/fold)
// and stored with the booking by the store on every write that changes it:
//   - Names: names and email addresses, folded, each field apart (" | "), matched by
//     any part;
//   - Codes: the reference (with and without its prefix) and the ticket code, compact,
//     each a word after a space, matched from a word's start;
//   - Phones: phone numbers as their digits, each after a space, matched by any part.
type SearchDoc struct {
	Names, Codes, Phones string
}

// NewSearchDoc folds a booking's fields into its SearchDoc; empty fields are left out.
func NewSearchDoc(reference, ticketCode string, names, phones []string) SearchDoc {
	var d SearchDoc
	var n []string
	for _, s := range names {
		if f := fold.Text(s); f != "" {
			n = append(n, f)
		}
	}
	d.Names = strings.Join(n, " | ")
	for _, code := range []string{reference, strings.TrimPrefix(reference, ReferencePrefix), ticketCode} {
		if c := fold.Compact(code); c != "" {
			d.Codes += " " + c
		}
	}
	for _, p := range phones {
		if digits := fold.Digits(p); digits != "" {
			d.Phones += " " + digits
		}
	}
	return d
}

// MaxSearch bounds what a search reads, in characters: a name, an address or a number,
// not a paragraph.
const MaxSearch = 100

// Search is a query in SearchDoc's terms; a field left empty matches nothing. The store
// finds the bookings whose Names contain Text, whose Codes have a word starting with
// Code, or whose Phones contain Digits.
type Search struct {
	Text   string
	Code   string
	Digits string
}

// Empty reports whether s matches nothing at all.
func (s Search) Empty() bool { return s.Text == "" && s.Code == "" && s.Digits == "" }

// minCode and minDigits are the shortest a code's start and a phone number's part
// searched for: fewer characters would find random codes and numbers.
const (
	minCode   = 4
	minDigits = 4
)

// ParseSearch reads what an operator typed into a Search: the text folded; as a code
// when its letters and digits are at least four (a reference or ticket code with or
// without dashes); as a phone number when it is only digits and the marks numbers are
// written with (spaces, dashes, dots, brackets, a plus) and has at least four digits.
func ParseSearch(q string) Search {
	s := Search{Text: fold.Text(q)}
	if c := fold.Compact(q); len(c) >= minCode {
		s.Code = c
	}
	phone := strings.TrimFunc(q, func(r rune) bool { return strings.ContainsRune("0123456789 -.()+/\u00a0", r) }) == ""
	if d := fold.Digits(q); phone && len(d) >= minDigits {
		s.Digits = d
	}
	return s
}
