// Package server assembles the site: every URL in one route table (this file), and the
// middleware every request passes through.
package server

import (
	"io/fs"
	"log/slog"
	"net/http"
	"strings"

	"tourbook/internal/api"
	"tourbook/internal/config"
	"tourbook/internal/httpx"
	"tourbook/internal/media"
	"tourbook/internal/payment"
	"tourbook/internal/web"
)

// sandboxPath is where the sandbox provider's hosted checkout lives.
const sandboxPath = payment.SandboxPath

// Deps is everything the routes need, built by the caller (cmd/tourbook or a test).
type Deps struct {
	Config  config.Config
	Log     *slog.Logger
	Web     *web.Handler
	API     *api.Handler
	Auth    Authenticator
	Sandbox http.Handler // the sandbox provider's hosted checkout; nil with Stripe
	Assets  fs.FS        // the Vite client build
	Images  string       // folder with tours/ and users/ pictures
}

// New returns the site's handler.
func New(d Deps) (http.Handler, error) {
	tileOrigin, err := config.TileOrigin(d.Config.TileURL)
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	w, a := d.Web, d.API

	// Pages (server-rendered React).
	mux.HandleFunc("GET /{$}", w.Overview)
	mux.HandleFunc("GET /tour/{slug}", w.Tour)
	mux.HandleFunc("GET /login", w.Login)
	mux.HandleFunc("GET /signup", w.Signup)
	mux.HandleFunc("GET /me", w.Account)
	mux.HandleFunc("GET /my-tours", w.MyTours)
	mux.HandleFunc("GET /bookings/success", w.BookingSuccess)
	mux.HandleFunc("/", w.NotFound)

	// JSON API: the five calls of SPEC.md §7, sign-up, and the tours. Another method on
	// one of these paths is a 405 that names the right one, not the catch-all's 404.
	jsonRoute := func(method, path string, h http.Handler) {
		mux.Handle(method+" "+path, h)
		mux.Handle(path, methodNotAllowed(d.Log, method))
	}
	jsonRoute("GET", "/api/v1/tours", http.HandlerFunc(a.ListTours))
	jsonRoute("GET", "/api/v1/tours/{id}", http.HandlerFunc(a.GetTour))
	jsonRoute("POST", "/api/v1/users/signup", http.HandlerFunc(a.Signup))
	jsonRoute("POST", "/api/v1/users/login", http.HandlerFunc(a.Login))
	jsonRoute("GET", "/api/v1/users/logout", sameSiteOnly(d.Log, a.Logout))
	jsonRoute("PATCH", "/api/v1/users/updateMe", http.HandlerFunc(a.UpdateMe))
	jsonRoute("PATCH", "/api/v1/users/updateMyPassword", http.HandlerFunc(a.UpdateMyPassword))
	jsonRoute("GET", "/api/v1/bookings/checkout-session/{tourId}", sameSiteOnly(d.Log, a.CheckoutSession))
	mux.HandleFunc("/api/", a.NotFound)

	// Payments: the provider's webhook, and the sandbox's hosted checkout.
	jsonRoute("POST", "/webhook-checkout", http.HandlerFunc(a.Webhook))
	if d.Sandbox != nil {
		mux.Handle(sandboxPath, d.Sandbox)
	}

	// Static files.
	mux.Handle("GET /assets/", assets(d.Assets))
	mux.Handle("GET /favicon.svg", assets(d.Assets))
	for _, img := range []struct{ sub, fallback string }{
		{"tours", media.DefaultTourPicture}, {"users", media.DefaultPhoto},
	} {
		h, err := images(d.Images, img.sub, img.fallback)
		if err != nil {
			return nil, err
		}
		mux.Handle("GET /img/"+img.sub+"/{file}", h)
	}
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		httpx.OK(w, nil)
	})

	// Cross-origin state changes are refused on top of the SameSite cookie: browsers say
	// where a request comes from in Sec-Fetch-Site (or Origin); the two state-changing
	// GETs are guarded above with sameSiteOnly. The webhook is called by
	// the payment provider's servers and proves itself with its signature instead.
	// An error raised outside a handler answers in the address's own kind: JSON for the
	// API, the error page for the rest.
	fail := func(rw http.ResponseWriter, r *http.Request, err error) {
		if strings.HasPrefix(r.URL.Path, "/api/") {
			httpx.Fail(rw, r, d.Log, err)
			return
		}
		w.Error(rw, r, err)
	}
	cop := http.NewCrossOriginProtection()
	cop.AddInsecureBypassPattern("POST /webhook-checkout")
	cop.SetDenyHandler(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		fail(rw, r, httpx.Errorf(http.StatusForbidden, "This request came from another site and was refused. Please use the form on this site."))
	}))

	return chain(mux,
		requestID,
		logRequests(d.Log),
		securityHeaders(tileOrigin, d.Config.Secure()),
		recoverPanics(d.Log, fail),
		cop.Handler,
		loadSession(d.Auth, d.API.Cookies, d.Log),
	), nil
}
