package server

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"tourbook/internal/httpx"
)

func TestCanonicalHost(t *testing.T) {
	tests := []struct {
		name, base, method, host, target string
		status                           int
		location                         string
	}{
		{"the base URL's host", "http://localhost:8080", "GET", "localhost:8080", "/tour/x", 200, ""},
		{"case and default port do not matter", "https://tours.example", "GET", "Tours.Example:443", "/", 200, ""},
		{"http's default port", "http://tours.example", "POST", "tours.example:80", "/api/v1/users/login", 200, ""},
		{"127.0.0.1 for localhost", "http://localhost:8080", "GET", "127.0.0.1:8080", "/tour/x?reviews=2", 308, "http://localhost:8080/tour/x?reviews=2"},
		{"[::1] for localhost", "http://localhost:8080", "HEAD", "[::1]:8080", "/", 308, "http://localhost:8080/"},
		{"localhost for 127.0.0.1", "http://127.0.0.1:9000", "GET", "localhost:9000", "/my-tours", 308, "http://127.0.0.1:9000/my-tours"},
		{"another port", "http://localhost:8080", "GET", "localhost:9000", "/", 308, "http://localhost:8080/"},
		{"an IP address for the public name", "https://tours.example", "GET", "203.0.113.7", "/login", 308, "https://tours.example/login"},
		{"unsafe methods are refused, not forwarded", "http://localhost:8080", "POST", "127.0.0.1:8080", "/api/v1/users/login", 421, ""},
		{"PATCH too", "http://localhost:8080", "PATCH", "127.0.0.1:8080", "/api/v1/users/updateMe", 421, ""},
		{"liveness under any name", "https://tours.example", "GET", "10.0.0.5:8080", "/healthz", 200, ""},
		{"readiness under any name", "https://tours.example", "GET", "10.0.0.5:8080", "/readyz", 200, ""},
		{"the signed webhook under any name", "https://tours.example", "POST", "10.0.0.5:8080", "/webhook-checkout", 200, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base, err := url.Parse(tt.base)
			if err != nil {
				t.Fatal(err)
			}
			reached := false
			fail := func(w http.ResponseWriter, r *http.Request, err error) {
				httpx.Fail(w, r, slog.New(slog.DiscardHandler), err)
			}
			h := canonicalHost(base, fail)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				reached = true
			}))
			req := httptest.NewRequest(tt.method, tt.target, nil)
			req.Host = tt.host
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != tt.status {
				t.Fatalf("%s %s on %s: %d, want %d", tt.method, tt.target, tt.host, rec.Code, tt.status)
			}
			if got := rec.Header().Get("Location"); got != tt.location {
				t.Errorf("Location %q, want %q", got, tt.location)
			}
			if reached != (tt.status == 200) {
				t.Errorf("the handler ran: %v", reached)
			}
		})
	}
}
