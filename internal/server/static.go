package server

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"mime"
	"net/http"
	"path"
	"slices"
	"strings"
	"sync"
	"time"

	"tourbook/internal/media"
)

// assets serves Vite's build: files only (no directory listings), and hashed files as
// cacheable for a year, since a new build has new names. A miss is a plain 404 that no
// cache keeps.
//
// The build writes a Brotli (.br) and a gzip (.gz) copy beside each text file
// (ui/scripts/precompress.ts); the one the browser accepts is sent as it is, with its
// own length and ETag, and Vary says the answer depends on Accept-Encoding. Ranges and
// conditional requests (http.ServeContent) apply to the bytes sent, as RFC 9110 has it.
func assets(fsys fs.FS) http.Handler {
	var index sync.Map // file name → *asset
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, "/")
		a, err := lookupAsset(fsys, &index, name)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		h := w.Header()
		if strings.HasPrefix(r.URL.Path, "/assets/") {
			h.Set("Cache-Control", "public, max-age=31536000, immutable")
		}
		v := a.variants[0]
		if len(a.variants) > 1 {
			h.Add("Vary", "Accept-Encoding")
			if enc := acceptEncoding(r.Header.Get("Accept-Encoding"), a.codings...); enc != "" {
				v = a.variants[slices.Index(a.codings, enc)+1]
				// Named only as the answer goes out: ServeContent leaves out the length
				// of a body it sees a Content-Encoding on.
				w = &codingWriter{ResponseWriter: w, coding: enc}
			}
		}
		f, err := fsys.Open(v.file)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		defer f.Close()
		rs, ok := f.(io.ReadSeeker)
		if !ok {
			http.Error(w, "asset is not seekable", http.StatusInternalServerError)
			return
		}
		h.Set("Content-Type", a.contentType)
		h.Set("ETag", v.etag)
		http.ServeContent(w, r, name, time.Time{}, rs)
	})
}

// codingWriter adds Content-Encoding to a 200 or 206 answer as its header is written;
// errors (a range that cannot be satisfied) are plain text.
type codingWriter struct {
	http.ResponseWriter
	coding      string
	wroteHeader bool
}

func (w *codingWriter) WriteHeader(code int) {
	if !w.wroteHeader {
		w.wroteHeader = true
		if code == http.StatusOK || code == http.StatusPartialContent {
			w.Header().Set("Content-Encoding", w.coding)
		}
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *codingWriter) Write(b []byte) (int, error) {
	if !w.wroteHeader {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(b)
}

func (w *codingWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// asset is one built file and its compressed copies.
type asset struct {
	contentType string
	codings     []string       // the codings there is a copy in, in order of preference
	variants    []assetVariant // the file itself, then one per coding
}

type assetVariant struct{ file, etag string }

// assetCodings are the copies the build may write, best first, with their suffixes.
var assetCodings = []struct{ coding, suffix string }{{"br", ".br"}, {"gzip", ".gz"}}

// lookupAsset finds name in fsys and its copies, once per file: the ETags hash the
// contents, which never change while the binary runs.
func lookupAsset(fsys fs.FS, index *sync.Map, name string) (*asset, error) {
	if a, ok := index.Load(name); ok {
		return a.(*asset), nil
	}
	info, err := fs.Stat(fsys, name)
	if err != nil || info.IsDir() || !fs.ValidPath(name) {
		return nil, fs.ErrNotExist
	}
	ctype := mime.TypeByExtension(path.Ext(name))
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	a := &asset{contentType: ctype}
	tag, err := contentTag(fsys, name)
	if err != nil {
		return nil, err
	}
	a.variants = append(a.variants, assetVariant{name, `"` + tag + `"`})
	for _, c := range assetCodings {
		if _, err := fs.Stat(fsys, name+c.suffix); err != nil {
			continue
		}
		// A copy's tag names the file's content and the coding: a cache holding one
		// coding must never answer a request for another with it.
		a.codings = append(a.codings, c.coding)
		a.variants = append(a.variants, assetVariant{name + c.suffix, `"` + tag + "-" + c.coding + `"`})
	}
	index.Store(name, a)
	return a, nil
}

// contentTag is a short hash of a file's content, for its ETag.
func contentTag(fsys fs.FS, name string) (string, error) {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:12]), nil
}

// images serves pictures from a bucket (a folder, whose os.Root keeps a crafted name or
// a symlink from reaching outside it, or the database). A missing picture (an imported
// tour whose files were not copied, say) gets the fallback, so pages never show a broken
// image; without a fallback ("") it is a 404.
//
// Uploaded pictures get random names and are never changed under them, so they are
// cached for a year as immutable; sample and imported names may get a new file, so
// they are cached for a day, and a fallback is revalidated every time, so the real
// picture shows once it is there. The ETag (size and time stored) lets a browser
// revalidate without the bytes.
func images(b media.Bucket, fallback string, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := r.PathValue("file")
		if !media.ValidName(name) {
			http.NotFound(w, r)
			return
		}
		cache := "public, max-age=86400"
		if media.IsUploadName(name) {
			cache = "public, max-age=31536000, immutable"
		}
		o, err := b.Open(r.Context(), name)
		if errors.Is(err, fs.ErrNotExist) && fallback != "" {
			cache = "no-cache"
			o, err = b.Open(r.Context(), fallback)
		}
		if err != nil {
			if !errors.Is(err, fs.ErrNotExist) {
				log.Error("open picture", "name", name, "error", err)
				http.Error(w, "The picture cannot be shown right now.", http.StatusServiceUnavailable)
				return
			}
			http.NotFound(w, r)
			return
		}
		defer o.Close()
		h := w.Header()
		h.Set("Cache-Control", cache)
		h.Set("ETag", fmt.Sprintf(`"%x-%x"`, o.Size, o.ModTime.UnixNano()))
		http.ServeContent(w, r, name, o.ModTime, o)
	})
}
