package httpx

import (
	"net/http"
	"time"
)

// Cookies sets and reads the session cookie: HttpOnly (scripts never see the token),
// SameSite=Lax (not sent on cross-site sub-requests), and Secure with the __Host- prefix
// when the site is served over HTTPS, which also pins it to this exact host.
type Cookies struct {
	Secure bool
}

func (c Cookies) name() string {
	if c.Secure {
		return "__Host-tourbook_session"
	}
	return "tourbook_session"
}

// Token is the session token the browser sent, or "".
func (c Cookies) Token(r *http.Request) string {
	ck, err := r.Cookie(c.name())
	if err != nil {
		return ""
	}
	return ck.Value
}

// Set stores a new session token in the browser for maxAge (the session's lifetime).
func (c Cookies) Set(w http.ResponseWriter, token string, maxAge time.Duration) {
	http.SetCookie(w, &http.Cookie{
		Name: c.name(), Value: token, Path: "/",
		MaxAge: int(maxAge.Seconds()), HttpOnly: true, Secure: c.Secure,
		SameSite: http.SameSiteLaxMode,
	})
}

// Clear removes the session cookie from the browser.
func (c Cookies) Clear(w http.ResponseWriter) {
	http.SetCookie(w, &http.Cookie{
		Name: c.name(), Value: "", Path: "/", MaxAge: -1, HttpOnly: true, Secure: c.Secure,
		SameSite: http.SameSiteLaxMode,
	})
}
