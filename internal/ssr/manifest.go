package ssr

import (
	"encoding/json"
	"fmt"
	"html"
	"regexp"
	"strings"
)

// clientEntry is the Vite manifest key of the browser entry (ui/src/entry-client.tsx).
const clientEntry = "src/entry-client.tsx"

// pageModule matches a page's own chunk in the manifest: the entry loads each page with a
// dynamic import of src/pages/<page in kebab case>-page.tsx (ui/src/page-loaders.ts).
var pageModule = regexp.MustCompile(`^src/pages/([a-z0-9-]+)-page\.tsx$`)

// manifestChunk is the part of a Vite manifest entry the document needs.
type manifestChunk struct {
	File           string   `json:"file"`
	CSS            []string `json:"css"`
	Imports        []string `json:"imports"`
	IsDynamicEntry bool     `json:"isDynamicEntry"`
}

// assetTags reads the Vite client manifest and returns the head tags of every page
// (keyed by page name, e.g. "myTours") and those for any other page: the stylesheets
// (including those of the chunks imported, which Vite splits out), modulepreload hints
// for the entry's imports and for the page's own chunk with its imports, so the browser
// fetches them side by side rather than after the entry asks, and the entry's module
// script. The tags never change while the binary runs, so they are built once.
func assetTags(manifest []byte) (pages map[string]string, other string, err error) {
	var m map[string]manifestChunk
	if err := json.Unmarshal(manifest, &m); err != nil {
		return nil, "", fmt.Errorf("parse Vite manifest: %w", err)
	}
	entry, ok := m[clientEntry]
	if !ok || entry.File == "" {
		return nil, "", fmt.Errorf("Vite manifest has no %q entry with a file", clientEntry)
	}
	other = tagsFor(m, entry, "")
	pages = map[string]string{}
	for key, c := range m {
		name := pageModule.FindStringSubmatch(key)
		if name == nil || !c.IsDynamicEntry {
			continue
		}
		pages[camelCase(name[1])] = tagsFor(m, entry, key)
	}
	return pages, other, nil
}

// tagsFor writes the head tags for the entry and, when page is not "", that page's chunk.
func tagsFor(m map[string]manifestChunk, entry manifestChunk, page string) string {
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
	if page != "" {
		visit([]string{page})
	}

	var b strings.Builder
	for _, f := range css {
		fmt.Fprintf(&b, `<link rel="stylesheet" href="%s">`, assetURL(f))
	}
	for _, f := range preloads {
		fmt.Fprintf(&b, `<link rel="modulepreload" href="%s">`, assetURL(f))
	}
	fmt.Fprintf(&b, `<script type="module" src="%s"></script>`, assetURL(entry.File))
	return b.String()
}

// camelCase turns a page module's kebab-case name into the page name: "my-tours" →
// "myTours".
func camelCase(kebab string) string {
	parts := strings.Split(kebab, "-")
	for i := 1; i < len(parts); i++ {
		if parts[i] != "" {
			parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
		}
	}
	return strings.Join(parts, "")
}

// assetURL is where the static handler serves a built file, escaped for an attribute.
func assetURL(file string) string {
	return html.EscapeString("/" + strings.TrimPrefix(file, "/"))
}
