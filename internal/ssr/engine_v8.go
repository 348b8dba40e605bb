//go:build cgo && !purego

package ssr

// V8 comes from Debian's libnode (Node 18, V8 10.2): v8go is not obtainable here, and
// libnode is the one packaged V8 with its headers. The paths below are where
// install-libnode.sh unpacks it (it cannot be apt-installed next to NodeSource's
// nodejs, which owns /usr/include/node with other V8 headers); on a machine where
// Debian's libnode-dev is installed normally, the system paths after them serve.

/*
#cgo CXXFLAGS: -std=c++17 -O2 -I/opt/libnode108/usr/include/node -I/usr/include/node -Wno-deprecated-declarations -Wno-unused-parameter
#cgo LDFLAGS: -L/opt/libnode108/usr/lib/x86_64-linux-gnu -Wl,-rpath,/opt/libnode108/usr/lib/x86_64-linux-gnu -lnode -lstdc++
#include <stdlib.h>
#include "v8_bridge.h"
*/
import "C"

import (
	"fmt"
	"log/slog"
	"runtime"
	"unsafe"
)

func v8Kinds() []engineKind { return []engineKind{{"v8", newV8Runtime}} }

// v8Runtime owns one isolate and one OS thread that is the only one to use it. Measured
// on a tour page: an isolate that moves between threads, or a thread that alternates
// between isolates, renders 2 to 4 times slower than one pinned to its thread (cold
// per-core caches); the hand-off through a channel costs a few microseconds.
type v8Runtime struct {
	iso    *C.tb_isolate
	logger *slog.Logger
	calls  chan *v8Call // closed by close
	done   chan struct{}
}

type v8Call struct {
	page  string
	props []byte
	html  string
	err   error
	reply chan *v8Call
}

func newV8Runtime(cfg config) (jsRuntime, error) {
	r := &v8Runtime{logger: cfg.logger, calls: make(chan *v8Call), done: make(chan struct{})}
	started := make(chan error)
	go r.serve(cfg, started)
	if err := <-started; err != nil {
		return nil, err
	}
	return r, nil
}

// serve runs on its own locked OS thread for the life of the isolate. It never unlocks:
// the thread ends with the goroutine, and V8's per-thread state with it.
func (r *v8Runtime) serve(cfg config, started chan<- error) {
	runtime.LockOSThread()
	defer close(r.done)
	C.tb_v8_init()
	r.iso = C.tb_isolate_new(C.size_t(cfg.heapLimit))
	cached := cfg.cache.load(uint32(C.tb_code_cache_tag()), C.GoString(C.tb_v8_version()))
	if err := r.load(cfg.bundle, cached, cfg.cache); err != nil {
		C.tb_isolate_free(r.iso)
		started <- err
		return
	}
	started <- nil
	for c := range r.calls {
		props := (*C.char)(unsafe.Pointer(unsafe.SliceData(c.props)))
		// Go memory is passed without copying: V8 copies it into JS strings first.
		c.html, c.err = r.result(C.tb_render(r.iso, cstr(c.page), C.size_t(len(c.page)), props, C.size_t(len(c.props))))
		c.reply <- c
		// After the reply: the page does not wait for the cache, the next call does.
		if c.err == nil && cfg.cache.claim() {
			r.saveCache(cfg.cache)
		}
	}
	C.tb_isolate_free(r.iso)
}

// load evaluates the prelude and the bundle, the bundle from cached when V8 takes it.
func (r *v8Runtime) load(bundle, cached []byte, cache *codeCache) error {
	if _, err := r.eval(preludeName, prelude, nil); err != nil {
		return err
	}
	rejected, err := r.eval(bundleName, string(bundle), cached)
	if err != nil {
		return err
	}
	cache.loaded(rejected)
	_, err = r.result(C.tb_bind_render(r.iso))
	return err
}

func (r *v8Runtime) eval(name, src string, cached []byte) (rejected bool, err error) {
	var refused C.int
	// The cache's bytes stay Go memory: V8 reads them during the call only.
	res := C.tb_eval(r.iso, cstr(src), C.size_t(len(src)), cstr(name), C.size_t(len(name)),
		(*C.char)(unsafe.Pointer(unsafe.SliceData(cached))), C.size_t(len(cached)), &refused)
	if _, err := r.result(res); err != nil {
		return false, fmt.Errorf("evaluate %s: %w", name, err)
	}
	return refused != 0, nil
}

// saveCache serialises the bundle as compiled so far and hands it to the cache's writer.
func (r *v8Runtime) saveCache(cache *codeCache) {
	res := C.tb_code_cache(r.iso)
	if res.status != C.TB_OK {
		_, err := r.result(res)
		r.logger.Warn("ssr: could not make a code cache", slog.Any("err", err))
		return
	}
	data := C.GoBytes(unsafe.Pointer(res.data), C.int(res.len))
	C.free(unsafe.Pointer(res.data))
	cache.save(data)
}

func (r *v8Runtime) render(page string, propsJSON []byte) (string, error) {
	c := &v8Call{page: page, props: propsJSON, reply: make(chan *v8Call, 1)}
	r.calls <- c
	<-c.reply
	return c.html, c.err
}

// interrupt may come from any goroutine: TerminateExecution is thread-safe.
func (r *v8Runtime) interrupt() { C.tb_terminate(r.iso) }

func (r *v8Runtime) close() {
	close(r.calls)
	<-r.done
}

// result converts a tb_result and frees its C memory.
func (r *v8Runtime) result(res C.tb_result) (string, error) {
	data := take(res.data, res.len)
	stack := take(res.stack, res.stack_len)
	if res.logs != nil {
		logRecords(r.logger, C.GoBytes(unsafe.Pointer(res.logs), C.int(res.logs_len)))
		C.free(unsafe.Pointer(res.logs))
	}
	switch res.status {
	case C.TB_OK:
		return data, nil
	case C.TB_EXCEPTION:
		return "", &JSError{Message: data, Stack: stack}
	case C.TB_OOM:
		return "", fmt.Errorf("v8: %s: %w", data, errDiscard)
	default:
		return "", fmt.Errorf("v8: %s", data)
	}
}

func take(p *C.char, n C.size_t) string {
	if p == nil {
		return ""
	}
	s := C.GoStringN(p, C.int(n))
	C.free(unsafe.Pointer(p))
	return s
}

// cstr points C at a Go string's bytes; V8 takes a length, so no NUL is needed.
func cstr(s string) *C.char { return (*C.char)(unsafe.Pointer(unsafe.StringData(s))) }
