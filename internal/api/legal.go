package api

import (
	"context"
	"net/http"

	"tourbook/internal/account"
	"tourbook/internal/httpx"
	"tourbook/internal/legal"
	"tourbook/internal/view"
)

// Legal writes the legal pages (legal.Service).
type Legal interface {
	Save(ctx context.Context, actor account.User, kind legal.Kind, markdown string) (legal.Saved, error)
	Preview(actor account.User, kind legal.Kind, markdown string) (string, error)
}

// maxLegalBody bounds a legal page's save: legal.MaxLength characters of up to four
// bytes, with room for JSON's escapes.
const maxLegalBody = 512 << 10

// legalInput is a legal page's editor: {"markdown": "..."}.
type legalInput struct {
	Markdown string `json:"markdown"`
}

// FieldLabel names the field as the editor labels it.
func (legalInput) FieldLabel(key string) string {
	if key == "markdown" {
		return "The Markdown"
	}
	return ""
}

// legalText reads a legal page's call: the signed-in user and the text sent; false when
// the answer was already given.
func (h *Handler) legalText(w http.ResponseWriter, r *http.Request) (account.User, string, bool) {
	u, ok := h.user(w, r)
	if !ok {
		return u, "", false
	}
	var in legalInput
	if err := decodeJSONUpTo(w, r, &in, maxLegalBody); err != nil {
		h.fail(w, r, err)
		return u, "", false
	}
	return u, in.Markdown, true
}

// SaveLegal is PUT /api/v1/admin/legal/{kind} (admins): the page's text as its next
// version. Answers the version now current and whether the save made it.
func (h *Handler) SaveLegal(w http.ResponseWriter, r *http.Request) {
	u, text, ok := h.legalText(w, r)
	if !ok {
		return
	}
	saved, err := h.Legal.Save(r.Context(), u, legal.Kind(r.PathValue("kind")), text)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	httpx.OK(w, map[string]any{"version": view.NewAdminLegalVersion(saved.Version, h.Zone), "new": saved.New, "markdown": saved.Markdown})
}

// PreviewLegal is POST /api/v1/admin/legal/{kind}/preview (admins): the text as its page
// would show it, checked as a save checks it; nothing is saved.
func (h *Handler) PreviewLegal(w http.ResponseWriter, r *http.Request) {
	u, text, ok := h.legalText(w, r)
	if !ok {
		return
	}
	html, err := h.Legal.Preview(u, legal.Kind(r.PathValue("kind")), text)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	httpx.OK(w, map[string]any{"html": html})
}
