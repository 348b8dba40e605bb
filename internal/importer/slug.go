package importer

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// foldings are letters that do not decompose into an ASCII letter plus accents.
var foldings = map[rune]string{
	'ß': "ss", 'æ': "ae", 'œ': "oe", 'ø': "o", 'ł': "l", 'đ': "d", 'ð': "d", 'þ': "th", 'ı': "i",
}

// slugify makes a URL path segment from a tour name: lower case, accents dropped
// ("Þingvellir & Geysir" -> "thingvellir-geysir"), anything else collapsed into single
// dashes. A name with no Latin letters or digits at all gets "tour".
func slugify(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range norm.NFD.String(strings.ToLower(name)) {
		switch {
		case unicode.Is(unicode.Mn, r): // a combining accent, dropped
			continue
		case r == '\'' || r == '’': // "Japan's" -> "japans"
			continue
		case 'a' <= r && r <= 'z' || '0' <= r && r <= '9':
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		case foldings[r] != "":
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteString(foldings[r])
		default:
			dash = true
		}
	}
	if b.Len() == 0 {
		return "tour"
	}
	return b.String()
}
