package ssr

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// cacheOf is the code cache of an engine started by startEngine.
func cacheOf(e Engine) *codeCache { return e.(*pool).cfg.cache }

// cacheFiles lists the cache files in dir.
func cacheFiles(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "v8-*.cache"))
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// renderAndClose renders the tour page and closes e, which waits for the cache file.
func renderAndClose(t *testing.T, e Engine, props []byte) string {
	t.Helper()
	html := mustRender(t, e, "tour", props)
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	return html
}

func TestCodeCacheMakesTheNextStartCompileFromIt(t *testing.T) {
	bundle := realBundle(t)
	props := tourPage(t, "The Forest Hiker")
	for _, kind := range Kinds() {
		t.Run(kind, func(t *testing.T) {
			want := mustRender(t, startEngine(t, config{kind: kind, bundle: bundle, workers: 1}), "tour", props)
			dir := t.TempDir()

			first := startEngine(t, config{kind: kind, bundle: bundle, workers: 2, cacheDir: dir})
			if got := renderAndClose(t, first, props); got != want {
				t.Fatal("the first start with a cache folder renders other HTML")
			}
			files := cacheFiles(t, dir)
			if kind != "v8" {
				if len(files) != 0 {
					t.Fatalf("%s wrote a V8 code cache: %v", kind, files)
				}
				return
			}
			if len(files) != 1 {
				t.Fatalf("cache files after the first start: %v, want one", files)
			}

			second := startEngine(t, config{kind: kind, bundle: bundle, workers: 2, cacheDir: dir})
			waitIdle(t, second)
			c := cacheOf(second)
			if used, rejected := c.used.Load(), c.rejected.Load(); used != 2 || rejected != 0 {
				t.Errorf("second start: %d runtimes compiled from the cache, %d refused, want 2 and 0", used, rejected)
			}
			if got := mustRender(t, second, "tour", props); got != want {
				t.Error("the page rendered from the code cache differs")
			}
			// A start that used the cache does not write it again.
			before, _ := os.Stat(files[0])
			second.Close()
			if after, _ := os.Stat(files[0]); !after.ModTime().Equal(before.ModTime()) {
				t.Error("the cache was rewritten by a start that used it")
			}
		})
	}
}

// fakeRuntime stands in for a JS runtime in the pool's own tests.
type fakeRuntime struct {
	name   string
	closed chan struct{}
}

func (r *fakeRuntime) render(page string, _ []byte) (string, error) { return r.name + ":" + page, nil }
func (r *fakeRuntime) interrupt()                                   {}
func (r *fakeRuntime) close()                                       { close(r.closed) }

// The pool serves as soon as one runtime is up; the others join when ready, a failed
// one is started again by the next render that gets its slot, and Close waits for
// runtimes still starting and closes them.
func TestPoolServesBeforeEveryRuntimeIsUp(t *testing.T) {
	var mu sync.Mutex
	starts := 0
	release := make(chan error) // the second and third starts wait for a value from here
	made := make(chan *fakeRuntime, 8)
	newRuntime := func(config) (jsRuntime, error) {
		mu.Lock()
		starts++
		n := starts
		mu.Unlock()
		if n == 2 || n == 3 {
			if err := <-release; err != nil {
				return nil, err
			}
		}
		r := &fakeRuntime{name: "rt", closed: make(chan struct{})}
		made <- r
		return r, nil
	}
	cfg := config{kind: "fake", workers: 3, renderTimeout: time.Minute, logger: slog.New(slog.DiscardHandler)}
	started := make(chan *pool)
	go func() {
		p, err := newPool(cfg, newRuntime)
		if err != nil {
			t.Error(err)
		}
		started <- p
	}()
	var p *pool
	select {
	case p = <-started:
	case <-time.After(10 * time.Second):
		t.Fatal("newPool waited for every runtime")
	}
	if err := p.Ready(); err != nil {
		t.Errorf("Ready with one runtime up: %v", err)
	}
	// Two renders at once while two runtimes are still starting: both get the one.
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			if got, err := p.Render(context.Background(), "tour", nil); err != nil || got != "rt:tour" {
				t.Errorf("render while starting: %q, %v", got, err)
			}
		})
	}
	wg.Wait()

	release <- errors.New("out of memory") // one fails…
	waitFor(t, func() bool { return p.dead.Load() == 1 && len(p.slots) == 2 })
	if err := p.Ready(); err != nil {
		t.Errorf("Ready with one runtime failed and one up: %v", err)
	}
	// …and is started again when its slot is borrowed (the first is busy meanwhile).
	busy := <-p.slots
	if got, err := p.Render(context.Background(), "x", nil); err != nil || got != "rt:x" {
		t.Errorf("render on the failed slot: %q, %v", got, err)
	}
	p.slots <- busy
	if p.dead.Load() != 0 {
		t.Errorf("dead = %d after the restart", p.dead.Load())
	}

	// Close while the third is still starting: it waits for it, and closes it too.
	closed := make(chan struct{})
	go func() { p.Close(); close(closed) }()
	<-p.closing
	release <- nil
	<-closed
	close(made)
	n := 0
	for r := range made {
		n++
		select {
		case <-r.closed:
		default:
			t.Errorf("runtime %d left open by Close", n)
		}
	}
	if n != 3 {
		t.Errorf("%d runtimes made, want 3 (one restarted)", n)
	}
}

// Every runtime failing is a failed start, as before.
func TestPoolFailsWhenNoRuntimeStarts(t *testing.T) {
	cfg := config{kind: "fake", workers: 2, renderTimeout: time.Minute, logger: slog.New(slog.DiscardHandler)}
	_, err := newPool(cfg, func(config) (jsRuntime, error) { return nil, errors.New("bad bundle") })
	if err == nil || !bytes.Contains([]byte(err.Error()), []byte("bad bundle")) {
		t.Errorf("err = %v, want the runtimes' error", err)
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); {
		if time.Now().After(deadline) {
			t.Fatal("condition never became true")
		}
		time.Sleep(time.Millisecond)
	}
}
