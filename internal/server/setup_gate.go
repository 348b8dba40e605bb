package server

import (
	"net/http"
	"strings"

	"tourbook/internal/httpx"
)

// untilSetUp answers every request of a site without an administrator with "This site
// is being set up" (the page, or JSON for the API, 503 with Retry-After), but for what
// the first administrator needs: the setup page and its call, the static files, and
// the health checks. gate nil: the site is always set up.
func untilSetUp(gate SetupGate, settingUp http.HandlerFunc, fail func(http.ResponseWriter, *http.Request, error)) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		if gate == nil {
			return next
		}
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if setupExempt(r.URL.Path) {
				next.ServeHTTP(w, r)
				return
			}
			pending, err := gate.Pending(r.Context())
			switch {
			case err != nil:
				fail(w, r, err)
			case !pending:
				next.ServeHTTP(w, r)
			case strings.HasPrefix(r.URL.Path, "/api/"):
				w.Header().Set("Retry-After", "3600")
				fail(w, r, httpx.Errorf(http.StatusServiceUnavailable, "This site is being set up. Please come back later."))
			default:
				settingUp(w, r)
			}
		})
	}
}

// setupExempt reports whether path is served while the site waits for its first
// administrator.
func setupExempt(path string) bool {
	for _, prefix := range []string{"/setup/", "/api/v1/setup", "/assets/", "/img/"} {
		if strings.HasPrefix(path, prefix) {
			return true
		}
	}
	return path == "/favicon.svg" || path == "/healthz" || path == "/readyz"
}
