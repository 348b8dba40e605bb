package server

import (
	"errors"
	"fmt"
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

// images serves pictures from dir/sub. Files are opened through an os.Root, so neither
// a crafted name nor a symlink placed in the folder reaches a file outside it. A missing
// picture (an imported tour whose files were not copied, say) gets the fallback, so pages
// never show a broken image.
func images(dir, sub, fallback string) (http.Handler, error) {
	root, err := os.OpenRoot(filepath.Join(dir, sub))
	if err != nil {
		return nil, fmt.Errorf("image folder: %w", err)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := r.PathValue("file")
		if !media.ValidName(name) {
			http.NotFound(w, r)
			return
		}
		f, err := root.Open(name)
		if errors.Is(err, fs.ErrNotExist) {
			f, err = root.Open(fallback)
		}
		if err != nil {
			http.NotFound(w, r)
			return
		}
		defer f.Close()
		info, err := f.Stat()
		if err != nil || !info.Mode().IsRegular() {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Cache-Control", "public, max-age=86400")
		http.ServeContent(w, r, name, info.ModTime(), f)
	}), nil
}
