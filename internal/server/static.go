package server

import (
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"

	"tourbook/internal/media"
)

// assets serves Vite's build: files only (no directory listings), and hashed files as
// cacheable for a year, since a new build has new names. A miss is a plain 404 that no
// cache keeps.
func assets(fsys fs.FS) http.Handler {
	files := http.FileServerFS(fsys)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		info, err := fs.Stat(fsys, strings.TrimPrefix(r.URL.Path, "/"))
		if err != nil || info.IsDir() {
			http.NotFound(w, r)
			return
		}
		if strings.HasPrefix(r.URL.Path, "/assets/") {
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		}
		files.ServeHTTP(w, r)
	})
}

// images serves pictures from a bucket (a folder, whose os.Root keeps a crafted name or
// a symlink from reaching outside it, or the database). A missing picture (an imported
// tour whose files were not copied, say) gets the fallback, so pages never show a broken
// image.
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
		if errors.Is(err, fs.ErrNotExist) {
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
