// Package web holds the page handlers: each loads what its page needs, builds the page's
// props (built by internal/view) and asks the SSR renderer for the HTML.
package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/booking"
	"tourbook/internal/business"
	"tourbook/internal/httpx"
	"tourbook/internal/ssr"
	"tourbook/internal/tour"
	"tourbook/internal/view"
)

// Store is what the pages read.
type Store interface {
	ListTours(ctx context.Context, now time.Time) ([]tour.Tour, error)
	TourBySlug(ctx context.Context, slug string, now time.Time) (tour.Tour, error)
	UserBookings(ctx context.Context, userID string) ([]booking.Booking, error)
	// BookedTours are the tours of the user's bookings, whatever their status now.
	BookedTours(ctx context.Context, userID string, now time.Time) ([]tour.Tour, error)
	// SlugRedirect is the current slug of a renamed tour's old one, or tour.ErrNotFound.
	SlugRedirect(ctx context.Context, slug string) (string, error)
}

// ResetLinks tells whether a password reset link still works (account.Resets).
type ResetLinks interface {
	Usable(ctx context.Context, token string) (bool, error)
}

// FirstStart is a new site's setup (useradmin.Setup).
type FirstStart interface {
	Usable(ctx context.Context, token string) (bool, error)
}

// Renderer turns a page and its props into a whole HTML document.
type Renderer interface {
	Write(ctx context.Context, w io.Writer, doc ssr.Document) error
}

// Confirmer settles the returns from the payment provider's checkout: paid, or cancelled.
type Confirmer interface {
	ConfirmReturn(ctx context.Context, user account.User, checkoutID string) (booking.Booking, string, error)
	CancelReturn(ctx context.Context, user account.User, bookingID string) error
	// ContinueCheckout is the open checkout of the user's unpaid booking.
	ContinueCheckout(ctx context.Context, user account.User, bookingID string) (string, error)
}

// Handler serves the pages.
type Handler struct {
	Store      Store
	Renderer   Renderer
	Bookings   Confirmer
	Catalog    Catalog
	Office     BackOffice
	Collect    Collector
	Rebook     Rebook
	Refunds    OwnBookings
	Outbox     Outbox
	Moderation Moderation
	Users      UserAdmin
	Departures Departures
	Resets     ResetLinks
	FirstStart FirstStart
	// Calendars writes the .ics of a traveller's booking.
	Calendars Calendars
	Waitlist  WaitlistPlaces // nil: no waiting lists shown
	Reviews   Reviewing      // nil: no review form
	Tickets   Tickets
	// Receipts are the bookings' receipts and credit notes (receipt.Service).
	Receipts Receipts
	// Site is the configuration every page receives (the map's tiles); the business's
	// name, logo and contact are filled in from Business at each render.
	Site view.SiteConfig
	// BaseURL is the site's public address without a trailing slash
	// ("https://tours.example.com"): canonical links, link previews, the sitemap. It is
	// configured, never taken from the request's Host, which a client chooses.
	BaseURL string
	Log     *slog.Logger
	Now     func() time.Time
	// News is how booking news reach the staff (the emails page's setting).
	News News
	// Retention is how long sent emails keep their bodies (the emails page's setting).
	Retention Retention
	// Launch is the dashboard's checklist of what a new site still needs.
	Launch Launch
	// Business is the business's profile (/admin/settings): its name, logo, contact and
	// colour on every page (read from the service's memory, so a saved change shows on
	// the next render), the home page's words; nil: the defaults of a site nobody has
	// set up.
	Business Business
	// Zone is the site's time zone: the back office shows instants in it.
	Zone *time.Location
	// Legal is the legal pages; nil: none (the tour page then asks no terms).
	Legal Legal
	// Promotions lists the promo codes for /admin/promotions.
	Promotions Promotions
	// GiftCards sells gift cards and shows them to admins (issue #24 §2).
	GiftCards GiftCards
}

// page is one render request.
type page struct {
	name        string
	title       string
	description string
	props       any
	alert       string // booking confirmation carried on <body data-alert>
	status      int
	// canonical is the public page's path ("/tour/alps"): search engines index it under
	// base URL + path. Without one the page is marked noindex (accounts, the back office,
	// errors).
	canonical string
	// image is the link preview's picture, with a site path for its URL.
	image ssr.SocialImage
	// structuredData is the page's JSON-LD (structured_data.go).
	structuredData []byte
	// organization makes the business's schema.org Organization the page's JSON-LD
	// (the home page's), instead of structuredData.
	organization bool
	preload      ssr.ImagePreload
}

// profile is the business's profile for r's page; a failed read shows the defaults (and
// is logged) rather than no page.
func (h *Handler) profile(r *http.Request) business.Profile {
	if h.Business == nil {
		return business.Profile{}.WithDefaults()
	}
	p, err := h.Business.Profile(r.Context())
	if err != nil {
		h.Log.WarnContext(r.Context(), "business profile: showing the defaults", "request_id", httpx.RequestID(r.Context()), "err", err)
	}
	return p
}

