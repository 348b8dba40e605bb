package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/httpx"
	"tourbook/internal/web"
)

// isStatic reports whether path is a file that is the same for every visitor (the
// brand's style sheet too: a few bytes, never worth compressing).
func isStatic(path string) bool {
	return strings.HasPrefix(path, "/assets/") || strings.HasPrefix(path, "/img/") || path == "/favicon.svg" || path == web.BrandStylePath
}

// chain applies middleware so that the first one listed runs first.
func chain(h http.Handler, mw ...func(http.Handler) http.Handler) http.Handler {
	for i := len(mw) - 1; i >= 0; i-- {
		h = mw[i](h)
	}
	return h
}

// requestID gives every request an id for the logs and the X-Request-Id header.
func requestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b [8]byte
		_, _ = rand.Read(b[:])
		id := hex.EncodeToString(b[:])
		w.Header().Set("X-Request-Id", id)
		next.ServeHTTP(w, r.WithContext(httpx.WithRequestID(r.Context(), id)))
	})
}

type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += n
	return n, err
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// routeKey carries, from logRequests to routed, where to note the route pattern that
// took the request: the mux sets Request.Pattern on the request it is given, which the
// middleware in between has copied.
type routeKey struct{}

// routed notes the pattern the mux chose for the request (for logs and metrics).
func routed(mux *http.ServeMux) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mux.ServeHTTP(w, r)
		if p, ok := r.Context().Value(routeKey{}).(*string); ok {
			*p = r.Pattern
		}
	})
}

// logRequests logs one line per request, and tells obs (when not nil) its route pattern,
// status and time: patterns, never paths, so the metrics' labels stay few. The query
// string is left out: it can carry a checkout session id, and nothing in it is needed
// to run the site.
func logRequests(log *slog.Logger, obs RequestObserver) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			if obs != nil {
				obs.RequestStarted()
			}
			route := new(string)
			r = r.WithContext(context.WithValue(r.Context(), routeKey{}, route))
			sw := &statusWriter{ResponseWriter: w}
			next.ServeHTTP(sw, r)
			if sw.status == 0 {
				sw.status = http.StatusOK // a handler that wrote nothing answered 200
			}
			took := time.Since(start)
			if obs != nil {
				obs.RequestDone(*route, sw.status, took)
			}
			level := slog.LevelInfo
			if isStatic(r.URL.Path) {
				level = slog.LevelDebug
			}
			path := r.URL.Path
			if strings.HasPrefix(path, sandboxPath) {
				// A sandbox checkout's id is enough to pay it: keep it out of the logs.
				path = sandboxPath + "…"
			}
			log.LogAttrs(r.Context(), level, "request",
				slog.String("request_id", httpx.RequestID(r.Context())),
				slog.String("method", r.Method), slog.String("path", path),
				slog.Int("status", sw.status), slog.Int("bytes", sw.bytes),
				slog.Duration("duration", took))
		})
	}
}

// deadline bounds the work done for a request: when the database or the payment provider
// stops answering, the request's context ends, and the page answers 503 instead of
// hanging. Uploads (multipart forms) are left to the server's 60 s read and write
// limits: their time is mostly the picture's processing, which does not watch the
// context, so a deadline would only throw that work away at the end. d <= 0 sets no limit.
func deadline(d time.Duration) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		if d <= 0 {
			return next
		}
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/form-data") {
				next.ServeHTTP(w, r)
				return
			}
			ctx, cancel := context.WithTimeout(r.Context(), d)
			defer cancel()
			next.ServeHTTP(w, r.WithContext(ctx))
		})
	}
}

// readyz answers 200 when ready says the site can serve, else 503 with the reason (a
// short public sentence; the cause goes to the log).
func readyz(ready func(context.Context) error, log *slog.Logger) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if ready != nil {
			if err := ready(r.Context()); err != nil {
				httpx.Fail(w, r, log, err)
				return
			}
		}
		httpx.OK(w, nil)
	}
}

