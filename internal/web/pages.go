package web

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"

	"tourbook/internal/booking"
	"tourbook/internal/httpx"
	"tourbook/internal/media"
	"tourbook/internal/review"
	"tourbook/internal/ssr"
	"tourbook/internal/tour"
	"tourbook/internal/view"
)

// Overview is / : every tour as a card.
func (h *Handler) Overview(w http.ResponseWriter, r *http.Request) {
	h.overview(w, r, "")
}

// overview renders the home page with an alert ("" for none).
func (h *Handler) overview(w http.ResponseWriter, r *http.Request, alert string) {
	now := h.Now()
	tours, err := h.Store.ListTours(r.Context(), now)
	if err != nil {
		h.Error(w, r, err)
		return
	}
	cards := make([]view.TourCard, 0, len(tours))
	for _, t := range tours {
		cards = append(cards, view.NewTourCard(t, now))
	}
	props := view.OverviewProps{Tours: cards}
	if h.Business != nil {
		b, err := h.Business.Profile(r.Context())
		if err != nil {
			h.Error(w, r, err)
			return
		}
		props.Headline, props.Introduction = b.Headline, b.Introduction
	}
	p := page{name: "overview", title: "All tours", canonical: "/", props: props, alert: alert, organization: true,
		description: "Small-group tours around the world: see each tour's stops on a map, its departures and reviews, and book online."}
	if len(tours) > 0 {
		p.image = socialImage(tours[0])
	}
	h.render(w, r, p)
}

// Tour is /tour/{slug}: the tour's facts, map, reviews and booking. The payment
// provider's cancel link comes back here with ?checkout=cancelled&booking=ID: the seats
// that checkout held are released at once rather than when the hold expires. Only a
// same-site request releases them here (the sandbox's page is on this site); a link
// from elsewhere (Stripe's page, or another site's forged link) leaves that to the page,
// which asks with a POST (POST /api/v1/my-bookings/{id}/release).
func (h *Handler) Tour(w http.ResponseWriter, r *http.Request) {
	if q := r.URL.Query(); q.Get("checkout") == "cancelled" && q.Get("booking") != "" && !httpx.CrossSite(r) {
		if u, ok := httpx.User(r.Context()); ok {
			if err := h.Bookings.CancelReturn(r.Context(), u, q.Get("booking")); err != nil {
				// The hold expires on its own; the page matters more than the release.
				httpx.LogError(r, h.Log, http.StatusInternalServerError, err)
			}
		}
	}
	slug := r.PathValue("slug")
	t, err := h.Store.TourBySlug(r.Context(), slug, h.Now())
	if errors.Is(err, tour.ErrNotFound) {
		// A renamed tour keeps its old addresses: links and search results still work.
		if current, rerr := h.Store.SlugRedirect(r.Context(), slug); rerr == nil {
			http.Redirect(w, r, "/tour/"+url.PathEscape(current), http.StatusMovedPermanently)
			return
		}
	}
	if err != nil {
		h.Error(w, r, err)
		return
	}
	path := "/tour/" + url.PathEscape(t.Slug)
	n, ok := h.reviewsPage(r.URL.Query(), t)
	if !ok {
		http.Redirect(w, r, path+"#reviews", http.StatusFound)
		return
	}
	ld, err := TourStructuredData(t, h.profile(r), h.BaseURL, path, h.Now())
	if err != nil {
		h.Error(w, r, fmt.Errorf("tour %s structured data: %w", t.ID, err))
		return
	}
	detail := view.NewTourDetail(t, h.Now())
	if n > 1 {
		// Another page of reviews (the "More reviews" link without JavaScript): the
		// same page otherwise, and the same canonical address, the tour's.
		p, err := h.Reviews.TourPage(r.Context(), t, n)
		if err != nil {
			h.Error(w, r, fmt.Errorf("tour %s reviews page %d: %w", t.ID, n, err))
			return
		}
		detail.Reviews = view.NewReviewsPage(p).Reviews
		detail.ReviewPage = n
	}
	places, _ := h.waitlistPlaces(r, t.ID)
	terms, err := h.termsVersion(r)
	if err != nil {
		h.Error(w, r, err)
		return
	}
	h.render(w, r, page{name: "tour", title: t.Name, description: t.Summary,
		props: view.TourProps{Tour: detail, Waitlist: places, WaitlistDates: view.WaitlistDates(t, h.Now()),
			Reviewing: h.reviewStanding(r, t), ReviewLimits: view.ReviewLimits{MinText: review.MinText, MaxText: review.MaxText},
			TermsVersion: terms},
		canonical: path, image: socialImage(t), structuredData: ld,
		preload: ssr.ImagePreload{Href: detail.CoverImage, SrcSet: detail.CoverSrcSet, Sizes: HeroSizes}})
}

// Login is /login; a signed-in user has nothing to do there.
func (h *Handler) Login(w http.ResponseWriter, r *http.Request) {
	if _, ok := httpx.User(r.Context()); ok {
		http.Redirect(w, r, "/", http.StatusSeeOther)
		return
	}
	h.render(w, r, page{name: "login", title: "Log in", canonical: "/login", props: view.EmptyProps{},
		description: "Log in to book tours, see your bookings and manage your account."})
}

// ForgotPassword is /forgot-password: ask for a reset link.
func (h *Handler) ForgotPassword(w http.ResponseWriter, r *http.Request) {
	h.render(w, r, page{name: "forgotPassword", title: "Forgot your password?", props: view.EmptyProps{}})
}

