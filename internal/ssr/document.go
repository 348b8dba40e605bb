package ssr

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"io"
	"strconv"
	"sync"
	"unicode/utf8"
)

// Document is one page to send: the head texts, the page to render and its props.
type Document struct {
	Title       string
	Description string
	// Page is the renderPage name, e.g. "tour"; PropsJSON is the PageData JSON for it,
	// given both to the server render and, in the document, to the client's hydration.
	Page      string
	PropsJSON []byte
	// BodyAlert, when set, becomes <body data-alert>: a message the client shows once
	// (SPEC.md's alerts after a redirect).
	BodyAlert string

	// Canonical is the page's absolute public URL, for search engines and link previews
	// (canonical link, og:url). A page without one is private or transient (an account,
	// the back office, an error): it is marked noindex instead.
	Canonical string
	// SiteName is og:site_name.
	SiteName string
	// Image is the picture a link preview shows (og:image, Twitter's large card); none
	// when its URL is empty.
	Image SocialImage
	// StructuredData is the page's schema.org JSON-LD, nil for none.
	StructuredData []byte
	// Preload is the picture the first paint waits for (a tour's hero): the browser
	// fetches it with the style sheet instead of after it.
	Preload ImagePreload
	// Icon is the business's logo as the favicon (a square PNG, a site path); "" keeps
	// the site's own icon.
	Icon string
	// StyleSheet is one more style sheet after the site's (the brand colours), a site
	// path; "" for none.
	StyleSheet string
}

// SocialImage is a link preview's picture: an absolute URL, its pixel size and its text.
type SocialImage struct {
	URL           string
	Width, Height int
	Alt           string
}

// ImagePreload is a responsive <img>'s choice of files, as its srcset and sizes say.
type ImagePreload struct {
	Href, SrcSet, Sizes string
}

// Renderer writes whole HTML documents around the engine's page HTML.
type Renderer struct {
	engine Engine
	meta   string // the fixed start of <head>: charset, viewport
	// The Vite build's style sheets and scripts, per page (each page preloads its own
	// chunk), and for a page the manifest does not name.
	pageAssets map[string]string
	assets     string
	bufs       sync.Pool
}

// maxPooledBuffer keeps one unusually large page from pinning its buffer for ever.
const maxPooledBuffer = 1 << 20

// NewRenderer builds a Renderer from an engine and the Vite client manifest
// (ui/dist/client/.vite/manifest.json).
func NewRenderer(engine Engine, manifest []byte) (*Renderer, error) {
	pages, other, err := assetTags(manifest)
	if err != nil {
		return nil, fmt.Errorf("ssr: %w", err)
	}
	return &Renderer{
		engine: engine,
		meta: `<meta charset="utf-8">` +
			`<meta name="viewport" content="width=device-width, initial-scale=1">`,
		pageAssets: pages,
		assets:     other,
		bufs:       sync.Pool{New: func() any { return new(bytes.Buffer) }},
	}, nil
}

// Write renders doc and writes the document to w in one Write. On error nothing has
// been written, so the caller can still send an error page.
func (r *Renderer) Write(ctx context.Context, w io.Writer, doc Document) error {
	body, err := r.engine.Render(ctx, doc.Page, doc.PropsJSON)
	if err != nil {
		return err
	}
	buf := r.bufs.Get().(*bytes.Buffer)
	defer func() {
		if buf.Cap() <= maxPooledBuffer {
			buf.Reset()
			r.bufs.Put(buf)
		}
	}()

	buf.WriteString(`<!doctype html><html lang="en"><head>`)
	buf.WriteString(r.meta)
	if doc.Icon == "" {
		buf.WriteString(`<link rel="icon" type="image/svg+xml" href="/favicon.svg">`)
	} else {
		icon := html.EscapeString(doc.Icon)
		buf.WriteString(`<link rel="icon" type="image/png" sizes="180x180" href="` + icon + `">`)
		buf.WriteString(`<link rel="apple-touch-icon" href="` + icon + `">`)
	}
	buf.WriteString(`<title>`)
	buf.WriteString(html.EscapeString(doc.Title))
	buf.WriteString(`</title>`)
	writeMeta(buf, "name", "description", doc.Description)
	writeHead(buf, doc)
	assets, ok := r.pageAssets[doc.Page]
	if !ok {
		assets = r.assets
	}
	buf.WriteString(assets)
	if doc.StyleSheet != "" {
		buf.WriteString(`<link rel="stylesheet" href="`)
		buf.WriteString(html.EscapeString(doc.StyleSheet))
		buf.WriteString(`">`)
	}
	if doc.StructuredData != nil {
		buf.WriteString(`<script type="application/ld+json">`)
		writeScriptJSON(buf, doc.StructuredData)
		buf.WriteString(`</script>`)
	}
	buf.WriteString(`</head><body`)
	if doc.BodyAlert != "" {
		buf.WriteString(` data-alert="`)
		buf.WriteString(html.EscapeString(doc.BodyAlert))
		buf.WriteString(`"`)
	}
	buf.WriteString(`><div id="root">`)
	buf.WriteString(body)
	buf.WriteString(`</div><script id="page-props" type="application/json">`)
	writeScriptJSON(buf, doc.PropsJSON)
	buf.WriteString(`</script></body></html>`)

	if _, err := w.Write(buf.Bytes()); err != nil {
		return fmt.Errorf("ssr: write document: %w", err)
	}
	return nil
}

