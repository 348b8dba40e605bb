package server

import (
	"net/http"
	"os"
	"path/filepath"

	"tourbook/internal/media"
)

// immutable marks Vite's hashed assets as cacheable for a year: a new build has new names.
func immutable(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		next.ServeHTTP(w, r)
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
