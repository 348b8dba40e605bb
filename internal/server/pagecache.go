package server

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
	"golang.org/x/sync/singleflight"
)

// PageCache keeps the public pages (the overview and the tour pages) and the public
// catalogue's API answers (the tours, a tour, a tour's reviews) as sent to visitors who
// are not signed in: an answer from memory costs no render or JSON encoding, no query
// and, already compressed, no compression.
//
// What a cached answer may show: it is made for a request without a session cookie and
// kept under the request's key (CacheKey: the path, and the query parameters as the
// handler reads them; nothing else varies these answers: no CSRF token, nonce or request
// id is in them), only a 200 without Set-Cookie is kept, and a signed-in visitor's
// answer is always made for them. Invalidate forgets every answer at once; the site
// calls it whenever a tour, a departure, a review or seats change in this process
// (store.TourCache's listeners). What other instances change is seen within the TTL:
// that is the bound on how stale seats left can be, 5 s by default.
type PageCache struct {
	ttl       time.Duration
	now       func() time.Time
	anonymous func(*http.Request) bool

	mu    sync.RWMutex
	pages map[string]*cachedPage
	gen   uint64 // counts invalidations: a page rendered across one is not kept

	// When a page expires, the visitors asking for it at that moment wait for one render.
	flight singleflight.Group
	zstd   *zstd.Encoder // EncodeAll may be called from any goroutine
}

type cachedPage struct {
	header  http.Header // what the handler set: Content-Type, Cache-Control…
	body    []byte
	etag    string // of the body; each coding's adds its name
	expires time.Time
	// The compressed copies are made when a visitor first asks for one: the visitor who
	// missed waits for their own coding only (the first page after a start, measured,
	// spent 7 of its 10 ms of compression on the coding it did not ask for).
	gzip, zstd lazyCopy
	zstdEnc    *zstd.Encoder
}

// lazyCopy is a compressed copy made once, by the first visitor who needs it.
type lazyCopy struct {
	once sync.Once
	b    []byte
}

func (l *lazyCopy) get(make func() []byte) []byte {
	l.once.Do(func() { l.b = make() })
	return l.b
}

// maxCachedPages bounds the cache: only published tours' pages and answers get in (and
// a few reviews pages each), but a site with thousands of tours should not keep them all.
const maxCachedPages = 1000

// NewPageCache returns a cache keeping pages for ttl (0 or less: nothing is cached);
// anonymous tells a request that may get a shared page (no session cookie).
func NewPageCache(ttl time.Duration, now func() time.Time, anonymous func(*http.Request) bool) *PageCache {
	if now == nil {
		now = time.Now
	}
	// A window as large as a page: the encoder's default (8 MB) made every new page
	// cost megabytes.
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault), zstd.WithWindowSize(1<<17), zstd.WithEncoderConcurrency(1))
	if err != nil {
		panic(err) // constant, valid options
	}
	return &PageCache{ttl: ttl, now: now, anonymous: anonymous, pages: map[string]*cachedPage{}, zstd: enc}
}

// Invalidate forgets every page; pages being rendered now are not kept either.
func (c *PageCache) Invalidate() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	clear(c.pages)
}

// Len is how many answers are kept now.
func (c *PageCache) Len() int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return len(c.pages)
}

// CacheKey names the answer a request gets: requests with the same key must get the same
// bytes from the handler, so the key holds everything the handler reads from the request
// besides the session: the path, and the query parameters in the form the handler reads
// them. ok is false for a request whose answer is not kept (a parameter the handler does
// not read, or a value it refuses): the handler answers it. A key must not let junk in
// the address make new entries.
type CacheKey func(r *http.Request) (key string, ok bool)

// PathOnly is the key of a handler that reads nothing but the path: an address with a
// query string is answered by the handler, not kept.
func PathOnly(r *http.Request) (string, bool) { return r.URL.Path, r.URL.RawQuery == "" }

// Wrap serves next's GET answers from the cache when they may be shared; next reads
// nothing but the path (PathOnly).
func (c *PageCache) Wrap(next http.Handler) http.Handler { return c.WrapKeyed(next, PathOnly) }

