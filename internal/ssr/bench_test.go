package ssr

import (
	"bytes"
	"context"
	"io"
	"testing"
)

// BenchmarkRender measures one tour-page render per op on one runtime; the Parallel
// variant uses one runtime per GOMAXPROCS, as the server does.
func BenchmarkRender(b *testing.B) {
	bundle := realBundle(b)
	props := tourPage(b, "The Forest Hiker")
	for _, kind := range Kinds() {
		b.Run(kind, func(b *testing.B) {
			e := startEngine(b, config{kind: kind, bundle: bundle, workers: 1})
			html := mustRender(b, e, "tour", props) // warm up the JIT and caches
			b.SetBytes(int64(len(html)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := e.Render(context.Background(), "tour", props); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkRenderParallel(b *testing.B) {
	bundle := realBundle(b)
	props := tourPage(b, "The Forest Hiker")
	for _, kind := range Kinds() {
		b.Run(kind, func(b *testing.B) {
			e := startEngine(b, config{kind: kind, bundle: bundle})
			r := newTestRenderer(b, e)
			doc := Document{Title: "The Forest Hiker", Page: "tour", PropsJSON: props}
			if err := r.Write(context.Background(), io.Discard, doc); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					if err := r.Write(context.Background(), io.Discard, doc); err != nil {
						b.Error(err)
						return
					}
				}
			})
		})
	}
}

// BenchmarkWriteDocument is the shell alone, without JS.
func BenchmarkWriteDocument(b *testing.B) {
	body := string(bytes.Repeat([]byte("<div class=\"card\">x</div>"), 700))
	r := newTestRenderer(b, stubEngine{html: body})
	doc := Document{Title: "T", Page: "tour", PropsJSON: tourPage(b, "The Forest Hiker")}
	b.ReportAllocs()
	for b.Loop() {
		if err := r.Write(context.Background(), io.Discard, doc); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStart measures starting an engine of two runtimes (the pool on this
// 2-core machine) with the bundle loaded: the part of `tourbook serve`'s start-up that
// is the JS engine.
func BenchmarkStart(b *testing.B) {
	bundle := realBundle(b)
	for _, kind := range Kinds() {
		b.Run(kind, func(b *testing.B) {
			for b.Loop() {
				e, err := NewEngine(kind, bundle, 2, nil)
				if err != nil {
					b.Fatal(err)
				}
				e.Close()
			}
		})
	}
}
