package ssr

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"time"
)

// Engine renders pages with the server bundle. Render is safe for concurrent use.
type Engine interface {
	// Render returns the HTML of page for the props, to be put inside <div id="root">.
	Render(ctx context.Context, page string, propsJSON []byte) (string, error)
	// Close waits for the renders in flight and frees the runtimes.
	Close() error
	// Ready is nil while the engine can render: it is not closed and at least one of
	// its runtimes is alive (a runtime that failed to restart is retried by the next
	// render, but while none is alive every page fails).
	Ready() error
}

// Observer hears, for every render, how long it waited for a free runtime and how long
// the render itself took (zero when it never got one); the site's metrics implement it.
// It is called on the request's goroutine and must be quick.
type Observer interface {
	ObserveRender(page string, wait, render time.Duration, err error)
}

// Options are NewEngineWith's optional settings.
type Options struct {
	Logger   *slog.Logger
	Observer Observer // nil: nobody listens
	// CodeCacheDir is a folder where V8 keeps the compiled bundle for the next start
	// (see codecache.go); "" keeps none. QuickJS does not use it.
	CodeCacheDir string
}

var (
	// ErrClosed is returned by Render after Close.
	ErrClosed = errors.New("ssr: engine closed")
	// ErrRenderTimeout is returned when a render runs past the engine's time limit and
	// is stopped: a page must never hold a worker for ever.
	ErrRenderTimeout = errors.New("ssr: render took too long and was stopped")
)

// JSError is an exception thrown by the bundle.
type JSError struct {
	Message string // String(exception), e.g. "TypeError: x is undefined"
	Stack   string // the exception's stack as the engine formats it, may be empty
}

func (e *JSError) Error() string {
	if e.Stack != "" {
		return "js: " + e.Stack
	}
	return "js: " + e.Message
}

// Limits that keep one bad render from hurting the others. Generous: a tour page
// renders in well under a millisecond in V8 and in tens of milliseconds in QuickJS.
const (
	defaultRenderTimeout = 2 * time.Second
	defaultHeapLimit     = 256 << 20
)

// config is what a pool needs; tests shorten the timeout.
type config struct {
	kind          string
	bundle        []byte
	workers       int
	logger        *slog.Logger
	renderTimeout time.Duration
	heapLimit     int
	observer      Observer
	cacheDir      string
	cache         *codeCache // made by newEngine from cacheDir; shared by the runtimes
}

// engineKind is a built-in engine: its name and how to start one runtime of it.
type engineKind struct {
	name string
	new  func(cfg config) (jsRuntime, error)
}

// engineKinds lists the built-in engines, the default first. V8 exists only in cgo
// builds without the purego tag (see engine_v8.go).
func engineKinds() []engineKind {
	return append(v8Kinds(), engineKind{"quickjs", newQuickJSRuntime})
}

// Kinds lists the engines built into this binary, the default first.
func Kinds() []string {
	var names []string
	for _, k := range engineKinds() {
		names = append(names, k.name)
	}
	return names
}

// NewEngine starts workers runtimes of the given kind ("" means the default, the first
// of Kinds) and loads the bundle into each. workers <= 0 means one per GOMAXPROCS: a
// render is CPU-bound, so more runtimes than cores only add memory.
func NewEngine(kind string, bundle []byte, workers int, logger *slog.Logger) (Engine, error) {
	return NewEngineWith(kind, bundle, workers, Options{Logger: logger})
}

// NewEngineWith is NewEngine with an observer of every render.
func NewEngineWith(kind string, bundle []byte, workers int, o Options) (Engine, error) {
	return newEngine(config{
		kind:          kind,
		bundle:        bundle,
		workers:       workers,
		logger:        o.Logger,
		renderTimeout: defaultRenderTimeout,
		heapLimit:     defaultHeapLimit,
		observer:      o.Observer,
		cacheDir:      o.CodeCacheDir,
	})
}

func newEngine(cfg config) (Engine, error) {
	kinds := engineKinds()
	if cfg.kind == "" {
		cfg.kind = kinds[0].name
	}
	if cfg.workers <= 0 {
		cfg.workers = runtime.GOMAXPROCS(0)
	}
	if cfg.logger == nil {
		cfg.logger = slog.New(slog.DiscardHandler)
	}
	cfg.logger = cfg.logger.With("engine", cfg.kind)
	cfg.cache = newCodeCache(cfg.cacheDir, cfg.bundle, cfg.logger)
	for _, k := range kinds {
		if k.name == cfg.kind {
			return newPool(cfg, k.new)
		}
	}
	return nil, fmt.Errorf("ssr: unknown engine %q (built in: %v)", cfg.kind, Kinds())
}