// recoverPanics turns a panic into a logged 500 instead of a dropped connection.
func recoverPanics(log *slog.Logger, onPanic func(http.ResponseWriter, *http.Request, error)) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			defer func() {
				v := recover()
				if v == nil {
					return
				}
				if v == http.ErrAbortHandler {
					panic(v)
				}
				log.Error("panic", "request_id", httpx.RequestID(r.Context()), "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
				onPanic(w, r, fmt.Errorf("panic: %v", v))
			}()
			next.ServeHTTP(w, r)
		})
	}
}

// securityHeaders sets the headers every answer carries. The CSP allows scripts, styles
// and connections only from the site itself, and images from the site and the map's tile
// server: nothing else may load (the sandbox checkout page sets its own, stricter one).
func securityHeaders(tileOrigin string, https bool) func(http.Handler) http.Handler {
	csp := strings.Join([]string{
		"default-src 'self'",
		"script-src 'self'",
		"style-src 'self'",
		"img-src 'self' data: " + tileOrigin,
		"font-src 'self'",
		"connect-src 'self'",
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}, "; ")
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			h := w.Header()
			if h.Get("Content-Security-Policy") == "" {
				h.Set("Content-Security-Policy", csp)
			}
			h.Set("X-Content-Type-Options", "nosniff")
			h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
			h.Set("X-Frame-Options", "DENY")
			h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
			if https {
				h.Set("Strict-Transport-Security", "max-age=31536000")
			}
			next.ServeHTTP(w, r)
		})
	}
}

// Authenticator resolves a session token to its user.
type Authenticator interface {
	Authenticate(ctx context.Context, token string) (account.User, account.Session, error)
}

// loadSession puts the signed-in user in the request context. A stale or unknown cookie
// is cleared, so the browser stops sending it.
func loadSession(auth Authenticator, cookies httpx.Cookies, log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			token := cookies.Token(r)
			// Files are the same for everyone: a page's dozen pictures must not cost a
			// dozen session lookups.
			if token == "" || isStatic(r.URL.Path) {
				next.ServeHTTP(w, r)
				return
			}
			u, _, err := auth.Authenticate(r.Context(), token)
			switch {
			case err == nil:
				r = r.WithContext(httpx.WithUser(r.Context(), u, token))
			case errors.Is(err, account.ErrNotFound):
				cookies.Clear(w)
			case errors.Is(err, context.Canceled):
				// The client went away: the handler answers 499 for the log line.
			default:
				// The database is down: serve the page as a visitor rather than fail it;
				// pages that need the user will send them to log in.
				log.Error("load session", "request_id", httpx.RequestID(r.Context()), "error", err)
			}
			next.ServeHTTP(w, r)
		})
	}
}

// sameSiteOnly guards the two GETs that change state (SPEC.md has logout and the checkout
// session as GETs): CrossOriginProtection lets every GET through, so these refuse a
// request the browser says came from another site. Requests without the header (other
// clients than browsers) pass, as they do with CrossOriginProtection.
func sameSiteOnly(log *slog.Logger, next http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if httpx.CrossSite(r) {
			httpx.Fail(w, r, log, httpx.Errorf(http.StatusForbidden,
				"This request came from another site and was refused. Please use the buttons on this site."))
			return
		}
		next(w, r)
	})
}

// methodNotAllowed answers a method a JSON route does not take, naming the ones it does.
func methodNotAllowed(log *slog.Logger, allowed ...string) http.Handler {
	allow := slices.Clone(allowed)
	if slices.Contains(allowed, http.MethodGet) {
		allow = append(allow, http.MethodHead)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Allow", strings.Join(allow, ", "))
		httpx.Fail(w, r, log, httpx.Errorf(http.StatusMethodNotAllowed,
			"This address takes "+strings.Join(allowed, " or ")+" requests only."))
	})
}
