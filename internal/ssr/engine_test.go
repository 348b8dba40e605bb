package ssr

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// Every built-in engine must produce the same bytes: the client hydrates against what
// the server sent, and a fallback engine that differs would break hydration silently.
func TestEnginesRenderIdenticalHTML(t *testing.T) {
	const tricky = `Zürich – 東京 – Кыїў <b>bold</b> & "quoted" 'single' 🏔️👩‍👩‍👧`
	cases := []struct {
		name  string
		page  string
		props []byte
		// want are fragments the visitor must see, escaped as HTML text.
		want []string
	}{
		{
			name:  "error page with tricky text",
			page:  "error",
			props: errorPage(t, tricky, "No tour <script>alert(1)</script> here & there"),
			want: []string{
				"Zürich – 東京 – Кыїў &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot; &#x27;single&#x27; 🏔️👩‍👩‍👧",
				"No tour &lt;script&gt;alert(1)&lt;/script&gt; here &amp; there",
			},
		},
		{
			name:  "overview",
			page:  "overview",
			props: overviewPage(t, "The Forest Hiker", tricky, "The Sea Explorer"),
			want:  []string{"The Forest Hiker", "The Sea Explorer", "Zürich – 東京 – Кыїў &lt;b&gt;"},
		},
		{
			name:  "tour",
			page:  "tour",
			props: tourPage(t, tricky),
			want:  []string{"Zürich – 東京 – Кыїў &lt;b&gt;bold&lt;/b&gt; &amp;"},
		},
	}
	bundle := realBundle(t)
	kinds := Kinds()
	engines := make([]Engine, len(kinds))
	for i, k := range kinds {
		engines[i] = startEngine(t, config{kind: k, bundle: bundle, workers: 1})
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ref := mustRender(t, engines[0], tc.page, tc.props)
			for _, w := range tc.want {
				if !strings.Contains(ref, w) {
					t.Errorf("%s HTML lacks %q:\n%s", kinds[0], w, ref)
				}
			}
			for i, e := range engines[1:] {
				got := mustRender(t, e, tc.page, tc.props)
				if got != ref {
					t.Errorf("%s HTML differs from %s at byte %d:\n%s: %q\n%s: %q", kinds[i+1], kinds[0],
						firstDiff(got, ref), kinds[0], around(ref, firstDiff(got, ref)), kinds[i+1], around(got, firstDiff(got, ref)))
				}
			}
		})
	}
}

func firstDiff(a, b string) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

func around(s string, i int) string { return s[max(0, i-40):min(len(s), i+40)] }

// testBundle stands in for the UI bundle where a test needs JS that misbehaves.
const testBundle = `
globalThis.renderPage = function renderPage(page, propsJSON) {
  if (page === 'throw') throwDeep(JSON.parse(propsJSON).message);
  if (page === 'spin') { for (;;) {} }
  if (page === 'grow') { var a = []; for (;;) a.push(new Array(1e5).fill(page)); }
  if (page === 'env') {
    console.log('rendering %s', page, {n: 1});
    var bytes = new TextEncoder().encode('Zü東🏔');
    var ch = new MessageChannel();
    ch.port2.postMessage(null);
    setTimeout(function () {}, 0);
    queueMicrotask(function () {});
    return Array.prototype.join.call(bytes, ',');
  }
  return '<p>' + page + ':' + propsJSON.length + '</p>';
};
function throwDeep(msg) { throw new TypeError(msg); }
`

func TestRenderJSExceptionIsError(t *testing.T) {
	for _, kind := range Kinds() {
		t.Run(kind, func(t *testing.T) {
			e := startEngine(t, config{kind: kind, bundle: []byte(testBundle), workers: 1})
			_, err := e.Render(context.Background(), "throw", []byte(`{"message":"no tour \"x\""}`))
			var jsErr *JSError
			if !errors.As(err, &jsErr) {
				t.Fatalf("err = %v (%T), want a *JSError", err, err)
			}
			if jsErr.Message != `TypeError: no tour "x"` {
				t.Errorf("Message = %q", jsErr.Message)
			}
			if !strings.Contains(jsErr.Stack, "throwDeep") || !strings.Contains(jsErr.Stack, "renderPage") {
				t.Errorf("Stack lacks the JS frames:\n%s", jsErr.Stack)
			}
			// The runtime survives an exception.
			if got := mustRender(t, e, "ok", []byte(`{}`)); got != "<p>ok:2</p>" {
				t.Errorf("render after exception = %q", got)
			}
		})
	}
}

