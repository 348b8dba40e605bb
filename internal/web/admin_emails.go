package web

import (
	"context"
	"net/http"
	"strings"

	"tourbook/internal/account"
	"tourbook/internal/mail"
	"tourbook/internal/mail/outbox"
	"tourbook/internal/notify"
	"tourbook/internal/view"
)

// News is how booking news reach the operator and the guides (notify.Service).
type News interface {
	ModeFor(ctx context.Context, actor account.User) (notify.Mode, error)
}

// Retention is how long sent emails keep their bodies (privacy.Service).
type Retention interface {
	RetentionFor(ctx context.Context, actor account.User) (int, error)
}

// Outbox is what the outbox's pages read (outbox.Service).
type Outbox interface {
	Emails(ctx context.Context, actor account.User, f mail.Filter, offset, limit int) ([]mail.Message, int, error)
	Email(ctx context.Context, actor account.User, id string) (outbox.EmailDetail, error)
}

// AdminEmails is /admin/emails?status=&kind=&to=: the email outbox, newest first (admins).
func (h *Handler) AdminEmails(w http.ResponseWriter, r *http.Request) {
	u, ok := h.backOffice(w, r)
	if !ok {
		return
	}
	q := r.URL.Query()
	pageNo, offset := pageOf(q)
	fl := view.EmailFilters{Status: q.Get("status"), Kind: strings.TrimSpace(q.Get("kind")), To: emailAddressPart(q.Get("to"))}
	// A status that cannot be read is dropped, and the form shows it empty.
	if !mail.Status(fl.Status).Valid() {
		fl.Status = ""
	}
	emails, total, err := h.Outbox.Emails(r.Context(), u, mail.Filter{Status: mail.Status(fl.Status), Kind: fl.Kind, To: fl.To}, offset, view.PageSize)
	if err != nil {
		h.officeError(w, r, err)
		return
	}
	mode, err := h.News.ModeFor(r.Context(), u)
	if err != nil {
		h.officeError(w, r, err)
		return
	}
	days, err := h.Retention.RetentionFor(r.Context(), u)
	if err != nil {
		h.officeError(w, r, err)
		return
	}
	p := view.AdminEmailsProps{Emails: make([]view.AdminEmailRow, 0, len(emails)), Filters: fl, Statuses: view.EmailStatuses(),
		Paging: view.NewPaging(pageNo, total), NoticeMode: mode, DigestAt: view.DigestAt(h.Zone), RetentionDays: days}
	for _, m := range emails {
		p.Emails = append(p.Emails, view.NewAdminEmailRow(m, h.Zone))
	}
	h.render(w, r, page{name: "adminEmails", title: "Emails · Back office", props: p})
}

// AdminEmail is /admin/emails/{id}: one email, its parts and delivery history (admins).
func (h *Handler) AdminEmail(w http.ResponseWriter, r *http.Request) {
	u, ok := h.backOffice(w, r)
	if !ok {
		return
	}
	d, err := h.Outbox.Email(r.Context(), u, r.PathValue("id"))
	if err != nil {
		h.officeError(w, r, err)
		return
	}
	w.Header().Set("Content-Security-Policy", EmailPreviewCSP(d.HTML))
	h.render(w, r, page{name: "adminEmail", title: "Email " + d.ID + " · Back office",
		props: view.AdminEmailProps{Email: view.NewAdminEmailDetail(d, h.Zone)}})
}
