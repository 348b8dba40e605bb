package api

import (
	"context"
	"net/http"

	"tourbook/internal/account"
	"tourbook/internal/booking"
	"tourbook/internal/httpx"
	"tourbook/internal/promotion"
	"tourbook/internal/view"
)

// Promotions writes promo codes (promotion.Service): admins only, which it checks.
type Promotions interface {
	Create(ctx context.Context, actor account.User, in promotion.Input) (promotion.Promotion, error)
	Update(ctx context.Context, actor account.User, id string, in promotion.Input) (promotion.Promotion, error)
	SetActive(ctx context.Context, actor account.User, id string, on bool) (promotion.Promotion, error)
}

// PromoQuotes says what a promo code takes off a booking (booking.Service).
type PromoQuotes interface {
	QuotePromo(ctx context.Context, user account.User, client string, c booking.Checkout) (booking.PromoQuote, error)
}

// PromoCheck is GET /api/v1/bookings/promo/{tourId}?promo=CODE and the checkout's
// query (date, units or participants, extras): the booking panel's "Apply". Answers
// {status: success, promo: {code, price, discount, total, discountMinor, totalMinor}},
// or a refusal in words ("The promo code SPRING10 expired on 31 March."); from one
// client address, 429 after booking.PromoMissesPerClient unknown codes in an hour.
func (h *Handler) PromoCheck(w http.ResponseWriter, r *http.Request) {
	u, _ := httpx.User(r.Context()) // a visitor may check a code; per-customer uses count at checkout
	in, err := checkoutQuery(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	c, err := in.checkout(r.PathValue("tourId"))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	q, err := h.PromoQuotes.QuotePromo(r.Context(), u, h.ClientIP.Of(r), c)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	httpx.OK(w, map[string]any{"promo": view.NewPromoQuote(q)})
}

// CreatePromotion is POST /api/v1/admin/promotions (admins): a new promo code from the
// form (promotion.Input). Answers {status, promotion}.
func (h *Handler) CreatePromotion(w http.ResponseWriter, r *http.Request) {
	h.savePromotion(w, r, func(u account.User, in promotion.Input) (promotion.Promotion, error) {
		return h.Promotions.Create(r.Context(), u, in)
	})
}

// UpdatePromotion is PUT /api/v1/admin/promotions/{id} (admins): the code's rules
// rewritten from the form.
func (h *Handler) UpdatePromotion(w http.ResponseWriter, r *http.Request) {
	h.savePromotion(w, r, func(u account.User, in promotion.Input) (promotion.Promotion, error) {
		return h.Promotions.Update(r.Context(), u, r.PathValue("id"), in)
	})
}

func (h *Handler) savePromotion(w http.ResponseWriter, r *http.Request, save func(account.User, promotion.Input) (promotion.Promotion, error)) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	var in promotion.Input
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	p, err := save(u, in)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	httpx.OK(w, map[string]any{"promotion": view.NewPromotionForm(p)})
}

// SetPromotionActive is PUT /api/v1/admin/promotions/{id}/active {active} (admins): the
// code's on/off switch.
func (h *Handler) SetPromotionActive(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	var in struct {
		Active *bool `json:"active"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	if in.Active == nil {
		h.fail(w, r, httpx.Errorf(http.StatusBadRequest, "Please say whether the code is on (active: true) or off."))
		return
	}
	p, err := h.Promotions.SetActive(r.Context(), u, r.PathValue("id"), *in.Active)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	httpx.OK(w, map[string]any{"promotion": view.NewPromotionForm(p)})
}
