package app

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"

	"tourbook/ui"
)

// rawClient sends the Accept-Encoding it is given and hands back the bytes as sent:
// Go's client would otherwise ask for gzip itself and undo it.
var rawClient = &http.Client{Transport: &http.Transport{DisableCompression: true}}

func (s *testSite) getEncoded(t *testing.T, path, accept string) result {
	t.Helper()
	return s.do(t, rawClient, http.MethodGet, path, "", nil, "Accept-Encoding", accept)
}

func decompress(t *testing.T, coding, body string) string {
	t.Helper()
	var r io.Reader
	switch coding {
	case "gzip":
		zr, err := gzip.NewReader(strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	case "zstd":
		zr, err := zstd.NewReader(strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer zr.Close()
		r = zr
	default:
		t.Fatalf("no decoder for %q", coding)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("%s body: %v", coding, err)
	}
	return string(b)
}

func TestPagesAndJSONAreCompressedOnTheFly(t *testing.T) {
	t.Parallel()
	s := newTestSite(t)
	_, slug, _ := s.firstTour(t)
	for _, path := range []string{"/", "/tour/" + slug, "/api/v1/tours", "/login"} {
		plain := s.getEncoded(t, path, "")
		if plain.status != http.StatusOK || plain.header.Get("Content-Encoding") != "" {
			t.Fatalf("GET %s without Accept-Encoding: %d, Content-Encoding %q", path, plain.status, plain.header.Get("Content-Encoding"))
		}
		for _, coding := range []string{"gzip", "zstd"} {
			r := s.getEncoded(t, path, coding)
			if r.status != http.StatusOK || r.header.Get("Content-Encoding") != coding {
				t.Fatalf("GET %s accepting %s: %d, Content-Encoding %q", path, coding, r.status, r.header.Get("Content-Encoding"))
			}
			if !strings.Contains(strings.Join(r.header.Values("Vary"), ","), "Accept-Encoding") {
				t.Errorf("GET %s accepting %s: Vary %q", path, coding, r.header.Values("Vary"))
			}
			if len(r.body) >= len(plain.body)/2 {
				t.Errorf("GET %s in %s: %d bytes of %d", path, coding, len(r.body), len(plain.body))
			}
			if got := decompress(t, coding, r.body); got != plain.body {
				t.Errorf("GET %s in %s does not decompress to the plain answer", path, coding)
			}
		}
	}
	// Small answers and pictures go as they are.
	if r := s.getEncoded(t, "/healthz", "gzip"); r.status != http.StatusOK || r.header.Get("Content-Encoding") != "" {
		t.Errorf("/healthz: %d, Content-Encoding %q", r.status, r.header.Get("Content-Encoding"))
	}
	page := s.getEncoded(t, "/tour/"+slug, "").body
	i := strings.Index(page, `src="/img/tours/`)
	if i < 0 {
		t.Fatal("no tour picture on the tour page")
	}
	img := page[i+5 : i+5+strings.Index(page[i+5:], `"`)]
	if r := s.getEncoded(t, img, "gzip, br, zstd"); r.status != http.StatusOK || r.header.Get("Content-Encoding") != "" || r.header.Get("Vary") != "" {
		t.Errorf("GET %s: %d, Content-Encoding %q, Vary %q", img, r.status, r.header.Get("Content-Encoding"), r.header.Get("Vary"))
	}
}

// The scripts and styles go out as the build compressed them, with their own lengths.
func TestAssetsArePrecompressed(t *testing.T) {
	t.Parallel()
	s := newTestSite(t)
	page := s.getEncoded(t, "/", "").body
	var files []string
	for _, attr := range []string{`<script type="module" src="`, `<link rel="stylesheet" href="`} {
		i := strings.Index(page, attr)
		if i < 0 {
			t.Fatalf("no %s in the overview", attr)
		}
		rest := page[i+len(attr):]
		files = append(files, rest[:strings.Index(rest, `"`)])
	}
	client := ui.Client()
	for _, file := range files {
		plain, err := fs.ReadFile(client, strings.TrimPrefix(file, "/"))
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct{ accept, coding, suffix string }{
			{"gzip, deflate, br, zstd", "br", ".br"},
			{"gzip", "gzip", ".gz"},
		} {
			want, err := fs.ReadFile(client, strings.TrimPrefix(file, "/")+tc.suffix)
			if err != nil {
				t.Fatalf("the build wrote no %s copy of %s: %v", tc.suffix, file, err)
			}
			r := s.getEncoded(t, file, tc.accept)
			if r.status != http.StatusOK || r.header.Get("Content-Encoding") != tc.coding || !bytes.Equal([]byte(r.body), want) {
				t.Fatalf("GET %s accepting %q: %d, Content-Encoding %q, %d bytes; want the %d bytes of %s%s",
					file, tc.accept, r.status, r.header.Get("Content-Encoding"), len(r.body), len(want), file, tc.suffix)
			}
			if r.header.Get("Content-Length") != strconv.Itoa(len(want)) || r.header.Get("Vary") != "Accept-Encoding" {
				t.Errorf("GET %s in %s: Content-Length %q, Vary %q", file, tc.coding, r.header.Get("Content-Length"), r.header.Get("Vary"))
			}
			if tc.coding == "gzip" && decompress(t, "gzip", r.body) != string(plain) {
				t.Errorf("%s.gz does not decompress to %s", file, file)
			}
		}
	}
}
