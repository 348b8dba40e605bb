package app

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"tourbook/internal/seed"
)

// A request on another host name than the base URL's (here localhost for the test site's
// 127.0.0.1) goes to the base URL before its session is used: the session cookie of one
// name is never half-used on another.
func TestOtherHostNameGoesToTheBaseURL(t *testing.T) {
	s := newTestSite(t)
	_, slug, _ := s.firstTour(t)
	u, err := url.Parse(s.URL)
	if err != nil {
		t.Fatal(err)
	}
	other := "localhost:" + u.Port()
	member := s.client(t)
	s.login(t, member, "sophie@example.com")
	var token string
	for _, c := range member.Jar.Cookies(u) {
		token = c.Name + "=" + c.Value
	}

	onOther := func(method, path, body string, headers ...string) result {
		t.Helper()
		req, err := http.NewRequest(method, s.URL+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Host = other
		for i := 0; i+1 < len(headers); i += 2 {
			req.Header.Set(headers[i], headers[i+1])
		}
		res, err := (&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return result{res.StatusCode, res.Header, string(b)}
	}

	t.Run("a page is redirected with its query", func(t *testing.T) {
		r := onOther("GET", "/tour/"+slug+"?reviews=2", "")
		if want := s.URL + "/tour/" + slug + "?reviews=2"; r.status != http.StatusPermanentRedirect || r.header.Get("Location") != want {
			t.Fatalf("GET on %s: %d to %q, want 308 to %q", other, r.status, r.header.Get("Location"), want)
		}
	})
	t.Run("a signed-in page is redirected before the session is read", func(t *testing.T) {
		r := onOther("GET", "/me", "", "Cookie", token)
		if r.status != http.StatusPermanentRedirect || r.header.Get("Location") != s.URL+"/me" {
			t.Fatalf("GET /me on %s: %d to %q", other, r.status, r.header.Get("Location"))
		}
		if len(r.header.Values("Set-Cookie")) > 0 || strings.Contains(r.body, "Sophie") {
			t.Errorf("the session was used on %s: %v %q", other, r.header.Values("Set-Cookie"), r.body)
		}
	})
	t.Run("a login there is refused, not forwarded", func(t *testing.T) {
		r := onOther("POST", "/api/v1/users/login", `{"email":"sophie@example.com","password":"`+seed.SamplePassword+`"}`,
			"Content-Type", "application/json")
		if r.status != http.StatusMisdirectedRequest || !strings.Contains(r.body, s.URL) {
			t.Fatalf("POST login on %s: %d %s", other, r.status, r.body)
		}
		if len(r.header.Values("Set-Cookie")) > 0 {
			t.Errorf("a session was made on %s", other)
		}
	})
	t.Run("health checks answer under any name", func(t *testing.T) {
		if r := onOther("GET", "/healthz", ""); r.status != http.StatusOK {
			t.Errorf("/healthz on %s: %d", other, r.status)
		}
	})
	t.Run("the base URL's own name is served", func(t *testing.T) {
		if r := s.get(t, member, "/me"); r.status != http.StatusOK || !strings.Contains(r.body, "Sophie") {
			t.Errorf("/me on the base URL: %d", r.status)
		}
	})
}
