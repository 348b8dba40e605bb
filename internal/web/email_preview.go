package web

import (
	"crypto/sha256"
	"encoding/base64"
	"net/mail"
	"strings"

	"golang.org/x/net/html"
)

// emailAddressPart keeps a recipient filter to what an address may hold.
func emailAddressPart(s string) string {
	s = strings.TrimSpace(s)
	if a, err := mail.ParseAddress(s); err == nil && strings.Contains(s, "<") {
		return a.Address
	}
	return s
}

// maxStyleHashes bounds the page's CSP header: an email with more distinct inline styles
// is shown without them.
const maxStyleHashes = 200

// EmailPreviewCSP is the Content-Security-Policy of the page that shows an email. Its
// HTML is shown in an <iframe sandbox srcdoc>: the sandbox (no allowances) runs no script,
// submits no form and gives the frame an opaque origin, and the frame inherits this
// policy, which lets in no script, images only from the site itself (a tracking pixel or
// any remote picture is never fetched) and, of styles, only the email's own inline ones,
// by their hashes, so the page itself accepts no other inline style.
func EmailPreviewCSP(htmlBody string) string {
	styles := []string{"'self'"}
	if hashes := styleHashes(htmlBody); len(hashes) > 0 && len(hashes) <= maxStyleHashes {
		styles = append(styles, "'unsafe-hashes'")
		styles = append(styles, hashes...)
	}
	return strings.Join([]string{
		"default-src 'self'",
		"script-src 'self'",
		"style-src " + strings.Join(styles, " "),
		"img-src 'self' data:",
		"font-src 'self'",
		"connect-src 'self'",
		"frame-src 'self'",
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}, "; ")
}

// styleHashes are the CSP hashes of every style attribute and <style> element of an
// HTML document, each once.
func styleHashes(doc string) []string {
	root, err := html.Parse(strings.NewReader(doc))
	if err != nil {
		return nil
	}
	seen := map[string]bool{}
	var out []string
	add := func(css string) {
		sum := sha256.Sum256([]byte(css))
		h := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
		if !seen[h] {
			seen[h] = true
			out = append(out, h)
		}
	}
	for n := range root.Descendants() {
		if n.Type != html.ElementNode {
			continue
		}
		for _, a := range n.Attr {
			if a.Namespace == "" && a.Key == "style" {
				add(a.Val)
			}
		}
		if n.Data == "style" && n.FirstChild != nil && n.FirstChild.Type == html.TextNode {
			add(n.FirstChild.Data)
		}
	}
	return out
}