func TestRenderPreludeProvidesHostAPIs(t *testing.T) {
	for _, kind := range Kinds() {
		t.Run(kind, func(t *testing.T) {
			e := startEngine(t, config{kind: kind, bundle: []byte(testBundle), workers: 1})
			want := fmt.Sprint(strings.Trim(strings.Join(strings.Fields(fmt.Sprint([]byte("Zü東🏔"))), ","), "[]"))
			if got := mustRender(t, e, "env", []byte(`{}`)); got != want {
				t.Errorf("TextEncoder bytes = %q, want %q", got, want)
			}
		})
	}
}

func TestNewEngineRejectsBadBundles(t *testing.T) {
	cases := []struct{ name, bundle, want string }{
		{"syntax error", "globalThis.renderPage = function( {", "SyntaxError"},
		{"throws while loading", "throw new Error('no React here')", "no React here"},
		{"no renderPage", "globalThis.render = function () { return '' }", "renderPage"},
	}
	for _, kind := range Kinds() {
		for _, tc := range cases {
			t.Run(kind+"/"+tc.name, func(t *testing.T) {
				e, err := NewEngine(kind, []byte(tc.bundle), 1, nil)
				if err == nil {
					e.Close()
					t.Fatal("NewEngine succeeded")
				}
				if !strings.Contains(err.Error(), tc.want) {
					t.Errorf("err = %v, want it to mention %q", err, tc.want)
				}
			})
		}
	}
	if _, err := NewEngine("spidermonkey", []byte(testBundle), 1, nil); err == nil {
		t.Error("unknown kind accepted")
	}
}

// waitBusy waits until every runtime of e is lent out.
func waitBusy(t *testing.T, e Engine) {
	t.Helper()
	p := e.(*pool)
	for deadline := time.Now().Add(5 * time.Second); len(p.slots) > 0; {
		if time.Now().After(deadline) {
			t.Fatal("runtimes never became busy")
		}
		time.Sleep(time.Millisecond)
	}
}

// waitIdle waits until every runtime of e is back, including rebuilt ones.
func waitIdle(t *testing.T, e Engine) {
	t.Helper()
	p := e.(*pool)
	for deadline := time.Now().Add(10 * time.Second); len(p.slots) < p.cfg.workers; {
		if time.Now().After(deadline) {
			t.Fatal("runtimes never came back")
		}
		time.Sleep(time.Millisecond)
	}
}

func TestRenderCancelledWhileWorkersBusy(t *testing.T) {
	for _, kind := range Kinds() {
		t.Run(kind, func(t *testing.T) {
			e := startEngine(t, config{kind: kind, bundle: []byte(testBundle), workers: 1})

			spinCtx, stopSpin := context.WithCancel(context.Background())
			spinErr := make(chan error, 1)
			go func() {
				_, err := e.Render(spinCtx, "spin", []byte(`{}`))
				spinErr <- err
			}()
			waitBusy(t, e)

			ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
			defer cancel()
			start := time.Now()
			_, err := e.Render(ctx, "ok", []byte(`{}`))
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("waiting render: err = %v, want context.DeadlineExceeded", err)
			}
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("waiting render returned after %v", d)
			}

			// Cancelling the spinning request stops its script too.
			stopSpin()
			select {
			case err := <-spinErr:
				if !errors.Is(err, context.Canceled) {
					t.Errorf("spinning render: err = %v, want context.Canceled", err)
				}
			case <-time.After(5 * time.Second):
				t.Fatal("cancelled render kept running")
			}
			waitIdle(t, e)
			if got := mustRender(t, e, "ok", []byte(`{}`)); got != "<p>ok:2</p>" {
				t.Errorf("render after cancel = %q", got)
			}
		})
	}
}

func TestRenderRunawayIsStopped(t *testing.T) {
	cases := []struct{ page, want string }{
		{"spin", "too long"},
		{"grow", ""}, // V8 reports the heap limit, QuickJS an out-of-memory error
	}
	for _, kind := range Kinds() {
		for _, tc := range cases {
			t.Run(kind+"/"+tc.page, func(t *testing.T) {
				e := startEngine(t, config{kind: kind, bundle: []byte(testBundle), workers: 1,
					renderTimeout: 200 * time.Millisecond, heapLimit: 16 << 20})
				start := time.Now()
				_, err := e.Render(context.Background(), tc.page, []byte(`{}`))
				if err == nil {
					t.Fatal("runaway render returned no error")
				}
				if tc.page == "spin" && !errors.Is(err, ErrRenderTimeout) {
					t.Errorf("err = %v, want ErrRenderTimeout", err)
				}
				if !strings.Contains(err.Error(), tc.want) {
					t.Errorf("err = %v, want %q", err, tc.want)
				}
				if d := time.Since(start); d > 10*time.Second {
					t.Errorf("stopped after %v", d)
				}
				waitIdle(t, e)
				if got := mustRender(t, e, "ok", []byte(`{}`)); got != "<p>ok:2</p>" {
					t.Errorf("render after runaway = %q", got)
				}
			})
		}
	}
}

