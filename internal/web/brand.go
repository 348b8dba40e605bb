package web

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"

	"tourbook/internal/business"
)

// The brand colour reaches the pages as a small style sheet of its own, /brand.css,
// linked after the site's: the Content-Security-Policy allows styles from the site only
// (no inline <style>), and the sheet's address carries its content's hash, so browsers
// keep it for good and a new colour is a new address. A site in the default colour
// links none.

// BrandStylePath is the brand style sheet's address.
const BrandStylePath = "/brand.css"

// brandVersion is the short hash of css that its address carries.
func brandVersion(css string) string {
	sum := sha256.Sum256([]byte(css))
	return hex.EncodeToString(sum[:6])
}

// brandStyleSheet is the address of p's brand style sheet, "" when it needs none.
func brandStyleSheet(p business.Profile) string {
	css := p.BrandCSS()
	if css == "" {
		return ""
	}
	return BrandStylePath + "?v=" + brandVersion(css)
}

// BrandStyle is /brand.css: the variables that paint the pages in the business's
// colour (business.Profile.BrandCSS; empty for the default colour). Asked for with the
// current version it is cached for a year; otherwise (an old page's address after a
// change) it answers the current sheet, revalidated each time.
func (h *Handler) BrandStyle(w http.ResponseWriter, r *http.Request) {
	css := h.profile(r).BrandCSS()
	w.Header().Set("Content-Type", "text/css; charset=utf-8")
	if v := r.URL.Query().Get("v"); v != "" && v == brandVersion(css) {
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		w.Header().Set("Cache-Control", "no-cache")
	}
	_, _ = io.WriteString(w, css)
}