// ResetPassword is /reset-password/{token}, the page a reset link opens: a new password,
// or word that the link no longer works.
func (h *Handler) ResetPassword(w http.ResponseWriter, r *http.Request) {
	token := r.PathValue("token")
	usable, err := h.Resets.Usable(r.Context(), token)
	if err != nil {
		h.Error(w, r, err)
		return
	}
	// The token is in the address; no referrer carries it off this page.
	w.Header().Set("Referrer-Policy", "no-referrer")
	h.render(w, r, page{name: "resetPassword", title: "Choose a new password", props: view.ResetPasswordProps{Token: token, Usable: usable}})
}

// Setup is /setup/{token}, the one-time address the start-up log of a site without an
// administrator gives: the form that makes the first one. Any other token, or a site
// set up already, is the 404 page.
func (h *Handler) Setup(w http.ResponseWriter, r *http.Request) {
	usable, err := h.FirstStart.Usable(r.Context(), r.PathValue("token"))
	if err != nil {
		h.Error(w, r, err)
		return
	}
	if !usable {
		h.NotFound(w, r)
		return
	}
	w.Header().Set("Referrer-Policy", "no-referrer")
	h.render(w, r, page{name: "setup", title: "Set up your site", props: view.SetupProps{Token: r.PathValue("token")}})
}

// SettingUp is the page every visitor of a site without an administrator sees: 503,
// to come back later.
func (h *Handler) SettingUp(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Retry-After", "3600")
	h.render(w, r, page{name: "settingUp", title: "This site is being set up", status: http.StatusServiceUnavailable,
		props: view.EmptyProps{}})
}

// Signup is /signup.
func (h *Handler) Signup(w http.ResponseWriter, r *http.Request) {
	if _, ok := httpx.User(r.Context()); ok {
		http.Redirect(w, r, "/", http.StatusSeeOther)
		return
	}
	h.render(w, r, page{name: "signup", title: "Create your account", canonical: "/signup", props: view.EmptyProps{},
		description: "Create an account to book small-group tours and keep your bookings in one place."})
}

// Account is /me: the user-data and password forms.
func (h *Handler) Account(w http.ResponseWriter, r *http.Request) {
	if _, ok := requireUser(w, r); !ok {
		return
	}
	h.render(w, r, page{name: "account", title: "Your account", props: view.EmptyProps{}})
}

// MyTours is /my-tours: the user's bookings.
func (h *Handler) MyTours(w http.ResponseWriter, r *http.Request) {
	h.myTours(w, r, "")
}

// BookingSuccess is where the payment provider sends the user back after paying. It
// settles the booking (the webhook may not have arrived yet) and shows /my-tours with the
// confirmation on <body data-alert>, which the page shows for 10 s before going to
// /my-tours (SPEC.md §4).
func (h *Handler) BookingSuccess(w http.ResponseWriter, r *http.Request) {
	u, ok := requireUser(w, r)
	if !ok {
		return
	}
	id := r.URL.Query().Get("session_id")
	if id == "" {
		h.Error(w, r, httpx.Errorf(http.StatusBadRequest, "This confirmation link is incomplete: it names no checkout."))
		return
	}
	_, msg, err := h.Bookings.ConfirmReturn(r.Context(), u, id)
	if err != nil {
		h.Error(w, r, err)
		return
	}
	h.myTours(w, r, msg)
}

func (h *Handler) myTours(w http.ResponseWriter, r *http.Request, alert string) {
	u, ok := requireUser(w, r)
	if !ok {
		return
	}
	now := h.Now()
	bookings, err := h.Store.UserBookings(r.Context(), u.ID)
	if err != nil {
		h.Error(w, r, err)
		return
	}
	tours, err := h.Store.BookedTours(r.Context(), u.ID, now)
	if err != nil {
		h.Error(w, r, err)
		return
	}
	tickets, err := h.Tickets.UserTickets(r.Context(), u.ID)
	if err != nil {
		h.Error(w, r, err)
		return
	}
	byID := make(map[string]tour.Tour, len(tours))
	for _, t := range tours {
		byID[t.ID] = t
	}
	places, offers := h.waitlistPlaces(r, "")
	rows := make([]view.BookingRow, 0, len(bookings))
	for _, b := range bookings {
		if offers[b.ID] {
			continue // an open offer has its own banner until it is paid
		}
		t, found := byID[b.TourID]
		// An abandoned checkout is not a booking the user made; don't list it. A paid
		// booking an operator cancelled stays, saying so.
		abandoned := b.Status == booking.Cancelled && b.PaidAt.IsZero()
		if !found || abandoned || (b.Status == booking.Pending && !b.HoldsSeats(now)) {
			continue
		}
		row := view.NewBookingRow(b, t, now)
		if k, ok := tickets[b.ID]; ok && b.Status == booking.Paid {
			row.Ticket = view.NewTicketView(k)
		}
		rows = append(rows, row)
	}
	terms, err := h.termsVersion(r)
	if err != nil {
		h.Error(w, r, err)
		return
	}
	h.render(w, r, page{name: "myTours", title: "My bookings", props: view.MyToursProps{Bookings: rows, Waitlist: places, TermsVersion: terms}, alert: alert})
}

// HeroSizes is the tour page's hero <img> sizes (ui/src/pages/tour-page.tsx): the
// preload must name the same, or the browser fetches a second file.
const HeroSizes = "(min-width: 1240px) 1200px, 100vw"

// socialImage is a tour's cover as a link preview's picture.
func socialImage(t tour.Tour) ssr.SocialImage {
	img := ssr.SocialImage{URL: view.TourImageURL(t.CoverImage), Alt: t.Name}
	if vs := media.TourPictureVariants(t.CoverImage); len(vs) > 0 {
		img.Width, img.Height = vs[len(vs)-1].Width, vs[len(vs)-1].Height
	}
	return img
}
