package web

import (
	"crypto/sha256"
	"encoding/base64"
	"strings"
	"testing"
)

func cspHash(css string) string {
	sum := sha256.Sum256([]byte(css))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

func TestEmailPreviewCSP(t *testing.T) {
	doc := `<style>p{margin:0}</style><p style="color:red">a</p><p style="color:red">b</p>` +
		`<div style="padding:8px &amp; 0">c</div><script>alert(1)</script><img src="https://evil.test/x.png">`
	csp := EmailPreviewCSP(doc)
	want := "style-src 'self' 'unsafe-hashes' " + cspHash("p{margin:0}") + " " + cspHash("color:red") + " " + cspHash("padding:8px & 0") + ";"
	if !strings.Contains(csp, want) {
		t.Errorf("CSP %q\nlacks %q", csp, want)
	}
	for _, want := range []string{"script-src 'self';", "img-src 'self' data:;", "object-src 'none'", "frame-ancestors 'none'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("CSP %q lacks %q", csp, want)
		}
	}
	if plain := EmailPreviewCSP("<p>no styles</p>"); !strings.Contains(plain, "style-src 'self';") {
		t.Errorf("CSP without styles: %q", plain)
	}
	var many strings.Builder
	for i := range maxStyleHashes + 1 {
		many.WriteString(`<p style="order:` + strings.Repeat("1", i+1) + `">x</p>`)
	}
	if tooMany := EmailPreviewCSP(many.String()); strings.Contains(tooMany, "sha256") {
		t.Error("an email with too many styles puts them all in the header")
	}
}
