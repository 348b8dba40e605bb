package ssr

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// stubEngine returns fixed HTML or an error, so document tests need no JS.
type stubEngine struct {
	html string
	err  error
}

func (s stubEngine) Render(context.Context, string, []byte) (string, error) { return s.html, s.err }
func (s stubEngine) Close() error                                           { return nil }
func (s stubEngine) Ready() error                                           { return nil }

const testManifest = `{
  "_vendor-BxRa1.js": {"file": "assets/vendor-BxRa1.js", "css": ["assets/vendor-9f8e.css"]},
  "src/entry-client.tsx": {
    "file": "assets/entry-client-abc123.js",
    "src": "src/entry-client.tsx",
    "isEntry": true,
    "imports": ["_vendor-BxRa1.js"],
    "css": ["assets/entry-client-d41d.css"]
  }
}`

func newTestRenderer(tb testing.TB, e Engine) *Renderer {
	tb.Helper()
	r, err := NewRenderer(e, []byte(testManifest))
	if err != nil {
		tb.Fatal(err)
	}
	return r
}

func TestRendererWritesDocument(t *testing.T) {
	r := newTestRenderer(t, stubEngine{html: `<main>Tours</main>`})
	var out bytes.Buffer
	err := r.Write(context.Background(), &out, Document{
		Title:       `Tourbook | All "tours" & more`,
		Description: `Tours <for> everyone`,
		Page:        "overview",
		PropsJSON:   []byte(`{"page":"overview"}`),
		BodyAlert:   `Booked! "<x>" & 'y'`,
	})
	if err != nil {
		t.Fatal(err)
	}
	want := `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
		`<meta name="viewport" content="width=device-width, initial-scale=1">` +
		`<link rel="icon" type="image/svg+xml" href="/favicon.svg">` +
		`<title>Tourbook | All &#34;tours&#34; &amp; more</title>` +
		`<meta name="description" content="Tours &lt;for&gt; everyone">` +
		`<meta name="robots" content="noindex">` +
		`<link rel="stylesheet" href="/assets/vendor-9f8e.css">` +
		`<link rel="stylesheet" href="/assets/entry-client-d41d.css">` +
		`<link rel="modulepreload" href="/assets/vendor-BxRa1.js">` +
		`<script type="module" src="/assets/entry-client-abc123.js"></script>` +
		`</head><body data-alert="Booked! &#34;&lt;x&gt;&#34; &amp; &#39;y&#39;"><div id="root"><main>Tours</main></div>` +
		`<script id="page-props" type="application/json">{"page":"overview"}</script></body></html>`
	if got := out.String(); got != want {
		t.Errorf("document:\n got %s\nwant %s", got, want)
	}
}

// A business with a logo has it as the favicon (and a phone's home-screen icon), and its
// colours come in a style sheet of their own after the site's, so that they win.
func TestRendererWritesTheBrandsIconAndStyleSheet(t *testing.T) {
	r := newTestRenderer(t, stubEngine{html: `x`})
	var out bytes.Buffer
	err := r.Write(context.Background(), &out, Document{Title: "Fjord & Fell", Page: "overview", PropsJSON: []byte(`{}`),
		Icon: `/img/brand/logo-7f3a-favicon.png?"x"`, StyleSheet: "/brand.css?v=1a2b&c"})
	if err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{
		`<meta name="viewport" content="width=device-width, initial-scale=1">` +
			`<link rel="icon" type="image/png" sizes="180x180" href="/img/brand/logo-7f3a-favicon.png?&#34;x&#34;">` +
			`<link rel="apple-touch-icon" href="/img/brand/logo-7f3a-favicon.png?&#34;x&#34;"><title>`,
		`<link rel="stylesheet" href="/assets/entry-client-d41d.css">` +
			`<link rel="modulepreload" href="/assets/vendor-BxRa1.js">` +
			`<script type="module" src="/assets/entry-client-abc123.js"></script>` +
			`<link rel="stylesheet" href="/brand.css?v=1a2b&amp;c"></head>`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("document lacks %s:\n%s", want, got)
		}
	}
	if strings.Contains(got, "favicon.svg") {
		t.Errorf("the site's own icon is still linked:\n%s", got)
	}
}