// WrapKeyed serves next's GET answers from the cache when they may be shared, kept by
// keyOf.
func (c *PageCache) WrapKeyed(next http.Handler, keyOf CacheKey) http.Handler {
	if c == nil || c.ttl <= 0 {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if (r.Method != http.MethodGet && r.Method != http.MethodHead) || !c.anonymous(r) {
			next.ServeHTTP(w, r)
			return
		}
		key, ok := keyOf(r)
		if !ok {
			next.ServeHTTP(w, r)
			return
		}
		now := c.now()
		c.mu.RLock()
		p, gen := c.pages[key], c.gen
		c.mu.RUnlock()
		if p != nil && now.Before(p.expires) {
			p.serve(w, r)
			return
		}

		v, _, shared := c.flight.Do(key, func() (any, error) {
			rec := &pageRecorder{header: http.Header{}, status: http.StatusOK}
			next.ServeHTTP(rec, r)
			if rec.status != http.StatusOK || rec.header.Get("Set-Cookie") != "" || rec.body.Len() == 0 || r.Method == http.MethodHead {
				return rec, nil
			}
			p := c.newCachedPage(rec.header, bytes.Clone(rec.body.Bytes()), now.Add(c.ttl))
			c.mu.Lock()
			if c.gen == gen {
				if len(c.pages) >= maxCachedPages {
					clear(c.pages)
				}
				c.pages[key] = p
			}
			c.mu.Unlock()
			return p, nil
		})
		switch v := v.(type) {
		case *cachedPage:
			v.serve(w, r)
		case *pageRecorder:
			if shared {
				// Another visitor's answer that may not be shared: render this one's own.
				next.ServeHTTP(w, r)
				return
			}
			v.replay(w)
		}
	})
}

func (c *PageCache) newCachedPage(header http.Header, body []byte, expires time.Time) *cachedPage {
	header.Del("Content-Length")
	sum := sha256.Sum256(body)
	return &cachedPage{header: header, body: body, expires: expires, etag: hex.EncodeToString(sum[:12]), zstdEnc: c.zstd}
}

// Once per page per TTL, and a page's visitors wait for it: the default levels.
func (p *cachedPage) gzipped() []byte {
	return p.gzip.get(func() []byte {
		var gz bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&gz, gzip.DefaultCompression)
		zw.Write(p.body)
		zw.Close()
		return gz.Bytes()
	})
}

func (p *cachedPage) zstded() []byte {
	return p.zstd.get(func() []byte { return p.zstdEnc.EncodeAll(p.body, nil) })
}

// serve answers with the page in the coding the request accepts.
func (p *cachedPage) serve(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	for k, v := range p.header {
		h[k] = slices.Clone(v)
	}
	if !slices.ContainsFunc(h.Values("Vary"), func(v string) bool { return strings.Contains(v, "Accept-Encoding") }) {
		h.Add("Vary", "Accept-Encoding")
	}
	body, etag := p.body, p.etag
	switch acceptEncoding(r.Header.Get("Accept-Encoding"), "zstd", "gzip") {
	case "zstd":
		body, etag = p.zstded(), etag+"-zstd"
		h.Set("Content-Encoding", "zstd")
	case "gzip":
		body, etag = p.gzipped(), etag+"-gzip"
		h.Set("Content-Encoding", "gzip")
	}
	etag = `"` + etag + `"`
	h.Set("ETag", etag)
	if inm := r.Header.Get("If-None-Match"); inm != "" && etagListHas(inm, etag) {
		h.Del("Content-Type")
		h.Del("Content-Encoding")
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// etagListHas reports whether an If-None-Match list names etag (weak or strong).
func etagListHas(list, etag string) bool {
	for t := range strings.SplitSeq(list, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == etag || t == "*" {
			return true
		}
	}
	return false
}

// pageRecorder holds an answer until it is known whether it may be cached.
type pageRecorder struct {
	header      http.Header
	status      int
	wroteHeader bool
	body        bytes.Buffer
}

func (r *pageRecorder) Header() http.Header { return r.header }

func (r *pageRecorder) WriteHeader(code int) {
	if !r.wroteHeader {
		r.wroteHeader = true
		r.status = code
	}
}

func (r *pageRecorder) Write(b []byte) (int, error) {
	r.WriteHeader(http.StatusOK)
	return r.body.Write(b)
}

// replay sends a recorded answer that is not kept, as the handler wrote it.
func (r *pageRecorder) replay(w http.ResponseWriter) {
	h := w.Header()
	for k, v := range r.header {
		h[k] = v
	}
	w.WriteHeader(r.status)
	_, _ = w.Write(r.body.Bytes())
}
