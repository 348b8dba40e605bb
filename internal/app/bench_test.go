package app

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// BenchmarkPages measures the server's own work per request (router, middleware, store,
// SSR, document) without the network: the part of `make bench`'s figures we control.
func BenchmarkPages(b *testing.B) {
	s := newTestSite(b)
	_, slug, _ := s.firstTour(b)
	for _, path := range []string{"/", "/tour/" + slug, "/api/v1/tours"} {
		b.Run(path, func(b *testing.B) {
			b.ReportAllocs()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					rec := httptest.NewRecorder()
					s.Handler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
					if rec.Code != http.StatusOK {
						b.Fatalf("GET %s: %d", path, rec.Code)
					}
				}
			})
		})
	}
}
