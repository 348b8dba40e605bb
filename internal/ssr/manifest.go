package ssr

import (
	"encoding/json"
	"fmt"
	"html"
	"strings"
)

// clientEntry is the Vite manifest key of the browser entry (ui/src/entry-client.tsx).
const clientEntry = "src/entry-client.tsx"

// manifestChunk is the part of a Vite manifest entry the document needs.
type manifestChunk struct {
	File    string   `json:"file"`
	CSS     []string `json:"css"`
	Imports []string `json:"imports"`
}

// assetTags reads the Vite client manifest and returns the head tags for the client
// entry: its stylesheets (including those of the chunks it imports, which Vite splits
// out), modulepreload hints for the imported chunks, and the module script. The tags
// never change while the binary runs, so they are built once.
func assetTags(manifest []byte) (string, error) {
	var m map[string]manifestChunk
	if err := json.Unmarshal(manifest, &m); err != nil {
		return "", fmt.Errorf("parse Vite manifest: %w", err)
	}
	entry, ok := m[clientEntry]
	if !ok || entry.File == "" {
		return "", fmt.Errorf("Vite manifest has no %q entry with a file", clientEntry)
	}

	var css, preloads []string
	seenCSS := map[string]bool{}
	seenChunk := map[string]bool{clientEntry: true}
	addCSS := func(files []string) {
		for _, f := range files {
			if !seenCSS[f] {
				seenCSS[f] = true
				css = append(css, f)
			}
		}
	}
	// Depth first, imports before their importer, as Vite's own HTML plugin orders CSS.
	var visit func(keys []string)
	visit = func(keys []string) {
		for _, k := range keys {
			if seenChunk[k] {
				continue
			}
			seenChunk[k] = true
			c, ok := m[k]
			if !ok {
				continue
			}
			visit(c.Imports)
			addCSS(c.CSS)
			if c.File != "" {
				preloads = append(preloads, c.File)
			}
		}
	}
	visit(entry.Imports)
	addCSS(entry.CSS)

	var b strings.Builder
	for _, f := range css {
		fmt.Fprintf(&b, `<link rel="stylesheet" href="%s">`, assetURL(f))
	}
	for _, f := range preloads {
		fmt.Fprintf(&b, `<link rel="modulepreload" href="%s">`, assetURL(f))
	}
	fmt.Fprintf(&b, `<script type="module" src="%s"></script>`, assetURL(entry.File))
	return b.String(), nil
}

// assetURL is where the static handler serves a built file, escaped for an attribute.
func assetURL(file string) string {
	return html.EscapeString("/" + strings.TrimPrefix(file, "/"))
}