// A public page names its address, its link preview and its hero, each escaped; its
// JSON-LD cannot end the script element whatever its texts hold.
func TestRendererWritesPublicPageHead(t *testing.T) {
	r := newTestRenderer(t, stubEngine{html: `x`})
	var out bytes.Buffer
	err := r.Write(context.Background(), &out, Document{
		Title: `Alps & "more" | Tourbook`, Description: `Peaks <high>`, Page: "tour", PropsJSON: []byte(`{}`),
		Canonical: `https://tours.example.com/tour/alps?a=1&b="2"`, SiteName: "Tourbook",
		Image:          SocialImage{URL: "https://tours.example.com/img/tours/a.jpg", Width: 1600, Height: 1067, Alt: `Alps "cover"`},
		StructuredData: []byte("{\"name\":\"</script><!-- \u2028 \u2029 &\"}"),
		Preload:        ImagePreload{Href: "/img/tours/a.jpg", SrcSet: "/img/tours/a-480.jpg 480w, /img/tours/a.jpg 1600w", Sizes: "100vw"},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := `<title>Alps &amp; &#34;more&#34; | Tourbook</title>` +
		`<meta name="description" content="Peaks &lt;high&gt;">` +
		`<link rel="canonical" href="https://tours.example.com/tour/alps?a=1&amp;b=&#34;2&#34;">` +
		`<meta property="og:type" content="website">` +
		`<meta property="og:site_name" content="Tourbook">` +
		`<meta property="og:title" content="Alps &amp; &#34;more&#34; | Tourbook">` +
		`<meta property="og:description" content="Peaks &lt;high&gt;">` +
		`<meta property="og:url" content="https://tours.example.com/tour/alps?a=1&amp;b=&#34;2&#34;">` +
		`<meta property="og:image" content="https://tours.example.com/img/tours/a.jpg">` +
		`<meta property="og:image:width" content="1600">` +
		`<meta property="og:image:height" content="1067">` +
		`<meta property="og:image:alt" content="Alps &#34;cover&#34;">` +
		`<meta name="twitter:card" content="summary_large_image">` +
		`<link rel="preload" as="image" href="/img/tours/a.jpg" imagesrcset="/img/tours/a-480.jpg 480w, /img/tours/a.jpg 1600w" imagesizes="100vw" fetchpriority="high">` +
		`<link rel="stylesheet" href="/assets/vendor-9f8e.css">`
	if got := out.String(); !strings.Contains(got, want) {
		t.Errorf("head:\n got %s\nwant %s", got, want)
	}
	ld := `<script type="application/ld+json">{"name":"\u003c/script\u003e\u003c!-- \u2028 \u2029 \u0026"}</script></head>`
	if !strings.Contains(out.String(), ld) {
		t.Errorf("JSON-LD not escaped as %s:\n%s", ld, out.String())
	}
	if strings.Contains(out.String(), "noindex") {
		t.Error("a page with a canonical address says noindex")
	}
}

func TestRendererOmitsEmptyOptionalParts(t *testing.T) {
	r := newTestRenderer(t, stubEngine{html: `x`})
	var out bytes.Buffer
	if err := r.Write(context.Background(), &out, Document{Title: "T", Page: "login", PropsJSON: []byte(`{}`)}); err != nil {
		t.Fatal(err)
	}
	for _, unwanted := range []string{"data-alert", `name="description"`} {
		if strings.Contains(out.String(), unwanted) {
			t.Errorf("document has %s:\n%s", unwanted, out.String())
		}
	}
	if !strings.Contains(out.String(), `<body><div id="root">x</div>`) {
		t.Errorf("unexpected body:\n%s", out.String())
	}
}

// The props script must survive hostile text: a browser parser must see exactly one
// props script whose text is the original JSON.
func TestRendererPropsCannotBreakOutOfScript(t *testing.T) {
	names := []string{
		`</script><script>alert(1)</script>`,
		`</SCRIPT ><img src=x onerror=alert(1)>`,
		`<!-- <script>`,
		"line\u2028separator\u2029 & ]]> 'quote' \"dq\"",
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			// Marshal without HTML escaping, the worst case a caller can hand over.
			var props bytes.Buffer
			enc := json.NewEncoder(&props)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(map[string]any{"page": "tour", "props": map[string]any{"name": name}}); err != nil {
				t.Fatal(err)
			}
			r := newTestRenderer(t, stubEngine{html: `<h1>ok</h1>`})
			var out bytes.Buffer
			if err := r.Write(context.Background(), &out, Document{Title: "T", Page: "tour", PropsJSON: props.Bytes()}); err != nil {
				t.Fatal(err)
			}

			doc, err := html.Parse(&out)
			if err != nil {
				t.Fatal(err)
			}
			var scripts []*html.Node
			var walk func(n *html.Node)
			walk = func(n *html.Node) {
				if n.Type == html.ElementNode && n.Data == "script" {
					scripts = append(scripts, n)
				}
				if n.Type == html.ElementNode && n.Data == "img" {
					t.Errorf("props created an <img> element")
				}
				for c := n.FirstChild; c != nil; c = c.NextSibling {
					walk(c)
				}
			}
			walk(doc)
			if len(scripts) != 2 {
				t.Fatalf("document has %d scripts, want 2 (entry + props)", len(scripts))
			}
			ps := scripts[1]
			if ps.FirstChild == nil || ps.FirstChild.NextSibling != nil {
				t.Fatal("props script has not exactly one text node")
			}
			var got struct {
				Props struct{ Name string } `json:"props"`
			}
			if err := json.Unmarshal([]byte(ps.FirstChild.Data), &got); err != nil {
				t.Fatalf("props script is not JSON: %v\n%s", err, ps.FirstChild.Data)
			}
			if got.Props.Name != name {
				t.Errorf("name = %q, want %q", got.Props.Name, name)
			}
			if strings.ContainsAny(ps.FirstChild.Data, "<>&\u2028\u2029") {
				t.Errorf("props script has raw <, >, & or line separators: %s", ps.FirstChild.Data)
			}
		})
	}
}

