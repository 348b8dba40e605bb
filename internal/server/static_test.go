package server

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"testing/fstest"

	"github.com/klauspost/compress/zstd"
)

func TestAssetsSendTheCopyTheBrowserAccepts(t *testing.T) {
	js := []byte("console.log('a page script long enough to be worth compressing');")
	fsys := fstest.MapFS{
		"assets/app-1a2b.js":    {Data: js},
		"assets/app-1a2b.js.br": {Data: []byte("BROTLI")},
		"assets/app-1a2b.js.gz": {Data: []byte("GZIPPED")},
		"assets/icon-9f.png":    {Data: []byte("\x89PNG....")},
		"assets/dir/x":          {Data: []byte("x")},
	}
	h := assets(fsys)
	get := func(path string, header ...string) *httptest.ResponseRecorder {
		t.Helper()
		req := httptest.NewRequest("GET", path, nil)
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}

	etags := map[string]string{}
	for _, tc := range []struct{ accept, coding, body string }{
		{"", "", string(js)},
		{"gzip, deflate, br, zstd", "br", "BROTLI"},
		{"gzip", "gzip", "GZIPPED"},
		{"br;q=0, gzip;q=0", "", string(js)},
	} {
		rec := get("/assets/app-1a2b.js", "Accept-Encoding", tc.accept)
		res := rec.Result()
		if res.StatusCode != http.StatusOK || rec.Body.String() != tc.body {
			t.Fatalf("Accept-Encoding %q: %d %q, want 200 %q", tc.accept, res.StatusCode, rec.Body, tc.body)
		}
		if got := res.Header.Get("Content-Encoding"); got != tc.coding {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q, want %q", tc.accept, got, tc.coding)
		}
		if got := res.Header.Get("Content-Length"); got != strconv.Itoa(len(tc.body)) {
			t.Errorf("Accept-Encoding %q: Content-Length %s, want %d", tc.accept, got, len(tc.body))
		}
		if got := res.Header.Get("Vary"); got != "Accept-Encoding" {
			t.Errorf("Accept-Encoding %q: Vary %q", tc.accept, got)
		}
		if got := res.Header.Get("Content-Type"); got != "text/javascript; charset=utf-8" {
			t.Errorf("Accept-Encoding %q: Content-Type %q", tc.accept, got)
		}
		if got := res.Header.Get("Cache-Control"); got != "public, max-age=31536000, immutable" {
			t.Errorf("Cache-Control %q", got)
		}
		etag := res.Header.Get("ETag")
		if prev, ok := etags[tc.coding]; ok && prev != etag || etag == "" {
			t.Errorf("coding %q: ETag %q, earlier %q", tc.coding, etag, prev)
		}
		etags[tc.coding] = etag
	}
	if len(etags) != 3 || etags[""] == etags["br"] || etags["br"] == etags["gzip"] {
		t.Errorf("ETags per coding = %v, want three different ones", etags)
	}

	// A revalidation names the coding it holds; another coding is a new answer.
	if rec := get("/assets/app-1a2b.js", "Accept-Encoding", "br", "If-None-Match", etags["br"]); rec.Code != http.StatusNotModified {
		t.Errorf("If-None-Match with the br ETag: %d, want 304", rec.Code)
	}
	if rec := get("/assets/app-1a2b.js", "Accept-Encoding", "gzip", "If-None-Match", etags["br"]); rec.Code != http.StatusOK || rec.Body.String() != "GZIPPED" {
		t.Errorf("If-None-Match with the br ETag, gzip accepted: %d %q, want 200 with the gzip copy", rec.Code, rec.Body)
	}

	// A range is a range of the bytes sent.
	rec := get("/assets/app-1a2b.js", "Range", "bytes=0-6")
	if rec.Code != http.StatusPartialContent || rec.Body.String() != "console" || rec.Header().Get("Content-Range") != "bytes 0-6/"+strconv.Itoa(len(js)) {
		t.Errorf("Range 0-6: %d %q %q", rec.Code, rec.Body, rec.Header().Get("Content-Range"))
	}
	rec = get("/assets/app-1a2b.js", "Range", "bytes=1-3", "Accept-Encoding", "gzip")
	if rec.Code != http.StatusPartialContent || rec.Body.String() != "ZIP" || rec.Header().Get("Content-Encoding") != "gzip" {
		t.Errorf("Range 1-3 of the gzip copy: %d %q %q", rec.Code, rec.Body, rec.Header().Get("Content-Encoding"))
	}

	// A file without copies is the same for everyone: no Vary.
	rec = get("/assets/icon-9f.png", "Accept-Encoding", "br, gzip")
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Encoding") != "" || rec.Header().Get("Vary") != "" || rec.Header().Get("Content-Type") != "image/png" {
		t.Errorf("png: %d encoding %q vary %q type %q", rec.Code, rec.Header().Get("Content-Encoding"), rec.Header().Get("Vary"), rec.Header().Get("Content-Type"))
	}
	for _, path := range []string{"/assets/missing.js", "/assets/dir", "/assets/dir/", "/assets/../assets/app-1a2b.js"} {
		if rec := get(path); rec.Code != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", path, rec.Code)
		}
	}
}

// A range past the end is refused in plain text, never labelled as a compressed body.
func TestAssetsUnsatisfiableRangeIsPlain(t *testing.T) {
	h := assets(fstest.MapFS{"assets/a.js": {Data: []byte("aaaa")}, "assets/a.js.gz": {Data: []byte("GZ")}})
	req := httptest.NewRequest("GET", "/assets/a.js", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	req.Header.Set("Range", "bytes=100-200")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusRequestedRangeNotSatisfiable || rec.Header().Get("Content-Encoding") != "" {
		t.Errorf("range past the end: %d, Content-Encoding %q", rec.Code, rec.Header().Get("Content-Encoding"))
	}
}

func decompressBytes(t *testing.T, coding string, b []byte) string {
	t.Helper()
	var r io.Reader
	var err error
	switch coding {
	case "gzip":
		r, err = gzip.NewReader(bytes.NewReader(b))
	case "zstd":
		var d *zstd.Decoder
		d, err = zstd.NewReader(bytes.NewReader(b))
		if err == nil {
			defer d.Close()
		}
		r = d
	}
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}
