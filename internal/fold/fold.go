// Package fold turns text into the form it is searched by, so that what an operator
// types on the phone matches what a customer typed on the site: case and accents do
// not matter ("Zoe" and "zoë" find "ZOË"), nor punctuation between words. The store
// keeps each booking's fields folded (internal/booking's SearchDoc) and the search
// folds the query the same way, so matching is a plain LIKE on either database, with
// no collation or extension.
package fold

import (
	"strings"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// kept are the marks Text keeps between letters and digits: they belong to email
// addresses (zoe.m+tours@example.com), which are searched in part.
const kept = "@._+"

// letters that Unicode does not decompose into a base letter and a mark, written as a
// person without the letter on their keyboard writes them.
var letters = map[rune]string{
	'ø': "o", 'ł': "l", 'đ': "d", 'ð': "d", 'æ': "ae", 'œ': "oe", 'þ': "th", 'ħ': "h", 'ı': "i",
	'ŀ': "l", 'ŧ': "t", 'ƒ': "f", 'ĸ': "k", 'ŉ': "n",
}

var folder = cases.Fold()

// Text folds s: Unicode case folding (ß is ss), compatibility decomposition with the
// accents dropped (ë is e, ﬁ is fi, a full-width Ａ is a), the letters above spelt out,
// apostrophes dropped (O'Brien is obrien), and every other run of characters that is
// neither a letter, a digit nor one of @ . _ + made one space, trimmed at both ends.
// Bytes that are not UTF-8 count as a space. Text(Text(s)) == Text(s).
func Text(s string) string {
	// Bytes that are not UTF-8 separate words, as any other mark would.
	s = strings.ToValidUTF8(s, " ")
	// Folding and decomposing each can make what the other changes (ϲ decomposes to
	// ς, which folds to σ): repeated until neither does, which takes two rounds.
	for range 4 {
		t := norm.NFKD.String(folder.String(s))
		if t == s {
			break
		}
		s = t
	}
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Mn, r) || r == '\'' || r == '’' || r == 'ʼ' || r == '`' || r == '´':
			continue
		case letters[r] != "":
			b.WriteString(space1(&space, b.Len()))
			b.WriteString(letters[r])
		case unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune(kept, r):
			b.WriteString(space1(&space, b.Len()))
			b.WriteRune(r)
		default:
			space = true
		}
	}
	return b.String()
}

// space1 is the one space owed before the next character written: none at the start.
func space1(owed *bool, written int) string {
	if *owed && written > 0 {
		*owed = false
		return " "
	}
	*owed = false
	return ""
}

// Compact is Text with only letters and digits kept: a booking reference or a ticket
// code as read aloud or copied with its dashes ("TB-7KQ4M2", "7kq4 m2xd") is
// "tb7kq4m2", "7kq4m2xd".
func Compact(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return r
		}
		return -1
	}, Text(s))
}

// Digits is the ASCII digits of s, anything else left out: a phone number as it was
// written ("+44 20 7946-0958") is "442079460958". Full-width digits count (they
// decompose to ASCII ones); digits of other scripts do not.
func Digits(s string) string {
	var b strings.Builder
	for _, r := range norm.NFKD.String(s) {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}
