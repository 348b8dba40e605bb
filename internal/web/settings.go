package web

import (
	"context"
	"net/http"

	"tourbook/internal/account"
	"tourbook/internal/business"
	"tourbook/internal/catalog"
	"tourbook/internal/view"
)

// Business is the business's profile (business.Service): the home page's words for
// everyone, the settings for admins.
type Business interface {
	Profile(ctx context.Context) (business.Profile, error)
	Settings(ctx context.Context, actor account.User) (business.Profile, error)
}

// AdminSettings is /admin/settings (admins): the business's settings.
func (h *Handler) AdminSettings(w http.ResponseWriter, r *http.Request) {
	u, ok := h.backOffice(w, r)
	if !ok {
		return
	}
	p, err := h.Business.Settings(r.Context(), u)
	if err != nil {
		h.officeError(w, r, err)
		return
	}
	props := view.AdminSettingsProps{Settings: view.NewBusinessSettings(p), Currencies: catalog.Currencies,
		TimeZones: catalog.TimeZones, MinContrast: business.MinContrast}
	h.render(w, r, page{name: "adminSettings", title: "Settings · Back office", props: props})
}
