// Package server assembles the site: every URL in one route table (this file), and the
// middleware every request passes through.
package server

import (
	"context"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"tourbook/internal/api"
	"tourbook/internal/collect"
	"tourbook/internal/config"
	"tourbook/internal/giftcard"
	"tourbook/internal/httpx"
	"tourbook/internal/legal"
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
	// TourPictures and UserPhotos keep the pictures served under /img/tours/ and
	// /img/users/: folders, or the database.
	TourPictures, UserPhotos media.Bucket
	// Brand keeps the business's logo, served under /img/brand/ (no fallback: a page
	// without a logo links to none).
	Brand media.Bucket
	Pages *PageCache // the public pages and catalogue answers for visitors not signed in; nil keeps none
	// Requests hears every request's route pattern, status and time (the site's
	// metrics); nil: nobody.
	Requests RequestObserver
	// Setup says whether the site still waits for its first administrator: until then
	// every address but the setup page's, its call and the static files answers "This
	// site is being set up". nil: never.
	Setup SetupGate
	// Ready says why the site cannot serve now (database, schema, renderer), for
	// /readyz; nil: always ready.
	Ready func(ctx context.Context) error
}

// SetupGate is a new site's setup (useradmin.Setup).
type SetupGate interface {
	Pending(ctx context.Context) (bool, error)
}