func TestRendererRenderErrorLeavesWriterUntouched(t *testing.T) {
	boom := errors.New("boom")
	r := newTestRenderer(t, stubEngine{err: boom})
	var out bytes.Buffer
	err := r.Write(context.Background(), &out, Document{Title: "T", Page: "tour", PropsJSON: []byte(`{}`)})
	if !errors.Is(err, boom) {
		t.Errorf("err = %v, want the engine's error", err)
	}
	if out.Len() != 0 {
		t.Errorf("wrote %d bytes on error: %q", out.Len(), out.String())
	}
}

func TestNewRendererManifestErrors(t *testing.T) {
	cases := []struct{ name, manifest string }{
		{"not JSON", `{`},
		{"no client entry", `{"src/other.tsx": {"file": "assets/other.js"}}`},
		{"entry without file", `{"src/entry-client.tsx": {"css": ["a.css"]}}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := NewRenderer(stubEngine{}, []byte(tc.manifest)); err == nil {
				t.Error("NewRenderer accepted the manifest")
			}
		})
	}
}

// The real engine and bundle inside the real shell: what a visitor's browser receives.
func TestRendererWithEngine(t *testing.T) {
	e := startEngine(t, config{kind: Kinds()[0], bundle: realBundle(t), workers: 1})
	r := newTestRenderer(t, e)
	props := errorPage(t, "Page not found </script>", "Zürich – 東京 – Кыїў")
	var out bytes.Buffer
	if err := r.Write(context.Background(), &out, Document{Title: "Not found", Page: "error", PropsJSON: props}); err != nil {
		t.Fatal(err)
	}
	doc := out.String()
	for _, want := range []string{`<div id="root">`, "Page not found &lt;/script&gt;", "Zürich – 東京 – Кыїў", `Page not found \u003c/script\u003e`} {
		if !strings.Contains(doc, want) {
			t.Errorf("document lacks %q:\n%s", want, doc)
		}
	}
	if n := strings.Count(doc, "</script>"); n != 2 {
		t.Errorf("document has %d </script>, want 2", n)
	}
}

// Each page preloads its own chunk and what it imports, beside the entry's; the other
// pages' chunks and what they load later (the map's Leaflet) are not in its head.
func TestRendererPreloadsThePagesOwnChunk(t *testing.T) {
	manifest := `{
  "_react.js": {"file": "assets/react.js"},
  "_card.js": {"file": "assets/card.js", "imports": ["_react.js"], "css": ["assets/card.css"]},
  "src/entry-client.tsx": {"file": "assets/entry.js", "isEntry": true, "imports": ["_react.js"],
    "dynamicImports": ["src/pages/my-tours-page.tsx", "src/pages/tour-page.tsx"], "css": ["assets/entry.css"]},
  "src/pages/my-tours-page.tsx": {"file": "assets/my-tours.js", "isDynamicEntry": true, "imports": ["_card.js"]},
  "src/pages/tour-page.tsx": {"file": "assets/tour.js", "isDynamicEntry": true, "imports": ["_react.js"],
    "dynamicImports": ["src/components/leaflet-setup.ts"]},
  "src/components/leaflet-setup.ts": {"file": "assets/leaflet.js", "isDynamicEntry": true}
}`
	r, err := NewRenderer(stubEngine{html: "x"}, []byte(manifest))
	if err != nil {
		t.Fatal(err)
	}
	const script = `<script type="module" src="/assets/entry.js"></script>`
	for page, want := range map[string]string{
		"myTours": `<link rel="stylesheet" href="/assets/entry.css"><link rel="stylesheet" href="/assets/card.css">` +
			`<link rel="modulepreload" href="/assets/react.js"><link rel="modulepreload" href="/assets/card.js">` +
			`<link rel="modulepreload" href="/assets/my-tours.js">` + script,
		"tour": `<link rel="stylesheet" href="/assets/entry.css">` +
			`<link rel="modulepreload" href="/assets/react.js"><link rel="modulepreload" href="/assets/tour.js">` + script,
		"login": `<link rel="stylesheet" href="/assets/entry.css">` +
			`<link rel="modulepreload" href="/assets/react.js">` + script,
	} {
		var out bytes.Buffer
		if err := r.Write(context.Background(), &out, Document{Title: "T", Page: page, PropsJSON: []byte(`{}`)}); err != nil {
			t.Fatal(err)
		}
		head := out.String()
		head = head[strings.Index(head, `<link rel="stylesheet"`):strings.Index(head, `</head>`)]
		if head != want {
			t.Errorf("%s head:\n got %s\nwant %s", page, head, want)
		}
	}
}
