package web

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"tourbook/internal/ssr"
)

// cancelledRenderer fails every render as the engines do once the request's context is
// cancelled, and counts the renders asked of it.
type cancelledRenderer struct{ pages []string }

func (c *cancelledRenderer) Write(ctx context.Context, _ io.Writer, doc ssr.Document) error {
	c.pages = append(c.pages, doc.Page)
	return fmt.Errorf("ssr: render %q: %w", doc.Page, ctx.Err())
}

// A visitor who closes the connection mid-render is no server error: no error page is
// rendered for nobody, nothing is logged at ERROR (nor at INFO: the request's own log
// line says 499), and the status is 499.
func TestClientGoneMidRenderIsNotAnError(t *testing.T) {
	for _, page := range []struct {
		name  string
		serve func(h *Handler, w http.ResponseWriter, r *http.Request)
	}{
		{"a page", func(h *Handler, w http.ResponseWriter, r *http.Request) { h.Login(w, r) }},
		{"the 404 page", func(h *Handler, w http.ResponseWriter, r *http.Request) { h.NotFound(w, r) }},
	} {
		t.Run(page.name, func(t *testing.T) {
			var logs bytes.Buffer
			r := &cancelledRenderer{}
			h := newHandler(&fakeRenderer{})
			h.Renderer = r
			h.Log = slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelInfo}))
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			rec := httptest.NewRecorder()
			page.serve(h, rec, httptest.NewRequest(http.MethodGet, "/login", nil).WithContext(ctx))
			if rec.Code != 499 || rec.Body.Len() != 0 {
				t.Errorf("status %d, %d bytes; want 499 and nothing", rec.Code, rec.Body.Len())
			}
			if len(r.pages) != 1 {
				t.Errorf("rendered %v; want the one page, no error page for a client gone", r.pages)
			}
			// The 404 page logs its own 404 at INFO, as always; nothing of the client gone.
			if got := logs.String(); strings.Contains(got, "level=ERROR") || strings.Contains(got, "status=499") || strings.Contains(got, "status=500") {
				t.Errorf("a client gone is logged at INFO or ERROR:\n%s", got)
			}
		})
	}
}