// writeHead writes what search engines and link previews read, and the hero's preload,
// which comes before the style sheets so that the picture is asked for first.
func writeHead(buf *bytes.Buffer, doc Document) {
	if doc.Canonical == "" {
		buf.WriteString(`<meta name="robots" content="noindex">`)
	} else {
		buf.WriteString(`<link rel="canonical" href="`)
		buf.WriteString(html.EscapeString(doc.Canonical))
		buf.WriteString(`">`)
		writeMeta(buf, "property", "og:type", "website")
		writeMeta(buf, "property", "og:site_name", doc.SiteName)
		writeMeta(buf, "property", "og:title", doc.Title)
		writeMeta(buf, "property", "og:description", doc.Description)
		writeMeta(buf, "property", "og:url", doc.Canonical)
		card := "summary"
		if img := doc.Image; img.URL != "" {
			card = "summary_large_image"
			writeMeta(buf, "property", "og:image", img.URL)
			if img.Width > 0 && img.Height > 0 {
				writeMeta(buf, "property", "og:image:width", strconv.Itoa(img.Width))
				writeMeta(buf, "property", "og:image:height", strconv.Itoa(img.Height))
			}
			writeMeta(buf, "property", "og:image:alt", img.Alt)
		}
		// Twitter reads the title, description and picture from the Open Graph tags.
		writeMeta(buf, "name", "twitter:card", card)
	}
	if p := doc.Preload; p.Href != "" {
		buf.WriteString(`<link rel="preload" as="image" href="`)
		buf.WriteString(html.EscapeString(p.Href))
		if p.SrcSet != "" {
			buf.WriteString(`" imagesrcset="`)
			buf.WriteString(html.EscapeString(p.SrcSet))
			buf.WriteString(`" imagesizes="`)
			buf.WriteString(html.EscapeString(p.Sizes))
		}
		buf.WriteString(`" fetchpriority="high">`)
	}
}

// writeMeta writes <meta attr="key" content="value">, nothing for an empty value.
func writeMeta(buf *bytes.Buffer, attr, key, value string) {
	if value == "" {
		return
	}
	buf.WriteString(`<meta `)
	buf.WriteString(attr)
	buf.WriteString(`="`)
	buf.WriteString(key)
	buf.WriteString(`" content="`)
	buf.WriteString(html.EscapeString(value))
	buf.WriteString(`">`)
}

// writeScriptJSON writes JSON so that no byte sequence in it can end the script element
// or start an HTML comment in it, whatever the encoder did: <, > and & become \u escapes
// (valid anywhere they can appear in JSON, i.e. inside strings), and so do U+2028 and
// U+2029, which older JavaScript parsers treat as line ends.
func writeScriptJSON(buf *bytes.Buffer, js []byte) {
	start := 0
	for i := 0; i < len(js); {
		c := js[i]
		if c < utf8.RuneSelf {
			if c == '<' || c == '>' || c == '&' {
				buf.Write(js[start:i])
				fmt.Fprintf(buf, `\u%04x`, c)
				start = i + 1
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(js[i:])
		if r == '\u2028' || r == '\u2029' {
			buf.Write(js[start:i])
			fmt.Fprintf(buf, `\u%04x`, r)
			start = i + size
		}
		i += size
	}
	buf.Write(js[start:])
}
