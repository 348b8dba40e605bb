package server

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"
)

// A page handler whose answer changes behind the cache's back, as seats do when another
// instance sells them.
type seatsPage struct {
	seats   atomic.Int64
	renders atomic.Int64
}

func (p *seatsPage) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p.renders.Add(1)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	fmt.Fprintf(w, "<p>%d seats left</p>", p.seats.Load())
}

func newTestPageCache(clock *time.Time) *PageCache {
	return NewPageCache(5*time.Second, func() time.Time { return *clock }, func(r *http.Request) bool {
		_, err := r.Cookie("tourbook_session")
		return err != nil
	})
}

func getPage(h http.Handler, header ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest("GET", "/tour/x", nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// Seats are never shown older than the TTL, whatever changed without telling the cache.
func TestPageCacheSeatsBound(t *testing.T) {
	clock := time.Date(2027, 6, 1, 9, 0, 0, 0, time.UTC)
	c := newTestPageCache(&clock)
	page := &seatsPage{}
	page.seats.Store(12)
	h := c.Wrap(page)

	if got := getPage(h).Body.String(); got != "<p>12 seats left</p>" {
		t.Fatalf("first answer %q", got)
	}
	page.seats.Store(11) // sold elsewhere
	clock = clock.Add(4999 * time.Millisecond)
	if got := getPage(h).Body.String(); got != "<p>12 seats left</p>" || page.renders.Load() != 1 {
		t.Fatalf("within the TTL: %q after %d renders; want the kept page", got, page.renders.Load())
	}
	clock = clock.Add(time.Millisecond)
	if got := getPage(h).Body.String(); got != "<p>11 seats left</p>" {
		t.Fatalf("at the TTL: %q; want the page rendered anew", got)
	}
	// A change in this process is shown at once.
	page.seats.Store(10)
	c.Invalidate()
	if got := getPage(h).Body.String(); got != "<p>10 seats left</p>" {
		t.Fatalf("after Invalidate: %q", got)
	}
}

func TestPageCacheNeverSharesPersonalAnswers(t *testing.T) {
	clock := time.Date(2027, 6, 1, 9, 0, 0, 0, time.UTC)
	c := newTestPageCache(&clock)
	renders := 0
	h := c.Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		renders++
		switch {
		case r.URL.Query().Get("x") != "":
			fmt.Fprint(w, "query "+r.URL.Query().Get("x"))
		case r.Header.Get("Cookie") != "":
			// A stale session cookie is cleared: the answer is this visitor's.
			http.SetCookie(w, &http.Cookie{Name: "tourbook_session", MaxAge: -1})
			fmt.Fprint(w, "cleared")
		default:
			fmt.Fprintf(w, "render %d", renders)
		}
	}))
	for i := range 2 {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("GET", "/", nil)
		req.AddCookie(&http.Cookie{Name: "tourbook_session", Value: "t"})
		h.ServeHTTP(rec, req)
		if rec.Body.String() != "cleared" || rec.Header().Get("Set-Cookie") == "" {
			t.Fatalf("with a session cookie (%d): %q", i, rec.Body)
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/?x=1", nil))
	if rec.Body.String() != "query 1" {
		t.Fatalf("with a query: %q", rec.Body)
	}
	first := getPage(h).Body.String()
	if second := getPage(h); second.Body.String() != first || second.Header().Get("Set-Cookie") != "" {
		t.Fatalf("anonymous: %q then %q, Set-Cookie %q", first, second.Body, second.Header().Get("Set-Cookie"))
	}
	if renders != 4 {
		t.Errorf("%d renders; want 2 with a cookie, 1 with a query, 1 for both anonymous GETs", renders)
	}
}

func TestPageCacheKeepsOnlyWholeSuccesses(t *testing.T) {
	clock := time.Date(2027, 6, 1, 9, 0, 0, 0, time.UTC)
	c := newTestPageCache(&clock)
	renders := 0
	h := c.Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		renders++
		if renders == 1 {
			http.Error(w, "render failed", http.StatusInternalServerError)
			return
		}
		w.Header().Set("Set-Cookie", "a=b")
		fmt.Fprint(w, "with a cookie")
	}))
	if rec := getPage(h); rec.Code != http.StatusInternalServerError {
		t.Fatalf("error page: %d", rec.Code)
	}
	getPage(h)
	getPage(h)
	if renders != 3 {
		t.Errorf("%d renders; an error or a Set-Cookie must not be kept", renders)
	}
}

func TestPageCacheSendsCompressedCopies(t *testing.T) {
	clock := time.Date(2027, 6, 1, 9, 0, 0, 0, time.UTC)
	c := newTestPageCache(&clock)
	page := &seatsPage{}
	h := c.Wrap(page)
	plain := getPage(h)
	etags := map[string]bool{plain.Header().Get("ETag"): true}
	for _, coding := range []string{"gzip", "zstd"} {
		rec := getPage(h, "Accept-Encoding", coding)
		if rec.Header().Get("Content-Encoding") != coding || rec.Header().Get("Vary") != "Accept-Encoding" ||
			rec.Header().Get("Content-Length") != fmt.Sprint(rec.Body.Len()) || rec.Header().Get("Content-Type") != "text/html; charset=utf-8" {
			t.Errorf("%s: headers %v", coding, rec.Header())
		}
		if got := decompressBytes(t, coding, rec.Body.Bytes()); got != plain.Body.String() {
			t.Errorf("%s copy decompresses to %q", coding, got)
		}
		etags[rec.Header().Get("ETag")] = true
		if again := getPage(h, "Accept-Encoding", coding, "If-None-Match", rec.Header().Get("ETag")); again.Code != http.StatusNotModified || again.Body.Len() != 0 {
			t.Errorf("%s revalidation: %d", coding, again.Code)
		}
	}
	if len(etags) != 3 {
		t.Errorf("ETags %v; want one per coding", etags)
	}
	if page.renders.Load() != 1 {
		t.Errorf("%d renders for one page in three codings", page.renders.Load())
	}
}

// An answer that depends on a query parameter is kept under its key: one entry per value
// as the handler reads it; an address the key refuses is answered by the handler and
// adds no entry.
func TestPageCacheKeyedByQuery(t *testing.T) {
	clock := time.Date(2027, 6, 1, 9, 0, 0, 0, time.UTC)
	c := newTestPageCache(&clock)
	renders := 0
	h := c.WrapKeyed(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		renders++
		fmt.Fprintf(w, "page %s, render %d", r.URL.Query().Get("page"), renders)
	}), func(r *http.Request) (string, bool) {
		q := r.URL.Query()
		if len(q) != 1 || !q.Has("page") {
			return "", false
		}
		return r.URL.Path + "?page=" + q.Get("page"), true
	})
	get := func(target string) string {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", target, nil))
		return rec.Body.String()
	}
	for _, want := range []struct{ target, body string }{
		{"/r?page=1", "page 1, render 1"},
		{"/r?page=1", "page 1, render 1"},
		{"/r?page=2", "page 2, render 2"},
		{"/r?page=1&utm=x", "page 1, render 3"},
		{"/r?page=1&utm=y", "page 1, render 4"},
		{"/r", "page , render 5"},
		{"/r?page=2", "page 2, render 2"},
	} {
		if got := get(want.target); got != want.body {
			t.Errorf("GET %s: %q; want %q", want.target, got, want.body)
		}
	}
	if c.Len() != 2 {
		t.Errorf("%d entries; want one for each page", c.Len())
	}
}
