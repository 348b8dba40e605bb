package web

import (
	"context"
	"net/http"

	"tourbook/internal/account"
	"tourbook/internal/catalog"
	"tourbook/internal/promotion"
	"tourbook/internal/view"
)

// Promotions lists promo codes (promotion.Service): admins only, which it checks.
type Promotions interface {
	List(ctx context.Context, actor account.User) ([]promotion.Listed, error)
}

// AdminPromotions is /admin/promotions (admins): every promo code with its uses and the
// discount given so far, a form to add one, and each one's edit form and switch.
func (h *Handler) AdminPromotions(w http.ResponseWriter, r *http.Request) {
	u, ok := h.backOffice(w, r)
	if !ok {
		return
	}
	list, err := h.Promotions.List(r.Context(), u)
	if err != nil {
		h.officeError(w, r, err)
		return
	}
	tours, err := h.Catalog.Tours(r.Context(), u, catalog.Filter{})
	if err != nil {
		h.Error(w, r, err)
		return
	}
	h.render(w, r, page{name: "adminPromotions", title: "Promo codes · Back office", props: view.NewAdminPromotions(list, tours)})
}
