package server

import (
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
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

// images serves pictures from dir/sub. A missing picture (an imported tour whose files
// were not copied, say) gets the fallback, so pages never show a broken image.
func images(dir, sub, fallback string) http.Handler {
	root := filepath.Join(dir, sub)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := r.PathValue("file")
		if !media.ValidName(name) {
			http.NotFound(w, r)
			return
		}
		path := filepath.Join(root, name)
		if _, err := os.Stat(path); err != nil {
			path = filepath.Join(root, fallback)
		}
		w.Header().Set("Cache-Control", "public, max-age=86400")
		http.ServeFile(w, r, path)
	})
}