func (h *Handler) render(w http.ResponseWriter, r *http.Request, p page) {
	if err := view.CheckPage(p.name, p.props); err != nil {
		if p.name == "error" {
			h.fallback(w, r, err)
			return
		}
		h.Error(w, r, err)
		return
	}
	prof := h.profile(r)
	site := h.Site.WithProfile(prof)
	data := view.PageData{Page: p.name, Site: site, Props: p.props}
	if u, ok := httpx.User(r.Context()); ok {
		data.User = view.NewSessionUser(u)
	}
	props, err := json.Marshal(data)
	if err != nil {
		h.fallback(w, r, fmt.Errorf("marshal %s props: %w", p.name, err))
		return
	}
	title := site.Name
	if p.title != "" {
		title = p.title + " | " + site.Name
	}
	if p.status == 0 {
		p.status = http.StatusOK
	}
	// The renderer writes the whole document in one Write, and only once it has
	// rendered; the status goes out with that first byte, so a failed render can still
	// answer with the error page.
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	// Pages carry the signed-in user's name: never cache them in shared caches.
	w.Header().Set("Cache-Control", "private, no-cache")
	doc := ssr.Document{Title: title, Description: p.description, Page: p.name, PropsJSON: props, BodyAlert: p.alert,
		SiteName: site.Name, StructuredData: p.structuredData, Preload: p.preload,
		Icon: prof.LogoURL(business.LogoFavicon), StyleSheet: brandStyleSheet(prof)}
	if p.organization {
		if doc.StructuredData, err = OrganizationData(prof, h.BaseURL); err != nil {
			h.fallback(w, r, fmt.Errorf("%s organization data: %w", p.name, err))
			return
		}
	}
	if p.canonical != "" {
		doc.Canonical = h.BaseURL + p.canonical
		if p.image.URL != "" {
			doc.Image = p.image
			doc.Image.URL = h.BaseURL + p.image.URL
		}
	}
	out := &statusOnWrite{ResponseWriter: w, status: p.status}
	if err := h.Renderer.Write(r.Context(), out, doc); err != nil && !out.wrote {
		if errors.Is(err, context.Canceled) {
			h.gone(w, r, err)
			return
		}
		if p.name == "error" {
			h.fallback(w, r, err)
			return
		}
		h.Error(w, r, fmt.Errorf("render %s: %w", p.name, err))
	}
}

// statusOnWrite sends status with the first byte written. ssr.Renderer.Write writes the
// whole document in that one call, so its length is known: a Content-Length lets the
// server send it as it is rather than in chunks.
type statusOnWrite struct {
	http.ResponseWriter
	status int
	wrote  bool
}

func (w *statusOnWrite) Write(b []byte) (int, error) {
	if !w.wrote {
		w.wrote = true
		w.Header().Set("Content-Length", strconv.Itoa(len(b)))
		w.ResponseWriter.WriteHeader(w.status)
	}
	return w.ResponseWriter.Write(b)
}

// Error renders the error page for err with the status and message Classify gives it.
func (h *Handler) Error(w http.ResponseWriter, r *http.Request, err error) {
	status, msg := httpx.Classify(err)
	if status == httpx.StatusClientClosed {
		h.gone(w, r, err)
		return
	}
	httpx.LogError(r, h.Log, status, err)
	title := "Something went wrong"
	switch status {
	case http.StatusNotFound:
		title = "Page not found"
		msg = "We could not find that page. It may have moved, or the address may be mistyped."
	case http.StatusForbidden:
		title = "Not allowed"
	case http.StatusServiceUnavailable:
		title = "Temporarily unavailable"
		w.Header().Set("Retry-After", httpx.RetryAfter)
		if r.Context().Err() != nil {
			// The request's time ran out: the error page still gets a moment to render.
			ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), errorPageTimeout)
			defer cancel()
			r = r.WithContext(ctx)
		}
	}
	h.render(w, r, page{name: "error", title: title, status: status, props: view.ErrorProps{Status: status, Title: title, Message: msg}})
}

// gone answers a request whose client closed its connection mid-way: nobody is left to
// read an error page, so none is rendered, and it is no failure of the site, so nothing
// is logged at ERROR (alerts on ERROR stay meaningful). The status 499 goes to the
// request's log line, at INFO, once; the cause only at DEBUG.
func (h *Handler) gone(w http.ResponseWriter, r *http.Request, err error) {
	httpx.LogError(r, h.Log, httpx.StatusClientClosed, err)
	w.WriteHeader(httpx.StatusClientClosed)
}

// errorPageTimeout bounds the render of the error page of a request out of time.
const errorPageTimeout = 2 * time.Second

// NotFound is the 404 page for every unknown address.
func (h *Handler) NotFound(w http.ResponseWriter, r *http.Request) {
	h.Error(w, r, httpx.Errorf(http.StatusNotFound, "not found"))
}

// fallback answers when even the error page cannot be rendered (the JS engine is broken):
// a plain page, so the visitor is never left with nothing.
func (h *Handler) fallback(w http.ResponseWriter, r *http.Request, err error) {
	httpx.LogError(r, h.Log, http.StatusInternalServerError, err)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(http.StatusInternalServerError)
	_, _ = io.WriteString(w, `<!doctype html><html lang="en"><meta charset="utf-8"><title>Something went wrong</title><h1>Something went wrong</h1><p>Please try again in a moment. <a href="/">Back to all tours</a></p></html>`)
}

// requireUser sends a signed-out visitor to the login page.
func requireUser(w http.ResponseWriter, r *http.Request) (account.User, bool) {
	u, ok := httpx.User(r.Context())
	if !ok {
		http.Redirect(w, r, "/login", http.StatusSeeOther)
	}
	return u, ok
}
