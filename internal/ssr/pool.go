package ssr

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"
)

// jsRuntime is one JavaScript runtime with the prelude and the bundle loaded. It is used
// by one goroutine at a time, except interrupt, which may come from any goroutine.
type jsRuntime interface {
	render(page string, propsJSON []byte) (string, error)
	// interrupt asks a running render to stop soon; the render then returns an error.
	interrupt()
	close()
}

// errDiscard marks a render error after which the runtime must not be reused (the
// heap limit was hit, the engine panicked): the pool replaces the runtime.
var errDiscard = errors.New("runtime unusable")

// pool lends runtimes to Render. Every slot always comes back to the slots channel,
// either straight after a render or after its runtime has been rebuilt, so Close can
// wait for all of them by receiving workers slots.
type pool struct {
	cfg        config
	newRuntime func(cfg config) (jsRuntime, error)
	slots      chan *slot
	closing    chan struct{}
	closeOnce  sync.Once
	// dead counts the slots without a runtime (a restart failed), for Ready.
	dead atomic.Int32
}

type slot struct {
	rt jsRuntime // nil when a rebuild failed; the next borrower retries

	mu          sync.Mutex // guards busy and interrupted against the stop timer
	busy        bool
	interrupted bool
}

func newPool(cfg config, newRuntime func(cfg config) (jsRuntime, error)) (*pool, error) {
	p := &pool{
		cfg:        cfg,
		newRuntime: newRuntime,
		slots:      make(chan *slot, cfg.workers),
		closing:    make(chan struct{}),
	}
	// Loading the bundle takes tens of milliseconds per runtime: start them side by side,
	// and let pages render as soon as one is up; the others join the pool as they finish.
	results := make(chan made, cfg.workers)
	for range cfg.workers {
		go func() {
			rt, err := newRuntime(cfg)
			results <- made{rt, err}
		}()
	}
	var errs []error
	for range cfg.workers {
		m := <-results
		if m.err != nil {
			errs = append(errs, m.err)
			continue
		}
		p.slots <- &slot{rt: m.rt}
		for _, err := range errs {
			p.lost(err)
		}
		go p.join(results, cfg.workers-1-len(errs))
		return p, nil
	}
	// Every runtime failed: the bundle itself is broken.
	return nil, fmt.Errorf("ssr: start %s engine: %w", cfg.kind, errs[0])
}

// made is a runtime started, or why it could not be.
type made struct {
	rt  jsRuntime
	err error
}

// join adds the n runtimes still starting to the pool as they come up.
func (p *pool) join(results <-chan made, n int) {
	for range n {
		m := <-results
		if m.err != nil {
			p.lost(m.err)
			continue
		}
		p.slots <- &slot{rt: m.rt}
	}
}

// lost adds the slot of a runtime that failed to start: the next render to borrow it
// starts one again, as after a failed rebuild.
func (p *pool) lost(err error) {
	p.cfg.logger.Error("ssr: start runtime", slog.Any("err", err))
	p.dead.Add(1)
	p.slots <- &slot{}
}

func (p *pool) Render(ctx context.Context, page string, propsJSON []byte) (html string, err error) {
	// A request whose client is gone gets no render, even when a runtime is free.
	if err := ctx.Err(); err != nil {
		return "", fmt.Errorf("ssr: render %q: %w", page, err)
	}
	var rendering time.Time // when a runtime was got; zero if never
	if obs := p.cfg.observer; obs != nil {
		start := time.Now()
		defer func() {
			wait, took := time.Since(start), time.Duration(0)
			if !rendering.IsZero() {
				wait, took = rendering.Sub(start), time.Since(rendering)
			}
			obs.ObserveRender(page, wait, took, err)
		}()
	}
	var s *slot
	select {
	case s = <-p.slots:
	case <-ctx.Done():
		return "", fmt.Errorf("ssr: render %q: wait for a free %s runtime: %w", page, p.cfg.kind, ctx.Err())
	case <-p.closing:
		return "", ErrClosed
	}
	select {
	case <-p.closing:
		p.slots <- s
		return "", ErrClosed
	default:
	}
	if s.rt == nil {
		rt, err := p.newRuntime(p.cfg)
		if err != nil {
			p.slots <- s
			return "", fmt.Errorf("ssr: render %q: restart %s runtime: %w", page, p.cfg.kind, err)
		}
		s.rt = rt
		p.dead.Add(-1)
	}
	if p.cfg.observer != nil {
		rendering = time.Now()
	}

	html, err, interrupted := s.run(ctx, p.cfg.renderTimeout, page, propsJSON)
	if interrupted || errors.Is(err, errDiscard) {
		// A script stopped half-way may leave React's module state inconsistent; start
		// afresh in the background rather than make this (already failed) caller wait.
		go p.rebuild(s)
	} else {
		p.slots <- s
	}
	switch {
	case err == nil:
		return html, nil
	case interrupted && ctx.Err() != nil:
		return "", fmt.Errorf("ssr: render %q: %w", page, ctx.Err())
	case interrupted:
		return "", fmt.Errorf("ssr: render %q: %w (limit %v)", page, ErrRenderTimeout, p.cfg.renderTimeout)
	default:
		return "", fmt.Errorf("ssr: render %q: %w", page, err)
	}
}

// run renders with a watchdog: the timeout or the end of ctx interrupts the script.
func (s *slot) run(ctx context.Context, timeout time.Duration, page string, propsJSON []byte) (html string, err error, interrupted bool) {
	s.mu.Lock()
	s.busy, s.interrupted = true, false
	s.mu.Unlock()
	stop := func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		// busy is checked under the lock so a late timer never stops the next render.
		if s.busy && !s.interrupted {
			s.interrupted = true
			s.rt.interrupt()
		}
	}
	timer := time.AfterFunc(timeout, stop)
	stopOnDone := context.AfterFunc(ctx, stop)

	html, err = s.rt.render(page, propsJSON)

	timer.Stop()
	stopOnDone()
	s.mu.Lock()
	s.busy = false
	interrupted = s.interrupted
	s.mu.Unlock()
	return html, err, interrupted
}

func (p *pool) rebuild(s *slot) {
	s.rt.close()
	s.rt = nil
	select {
	case <-p.closing:
		// Close is collecting the slots; don't start a runtime only to close it.
	default:
		rt, err := p.newRuntime(p.cfg)
		if err != nil {
			p.cfg.logger.Error("ssr: restart runtime", slog.Any("err", err))
			p.dead.Add(1)
		} else {
			s.rt = rt
		}
	}
	p.slots <- s
}

// ErrNoRuntime is Ready's answer when every runtime failed to restart.
var ErrNoRuntime = errors.New("ssr: no runtime is alive")

func (p *pool) Ready() error {
	select {
	case <-p.closing:
		return ErrClosed
	default:
	}
	if int(p.dead.Load()) >= p.cfg.workers {
		return ErrNoRuntime
	}
	return nil
}

func (p *pool) Close() error {
	p.closeOnce.Do(func() {
		close(p.closing)
		for range p.cfg.workers {
			s := <-p.slots
			if s.rt != nil {
				s.rt.close()
			}
		}
		p.cfg.cache.wait()
	})
	return nil
}
