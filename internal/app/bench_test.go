package app

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// BenchmarkPages measures the server's own work per request (router, middleware, store,
// SSR, document) without the network: the part of `make bench`'s figures we control.
func BenchmarkPages(b *testing.B) {
	s := newTestSite(b)
	_, slug, _ := s.firstTour(b)
	// Requests under another host name than the base URL's are redirected to it.
	host := strings.TrimPrefix(s.URL, "http://")
	for _, page := range []struct{ name, path string }{
		{"overview", "/"}, {"tour", "/tour/" + slug}, {"api-tours", "/api/v1/tours"},
	} {
		path := page.path
		b.Run(page.name, func(b *testing.B) {
			b.ReportAllocs()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					rec := httptest.NewRecorder()
					req := httptest.NewRequest(http.MethodGet, path, nil)
					req.Host = host
					s.Handler.ServeHTTP(rec, req)
					if rec.Code != http.StatusOK {
						b.Fatalf("GET %s: %d", path, rec.Code)
					}
				}
			})
		})
	}
}
