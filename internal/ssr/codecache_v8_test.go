//go:build cgo && !purego

package ssr

import (
	"bytes"
	"os"
	"testing"
)

// The file of another bundle is never read: a new bundle compiles from source, renders
// its own pages, and replaces the old bundle's file with its own.
func TestCodeCacheOfAnotherBundleIsNotUsed(t *testing.T) {
	dir := t.TempDir()
	v1 := []byte(testBundle)
	v2 := []byte(testBundle + "\nglobalThis.renderPage = (function (r) { return function (p, j) { return r(p, j).replace('<p>', '<p>v2 ') } })(globalThis.renderPage);\n")
	renderAndClose(t, startEngine(t, config{kind: "v8", bundle: v1, workers: 1, cacheDir: dir}), []byte(`{}`))
	old := cacheFiles(t, dir)

	e := startEngine(t, config{kind: "v8", bundle: v2, workers: 1, cacheDir: dir})
	if c := cacheOf(e); c.used.Load() != 0 || c.rejected.Load() != 0 {
		t.Errorf("the new bundle started from a cache: used %d, refused %d", c.used.Load(), c.rejected.Load())
	}
	if got := mustRender(t, e, "ok", []byte(`{}`)); got != "<p>v2 ok:2</p>" {
		t.Errorf("new bundle's page = %q", got)
	}
	e.Close()
	files := cacheFiles(t, dir)
	if len(old) != 1 || len(files) != 1 || files[0] == old[0] {
		t.Errorf("cache files: %v before, %v after, want the new bundle's only", old, files)
	}
}

// A cache that V8 refuses (here: made for another source, in a file that claims this
// one) leaves the bundle compiled from source, the pages right, and a new cache.
func TestCodeCacheRefusedByV8FallsBack(t *testing.T) {
	bundle := realBundle(t)
	props := tourPage(t, "The Forest Hiker")
	other := t.TempDir()
	renderAndClose(t, startEngine(t, config{kind: "v8", bundle: []byte(testBundle), workers: 1, cacheDir: other}), []byte(`{}`))
	foreign := cacheOf(startEngine(t, config{kind: "v8", bundle: []byte(testBundle), workers: 1, cacheDir: other})).data
	if len(foreign) == 0 {
		t.Fatal("no cache made for the test bundle")
	}

	dir := t.TempDir()
	want := renderAndClose(t, startEngine(t, config{kind: "v8", bundle: bundle, workers: 1, cacheDir: dir}), props)
	path := cacheFiles(t, dir)[0]
	c := newCodeCache(dir, bundle, nil)
	tag := cacheOf(startEngine(t, config{kind: "v8", bundle: bundle, workers: 1, cacheDir: dir})).tag
	if err := writeCodeCache(path, c.bundle, tag, foreign); err != nil {
		t.Fatal(err)
	}

	e := startEngine(t, config{kind: "v8", bundle: bundle, workers: 2, cacheDir: dir})
	waitIdle(t, e)
	if used, rejected := cacheOf(e).used.Load(), cacheOf(e).rejected.Load(); used != 0 || rejected != 2 {
		t.Errorf("%d runtimes used the foreign cache, %d refused it; want 0 and 2", used, rejected)
	}
	if got := renderAndClose(t, e, props); got != want {
		t.Error("the page differs after V8 refused the cache")
	}
	again := startEngine(t, config{kind: "v8", bundle: bundle, workers: 1, cacheDir: dir})
	if used := cacheOf(again).used.Load(); used != 1 {
		t.Errorf("the start after a refusal: %d runtimes used the rewritten cache, want 1", used)
	}
}

// A damaged file, or one from another V8, never reaches V8.
func TestCodeCacheFileIsChecked(t *testing.T) {
	dir := t.TempDir()
	bundle := []byte(testBundle)
	renderAndClose(t, startEngine(t, config{kind: "v8", bundle: bundle, workers: 1, cacheDir: dir}), []byte(`{}`))
	path := cacheFiles(t, dir)[0]
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	c := newCodeCache(dir, bundle, nil)
	tag := cacheOf(startEngine(t, config{kind: "v8", bundle: bundle, workers: 1, cacheDir: dir})).tag
	if _, err := readCodeCache(path, c.bundle, tag); err != nil {
		t.Fatalf("the file as written: %v", err)
	}
	damaged := bytes.Clone(good)
	damaged[len(damaged)-1] ^= 0xff
	for _, tc := range []struct {
		name string
		file []byte
		tag  uint32
		want string
	}{
		{"damaged", damaged, tag, "checksum"},
		{"truncated", good[:codeCacheHeader-1], tag, "not a code cache"},
		{"other V8", good, tag + 1, "another V8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := os.WriteFile(path, tc.file, 0o600); err != nil {
				t.Fatal(err)
			}
			if _, err := readCodeCache(path, c.bundle, tc.tag); err == nil || !bytes.Contains([]byte(err.Error()), []byte(tc.want)) {
				t.Errorf("read: %v, want an error about %q", err, tc.want)
			}
		})
	}
	// A good file that other users could have written is not run, nor one in such a folder.
	must := func(t *testing.T, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{path, dir} {
		must(t, os.WriteFile(path, good, 0o600))
		must(t, os.Chmod(p, 0o777))
		if _, err := readCodeCache(path, c.bundle, tag); err == nil || !bytes.Contains([]byte(err.Error()), []byte("writable by other users")) {
			t.Errorf("%s mode 0777: read %v, want a refusal", p, err)
		}
		must(t, os.Chmod(p, map[bool]os.FileMode{true: 0o600, false: 0o700}[p == path]))
	}
	// Started on the damaged file: compiled from source, renders, and writes a good file.
	if err := os.WriteFile(path, damaged, 0o600); err != nil {
		t.Fatal(err)
	}
	e := startEngine(t, config{kind: "v8", bundle: bundle, workers: 1, cacheDir: dir})
	if cacheOf(e).used.Load() != 0 {
		t.Error("a damaged cache was used")
	}
	if got := mustRender(t, e, "ok", []byte(`{}`)); got != "<p>ok:2</p>" {
		t.Errorf("render = %q", got)
	}
	e.Close()
	if _, err := readCodeCache(path, c.bundle, tag); err != nil {
		t.Errorf("the damaged file was not replaced: %v", err)
	}
}