// RequestObserver counts requests (*metrics.Metrics).
type RequestObserver interface {
	RequestStarted()
	RequestDone(route string, status int, took time.Duration)
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
	mux.Handle("GET /{$}", d.Pages.Wrap(http.HandlerFunc(w.Overview)))
	mux.Handle("GET /tour/{slug}", d.Pages.WrapKeyed(http.HandlerFunc(w.Tour), w.TourKey))
	mux.HandleFunc("GET /login", w.Login)
	mux.HandleFunc("GET /signup", w.Signup)
	mux.HandleFunc("GET /forgot-password", w.ForgotPassword)
	mux.HandleFunc("GET /reset-password/{token}", w.ResetPassword)
	mux.HandleFunc("GET /setup/{token}", w.Setup)
	mux.HandleFunc("GET /me", w.Account)
	mux.HandleFunc("GET /my-tours", w.MyTours)
	mux.HandleFunc("GET /my-tours/{id}", w.MyBooking)
	mux.HandleFunc("GET /my-tours/{id}/calendar.ics", w.MyBookingCalendar)
	mux.HandleFunc("GET /my-tours/{id}/checkout", w.MyBookingCheckout)
	mux.HandleFunc("POST /my-tours/{id}/release", w.MyBookingRelease)
	mux.HandleFunc("POST /my-tours/{id}/balance", w.MyBookingBalance)
	mux.HandleFunc("GET /my-tours/{id}/ticket.svg", w.TicketQR)
	mux.HandleFunc("GET /my-tours/{id}/receipts/{receipt}", w.MyBookingReceipt)
	mux.HandleFunc("GET /bookings/success", w.BookingSuccess)
	mux.HandleFunc("GET "+collect.LinkReturnPath, w.PaymentLinkReturn)
	mux.HandleFunc("GET /gift-cards", w.GiftCardsPage)
	mux.HandleFunc("GET "+giftcard.PurchaseReturnPath, w.GiftCardBought)
	mux.HandleFunc("/", w.NotFound)
	// The legal pages (internal/legal), cached like the other public pages; each kept
	// version at /{kind}/v/{n} (the terms' are linked from the bookings made under them).
	for _, k := range legal.Kinds() {
		mux.Handle("GET "+k.Path(), d.Pages.Wrap(w.LegalPage(k)))
		mux.Handle("GET "+k.Path()+"/v/{n}", d.Pages.Wrap(w.LegalVersion(k)))
	}
	mux.HandleFunc("GET /sitemap.xml", w.Sitemap)
	mux.HandleFunc("GET /robots.txt", w.Robots)

	// The back office (docs/admin.md).
	mux.HandleFunc("GET /admin", w.Dashboard)
	mux.HandleFunc("GET /admin/dashboard", w.AdminDashboard)
	mux.HandleFunc("GET /admin/calendar", w.AdminCalendar)
	mux.HandleFunc("GET /admin/tours", w.AdminTours)
	mux.HandleFunc("GET /admin/tours/new", w.AdminNewTour)
	mux.HandleFunc("GET /admin/tours/{id}", w.AdminTour)
	mux.HandleFunc("GET /admin/tours/{id}/departures/{date}", w.AdminManifest)
	mux.HandleFunc("GET /admin/tours/{id}/departures/{date}/manifest.csv", w.AdminManifestCSV)
	mux.HandleFunc("GET /admin/tours/{id}/departures/{date}/check-in", w.AdminCheckIn)
	mux.HandleFunc("GET /admin/bookings", w.AdminBookings)
	mux.HandleFunc("GET /admin/bookings/new", w.AdminNewBooking)
	mux.HandleFunc("GET /admin/bookings/{id}", w.AdminBooking)
	mux.HandleFunc("GET /admin/bookings/{id}/receipts/{receipt}", w.AdminBookingReceipt)
	mux.HandleFunc("GET /admin/receipts", w.AdminReceipts)
	mux.HandleFunc("GET /admin/receipts.csv", w.AdminReceiptsCSV)
	mux.HandleFunc("GET /admin/users", w.AdminUsers)
	mux.HandleFunc("GET /admin/reviews", w.AdminReviews)
	mux.HandleFunc("GET /admin/audit", w.AdminAudit)
	mux.HandleFunc("GET /admin/emails", w.AdminEmails)
	mux.HandleFunc("GET /admin/emails/{id}", w.AdminEmail)
	mux.HandleFunc("GET /admin/settings", w.AdminSettings)
	mux.HandleFunc("GET /admin/legal", w.AdminLegal)
	mux.HandleFunc("GET /admin/promotions", w.AdminPromotions)
	mux.HandleFunc("GET /admin/gift-cards", w.AdminGiftCards)
	mux.HandleFunc("GET /admin/gift-cards/{id}", w.AdminGiftCard)

	// JSON API: the five calls of SPEC.md §7, sign-up, the tours and the back office's
	// catalogue. Another method on one of these paths is a 405 that names the right ones,
	// not the catch-all's 404. The public catalogue's GETs (the tours, a tour, its
	// reviews) go through the page cache like the public pages.
	api := jsonRoutes{mux: mux, log: d.Log}
	api.handle("GET", "/api/v1/tours", d.Pages.Wrap(http.HandlerFunc(a.ListTours)))
	api.handle("POST", "/api/v1/tours", http.HandlerFunc(a.CreateTour))
	api.handle("GET", "/api/v1/tours/{id}", d.Pages.Wrap(http.HandlerFunc(a.GetTour)))
	api.handle("PATCH", "/api/v1/tours/{id}", http.HandlerFunc(a.UpdateTour))
	api.handle("DELETE", "/api/v1/tours/{id}", http.HandlerFunc(a.DeleteTour))
	api.handle("PUT", "/api/v1/tours/{id}/status", http.HandlerFunc(a.SetTourStatus))
	api.handle("POST", "/api/v1/tours/{id}/pictures", http.HandlerFunc(a.AddTourPicture))
	api.handle("PUT", "/api/v1/tours/{id}/pictures", http.HandlerFunc(a.ReorderTourPictures))
	api.handle("DELETE", "/api/v1/tours/{id}/pictures/{file}", http.HandlerFunc(a.RemoveTourPicture))
	api.handle("GET", "/api/v1/tours/{id}/departures", http.HandlerFunc(a.ListDepartures))
	api.handle("POST", "/api/v1/tours/{id}/departures", http.HandlerFunc(a.AddDepartures))
	api.handle("PATCH", "/api/v1/tours/{id}/departures", http.HandlerFunc(a.UpdateSeries))
	api.handle("PATCH", "/api/v1/tours/{id}/departures/{date}", http.HandlerFunc(a.UpdateDeparture))
	api.handle("DELETE", "/api/v1/tours/{id}/departures/{date}", http.HandlerFunc(a.DeleteDeparture))
	api.handle("POST", "/api/v1/tours/{id}/departures/{date}/cancel", http.HandlerFunc(a.CancelDeparture))
	api.handle("POST", "/api/v1/tours/{id}/departures/{date}/cancel/preview", http.HandlerFunc(a.PreviewDepartureCancel))
	api.handle("POST", "/api/v1/tours/{id}/departures/{date}/bookings", http.HandlerFunc(a.RecordWalkIn))
	api.handle("POST", "/api/v1/tours/{id}/departures/{date}/tickets/lookup", http.HandlerFunc(a.LookUpTicket))
	api.handle("POST", "/api/v1/tours/{id}/departures/{date}/check-ins", http.HandlerFunc(a.CheckIn))
	api.handle("DELETE", "/api/v1/tours/{id}/departures/{date}/check-ins/{bookingId}", http.HandlerFunc(a.UndoCheckIn))
	api.handle("POST", "/api/v1/admin/bookings", http.HandlerFunc(a.NewBooking))
	api.handle("POST", "/api/v1/admin/bookings/{id}/cancel", http.HandlerFunc(a.CancelBooking))
	api.handle("POST", "/api/v1/admin/bookings/{id}/resolve", http.HandlerFunc(a.ResolveBooking))
	api.handle("POST", "/api/v1/admin/bookings/{id}/cancel-overdue", http.HandlerFunc(a.CancelOverdueBooking))
	api.handle("POST", "/api/v1/admin/bookings/{id}/payments", http.HandlerFunc(a.RecordPayment))
	api.handle("POST", "/api/v1/admin/bookings/{id}/payment-links", http.HandlerFunc(a.SendPaymentLink))
	api.handle("POST", "/api/v1/admin/bookings/{id}/refunds/{refundId}/paid-back", http.HandlerFunc(a.RefundPaidBack))
	api.handle("POST", "/api/v1/admin/bookings/{id}/refund", http.HandlerFunc(a.RefundBooking))
	api.handle("POST", "/api/v1/admin/bookings/{id}/change/preview", http.HandlerFunc(a.PreviewChange))
	api.handle("POST", "/api/v1/admin/bookings/{id}/change", http.HandlerFunc(a.ChangeBooking))
	api.handle("PATCH", "/api/v1/admin/users/{id}", http.HandlerFunc(a.UpdateUser))
	api.handle("DELETE", "/api/v1/admin/users/{id}", http.HandlerFunc(a.DeleteUser))
	api.handle("GET", "/api/v1/admin/users/{id}/data", http.HandlerFunc(a.UserData))
	api.handle("PATCH", "/api/v1/admin/reviews/{id}", http.HandlerFunc(a.UpdateReview))
	api.handle("POST", "/api/v1/admin/emails/{id}/resend", http.HandlerFunc(a.ResendEmail))
	api.handle("PUT", "/api/v1/admin/settings/booking-notices", http.HandlerFunc(a.SetBookingNotices))
	api.handle("PUT", "/api/v1/admin/settings/email-retention", http.HandlerFunc(a.SetEmailRetention))
	api.handle("PUT", "/api/v1/admin/settings/business", http.HandlerFunc(a.SaveBusinessSettings))
	api.handle("POST", "/api/v1/admin/settings/business/logo", http.HandlerFunc(a.SetBusinessLogo))
	api.handle("DELETE", "/api/v1/admin/settings/business/logo", http.HandlerFunc(a.RemoveBusinessLogo))
	api.handle("PUT", "/api/v1/admin/legal/{kind}", http.HandlerFunc(a.SaveLegal))
	api.handle("POST", "/api/v1/admin/promotions", http.HandlerFunc(a.CreatePromotion))
	api.handle("PUT", "/api/v1/admin/promotions/{id}", http.HandlerFunc(a.UpdatePromotion))
	api.handle("PUT", "/api/v1/admin/promotions/{id}/active", http.HandlerFunc(a.SetPromotionActive))
	api.handle("POST", "/api/v1/admin/legal/{kind}/preview", http.HandlerFunc(a.PreviewLegal))
	api.handle("POST", "/api/v1/users/signup", http.HandlerFunc(a.Signup))
	api.handle("POST", "/api/v1/users/login", http.HandlerFunc(a.Login))
	api.handle("POST", "/api/v1/users/forgotPassword", http.HandlerFunc(a.ForgotPassword))
	api.handle("POST", "/api/v1/users/resetPassword", http.HandlerFunc(a.ResetPassword))
	api.handle("POST", "/api/v1/setup", http.HandlerFunc(a.Setup))
	api.handle("GET", "/api/v1/users/logout", sameSiteOnly(d.Log, a.Logout))
	api.handle("PATCH", "/api/v1/users/updateMe", http.HandlerFunc(a.UpdateMe))
	api.handle("PATCH", "/api/v1/users/updateMyPassword", http.HandlerFunc(a.UpdateMyPassword))
	api.handle("GET", "/api/v1/users/me/data", http.HandlerFunc(a.MyData))
	api.handle("POST", "/api/v1/users/deleteMe", http.HandlerFunc(a.DeleteMe))
	api.handle("GET", "/api/v1/bookings/checkout-session/{tourId}", sameSiteOnly(d.Log, a.CheckoutSession))
	api.handle("POST", "/api/v1/bookings/checkout-session/{tourId}", http.HandlerFunc(a.CheckoutSessionWithDetails))
	api.handle("GET", "/api/v1/bookings/promo/{tourId}", sameSiteOnly(d.Log, a.PromoCheck))
	api.handle("POST", "/api/v1/my-bookings/{id}/release", http.HandlerFunc(a.ReleaseHold))
	api.handle("GET", "/api/v1/my-bookings/{id}", http.HandlerFunc(a.MyBooking))
	api.handle("POST", "/api/v1/my-bookings/{id}/cancel", http.HandlerFunc(a.CancelMyBooking))
	api.handle("PATCH", "/api/v1/my-bookings/{id}/details", http.HandlerFunc(a.ChangeMyBookingDetails))
	api.handle("GET", "/api/v1/tours/{id}/reviews", d.Pages.WrapKeyed(http.HandlerFunc(a.TourReviews), a.TourReviewsKey))
	api.handle("POST", "/api/v1/tours/{id}/reviews", http.HandlerFunc(a.CreateReview))
	api.handle("PATCH", "/api/v1/reviews/{id}", http.HandlerFunc(a.UpdateMyReview))
	api.handle("DELETE", "/api/v1/reviews/{id}", http.HandlerFunc(a.DeleteMyReview))
	api.handle("POST", "/api/v1/gift-cards", http.HandlerFunc(a.BuyGiftCard))
	api.handle("POST", "/api/v1/admin/gift-cards/{id}/adjust", http.HandlerFunc(a.AdjustGiftCard))
	api.handle("POST", "/api/v1/admin/gift-cards/{id}/void", http.HandlerFunc(a.VoidGiftCard))
	api.handle("PUT", "/api/v1/admin/settings/gift-cards", http.HandlerFunc(a.SaveGiftCardSettings))
	api.handle("POST", "/api/v1/waitlist", http.HandlerFunc(a.JoinWaitlist))
	api.handle("DELETE", "/api/v1/waitlist/{id}", http.HandlerFunc(a.LeaveWaitlist))
	api.handle("POST", "/api/v1/waitlist/{id}/checkout", http.HandlerFunc(a.PayOffer))
	mux.HandleFunc("/api/", a.NotFound)

	// Payments: the provider's webhook, and the sandbox's hosted checkout.
	api.handle("POST", "/webhook-checkout", http.HandlerFunc(a.Webhook))
	api.done()
	if d.Sandbox != nil {
		mux.Handle(sandboxPath, d.Sandbox)
	}

	// Static files.
	mux.Handle("GET /assets/", assets(d.Assets))
	mux.Handle("GET /favicon.svg", assets(d.Assets))
	mux.HandleFunc("GET "+web.BrandStylePath, w.BrandStyle)
	mux.Handle("GET /img/tours/{file}", images(d.TourPictures, media.DefaultTourPicture, d.Log))
	mux.Handle("GET /img/users/{file}", images(d.UserPhotos, media.DefaultPhoto, d.Log))
	mux.Handle("GET /img/brand/{file}", images(d.Brand, "", d.Log))
	// Liveness: the process answers. Readiness: it can serve pages now, so a load
	// balancer sends it traffic (both documented in the README).
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		httpx.OK(w, nil)
	})
	mux.HandleFunc("GET /readyz", readyz(d.Ready, d.Log))

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

	compressed, err := compress()
	if err != nil {
		return nil, err
	}
	return chain(routed(mux),
		requestID,
		logRequests(d.Log, d.Requests),
		deadline(d.Config.RequestTimeout),
		securityHeaders(tileOrigin, d.Config.Secure()),
		canonicalHost(d.Config.BaseURL, fail),
		compressed,
		recoverPanics(d.Log, fail),
		cop.Handler,
		untilSetUp(d.Setup, w.SettingUp, fail),
		loadSession(d.Auth, d.API.Cookies, d.Log),
	), nil
}

// jsonRoutes registers JSON addresses method by method, and once all are in (done), a
// 405 with Allow for every other method on each address.
type jsonRoutes struct {
	mux     *http.ServeMux
	log     *slog.Logger
	paths   []string
	methods map[string][]string
}

func (j *jsonRoutes) handle(method, path string, h http.Handler) {
	j.mux.Handle(method+" "+path, h)
	if j.methods == nil {
		j.methods = map[string][]string{}
	}
	if _, ok := j.methods[path]; !ok {
		j.paths = append(j.paths, path)
	}
	j.methods[path] = append(j.methods[path], method)
}

func (j *jsonRoutes) done() {
	for _, path := range j.paths {
		j.mux.Handle(path, methodNotAllowed(j.log, j.methods[path]...))
	}
}