func TestRenderConcurrent(t *testing.T) {
	bundle := realBundle(t)
	props := [][]byte{
		errorPage(t, "Not found", "Zürich – 東京 – Кыїў"),
		overviewPage(t, "A", "B <c>", "D & E"),
		tourPage(t, "The Snow Adventurer"),
	}
	pages := []string{"error", "overview", "tour"}
	for _, kind := range Kinds() {
		t.Run(kind, func(t *testing.T) {
			e := startEngine(t, config{kind: kind, bundle: bundle, workers: 2})
			want := make([]string, len(props))
			for i := range props {
				want[i] = mustRender(t, e, pages[i], props[i])
			}
			var wg sync.WaitGroup
			errs := make(chan error, 64)
			for g := range 8 {
				wg.Go(func() {
					for n := range 6 {
						i := (g + n) % len(props)
						got, err := e.Render(context.Background(), pages[i], props[i])
						if err != nil {
							errs <- err
							return
						}
						if got != want[i] {
							errs <- fmt.Errorf("goroutine %d: %s page differs", g, pages[i])
							return
						}
					}
				})
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				t.Error(err)
			}
		})
	}
}

func TestRenderAfterClose(t *testing.T) {
	for _, kind := range Kinds() {
		t.Run(kind, func(t *testing.T) {
			e, err := NewEngine(kind, []byte(testBundle), 2, nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := e.Close(); err != nil {
				t.Fatal(err)
			}
			if _, err := e.Render(context.Background(), "ok", nil); !errors.Is(err, ErrClosed) {
				t.Errorf("err = %v, want ErrClosed", err)
			}
			if err := e.Close(); err != nil {
				t.Errorf("second Close: %v", err)
			}
		})
	}
}

func TestKindsDefaultFirst(t *testing.T) {
	kinds := Kinds()
	if !slices.Contains(kinds, "quickjs") {
		t.Errorf("Kinds() = %v, want quickjs built in", kinds)
	}
	if v8 := len(v8Kinds()) > 0; v8 && kinds[0] != "v8" {
		t.Errorf("Kinds() = %v, want v8 first in a cgo build", kinds)
	}
}

// recorder is an Observer that keeps what it hears.
type recorder struct {
	mu    sync.Mutex
	pages []string
	waits []time.Duration
	times []time.Duration
	errs  []error
}

func (r *recorder) ObserveRender(page string, wait, render time.Duration, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.pages = append(r.pages, page)
	r.waits = append(r.waits, wait)
	r.times = append(r.times, render)
	r.errs = append(r.errs, err)
}

func TestObserverAndReady(t *testing.T) {
	for _, kind := range Kinds() {
		t.Run(kind, func(t *testing.T) {
			rec := &recorder{}
			e, err := NewEngineWith(kind, []byte(testBundle), 1, Options{Observer: rec})
			if err != nil {
				t.Fatal(err)
			}
			if err := e.Ready(); err != nil {
				t.Fatalf("Ready of a new engine: %v", err)
			}
			if _, err := e.Render(context.Background(), "ok", nil); err != nil {
				t.Fatal(err)
			}
			if _, err := e.Render(context.Background(), "throw", []byte(`{"message":"boom"}`)); err == nil {
				t.Fatal("a throwing page rendered")
			}
			rec.mu.Lock()
			defer rec.mu.Unlock()
			if fmt.Sprint(rec.pages) != "[ok throw]" {
				t.Fatalf("observed pages %v", rec.pages)
			}
			if rec.times[0] <= 0 || rec.errs[0] != nil || rec.errs[1] == nil {
				t.Errorf("ok then throw: times %v, errors %v", rec.times, rec.errs)
			}
			if rec.waits[0] < 0 || rec.waits[0] > time.Second {
				t.Errorf("a free runtime was waited for %v", rec.waits[0])
			}
			if err := e.Close(); err != nil {
				t.Fatal(err)
			}
			if err := e.Ready(); !errors.Is(err, ErrClosed) {
				t.Errorf("Ready after Close: %v, want ErrClosed", err)
			}
		})
	}
}
