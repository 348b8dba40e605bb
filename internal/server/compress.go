package server

import (
	"net/http"

	"github.com/klauspost/compress/gzhttp"
)

// compressMinSize: below about a kilobyte a compressed answer saves less than the
// round trip of its framing, and small JSON answers are most of the API's.
const compressMinSize = 1024

// compressedTypes are what is worth compressing on the fly: pages, JSON, text. Pictures
// are compressed formats already; built assets are compressed at build time (static.go).
var compressedTypes = []string{
	"text/html", "application/json", "text/plain", "text/csv", "text/calendar",
	"text/css", "text/javascript", "image/svg+xml",
}

// compress answers in zstd or gzip (github.com/klauspost/compress, whichever the client
// prefers; zstd on a tie: faster and smaller) when the body is one of compressedTypes
// and at least compressMinSize bytes. An answer that names its Content-Encoding itself
// (the page cache's compressed copies) passes through, and so do files, which the
// static handlers serve with their own encodings and caching.
//
// BREACH (reading a secret out of compressed sizes) needs a secret in the same body as
// text an attacker chooses. Pages carry none: sessions are HttpOnly cookies, there are no
// CSRF tokens (CrossOriginProtection checks Sec-Fetch-Site and Origin instead), and a
// reset link's token is only in the address its holder already has.
func compress() (func(http.Handler) http.Handler, error) {
	wrap, err := gzhttp.NewWrapper(
		gzhttp.MinSize(compressMinSize),
		gzhttp.ContentTypes(compressedTypes),
	)
	if err != nil {
		return nil, err
	}
	return func(next http.Handler) http.Handler {
		compressed := wrap(next)
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if isStatic(r.URL.Path) {
				next.ServeHTTP(w, r)
				return
			}
			compressed.ServeHTTP(w, r)
		})
	}, nil
}
