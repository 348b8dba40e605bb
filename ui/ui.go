// Package ui embeds the built front end: the client assets the browser loads and the
// server bundle the SSR engine evaluates. `make ui` (npm run build) must run before the
// Go build; the Makefile does it.
package ui

import (
	"embed"
	"fmt"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Client is the Vite client build (hashed assets, favicon, manifest).
func Client() fs.FS {
	sub, err := fs.Sub(dist, "dist/client")
	if err != nil {
		panic(err) // a constant path inside an embedded FS: cannot fail at run time
	}
	return sub
}

// Manifest is the Vite manifest of the client build.
func Manifest() ([]byte, error) {
	b, err := fs.ReadFile(dist, "dist/client/.vite/manifest.json")
	if err != nil {
		return nil, fmt.Errorf("read vite manifest (run `make ui`): %w", err)
	}
	return b, nil
}

// ServerBundle is the self-contained script that defines globalThis.renderPage.
func ServerBundle() ([]byte, error) {
	b, err := fs.ReadFile(dist, "dist/server/render.js")
	if err != nil {
		return nil, fmt.Errorf("read server bundle (run `make ui`): %w", err)
	}
	return b, nil
}
