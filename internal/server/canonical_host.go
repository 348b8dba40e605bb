package server

import (
	"net"
	"net/http"
	"net/url"
	"strings"

	"tourbook/internal/httpx"
)

// canonicalHost sends every request that arrived under another host name than the base
// URL's to the base URL, before any session is looked at: a session cookie belongs to
// one host name, and the links the site makes (the checkout's return, emails) all name
// the base URL, so a visitor on another name (127.0.0.1 for localhost, an IP address for
// the public name) would be signed out halfway through, after paying.
//
// GET and HEAD are redirected with 308. Other methods are refused with 421 Misdirected
// Request and are not forwarded: a 308 would make the client send the same body (a
// password, a card payment's form) again to the other host, where a browser arrives
// cross-site, without the session cookie and refused by CrossOriginProtection anyway.
// Refusing does nothing, says where the site is, and no browser sends such a request
// from a page that was itself redirected first.
//
// The health checks and the payment provider's webhook answer under any name: load
// balancers probe instances by address, and the webhook proves itself with its
// signature and uses no session.
func canonicalHost(base *url.URL, fail func(http.ResponseWriter, *http.Request, error)) func(http.Handler) http.Handler {
	if base == nil {
		return func(next http.Handler) http.Handler { return next }
	}
	want := hostKey(base.Scheme, base.Host)
	origin := base.Scheme + "://" + base.Host
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if hostKey(base.Scheme, r.Host) == want || anyHost(r) {
				next.ServeHTTP(w, r)
				return
			}
			if r.Method == http.MethodGet || r.Method == http.MethodHead {
				http.Redirect(w, r, origin+r.URL.RequestURI(), http.StatusPermanentRedirect)
				return
			}
			fail(w, r, httpx.Errorf(http.StatusMisdirectedRequest,
				"This site's address is "+origin+". Please open it there and try again."))
		})
	}
}

// anyHost reports whether r may be answered under any host name.
func anyHost(r *http.Request) bool {
	switch r.URL.Path {
	case "/healthz", "/readyz":
		return r.Method == http.MethodGet || r.Method == http.MethodHead
	case "/webhook-checkout":
		return r.Method == http.MethodPost
	}
	return false
}

// hostKey is host (a Host header or a URL's host) in one spelling: lower case, without
// the scheme's default port.
func hostKey(scheme, host string) string {
	host = strings.ToLower(host)
	if h, port, err := net.SplitHostPort(host); err == nil {
		if (scheme == "http" && port == "80") || (scheme == "https" && port == "443") {
			if strings.Contains(h, ":") {
				return "[" + h + "]"
			}
			return h
		}
	}
	return host
}
