package ssr

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"io"
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
}

// Renderer writes whole HTML documents around the engine's page HTML.
type Renderer struct {
	engine Engine
	head   string // the fixed part of <head>: charset, viewport, favicon, Vite assets
	bufs   sync.Pool
}

// maxPooledBuffer keeps one unusually large page from pinning its buffer for ever.
const maxPooledBuffer = 1 << 20

// NewRenderer builds a Renderer from an engine and the Vite client manifest
// (ui/dist/client/.vite/manifest.json).
func NewRenderer(engine Engine, manifest []byte) (*Renderer, error) {
	tags, err := assetTags(manifest)
	if err != nil {
		return nil, fmt.Errorf("ssr: %w", err)
	}
	return &Renderer{
		engine: engine,
		head: `<meta charset="utf-8">` +
			`<meta name="viewport" content="width=device-width, initial-scale=1">` +
			`<link rel="icon" type="image/svg+xml" href="/favicon.svg">` + tags,
		bufs: sync.Pool{New: func() any { return new(bytes.Buffer) }},
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
	buf.WriteString(r.head)
	buf.WriteString(`<title>`)
	buf.WriteString(html.EscapeString(doc.Title))
	buf.WriteString(`</title>`)
	if doc.Description != "" {
		buf.WriteString(`<meta name="description" content="`)
		buf.WriteString(html.EscapeString(doc.Description))
		buf.WriteString(`">`)
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
