package ssr

import (
	"errors"
	"fmt"
	"log/slog"

	"modernc.org/quickjs"
)

// quickjsRuntime is the pure-Go engine: about 30 times slower than V8, but it needs no
// cgo, so a CGO_ENABLED=0 build still serves pages.
type quickjsRuntime struct {
	vm     *quickjs.VM
	logger *slog.Logger
}

func newQuickJSRuntime(cfg config) (jsRuntime, error) {
	vm, err := quickjs.NewVM()
	if err != nil {
		return nil, fmt.Errorf("quickjs: new VM: %w", err)
	}
	r := &quickjsRuntime{vm: vm, logger: cfg.logger}
	vm.SetMemoryLimit(uintptr(cfg.heapLimit))
	if err := vm.RegisterFunc("__tourbookLog", func(level int, msg string) {
		logConsole(r.logger, level, msg)
	}, false); err != nil {
		vm.Close()
		return nil, fmt.Errorf("quickjs: register console: %w", err)
	}
	for _, script := range []struct{ name, src string }{
		{preludeName, prelude},
		{bundleName, string(cfg.bundle)},
	} {
		if _, err := vm.Eval(script.src, quickjs.EvalGlobal); err != nil {
			vm.Close()
			return nil, fmt.Errorf("evaluate %s: %w", script.name, jsError(err))
		}
	}
	if _, err := vm.ExecutePendingJobs(); err != nil {
		vm.Close()
		return nil, fmt.Errorf("evaluate %s: %w", bundleName, jsError(err))
	}
	isFunc, err := vm.Eval("typeof globalThis.renderPage === 'function'", quickjs.EvalGlobal)
	if err != nil || isFunc != true {
		vm.Close()
		return nil, errors.New("the bundle does not define globalThis.renderPage as a function")
	}
	return r, nil
}

func (r *quickjsRuntime) render(page string, propsJSON []byte) (html string, err error) {
	defer func() {
		// A panic inside the engine leaves the VM only fit for Close.
		if p := recover(); p != nil {
			html, err = "", fmt.Errorf("quickjs: panic: %v: %w", p, errDiscard)
		}
	}()
	out, err := r.vm.Call("renderPage", page, string(propsJSON))
	if err != nil {
		return "", jsError(err)
	}
	if _, err := r.vm.ExecutePendingJobs(); err != nil {
		return "", jsError(err)
	}
	s, ok := out.(string)
	if !ok {
		return "", fmt.Errorf("quickjs: renderPage returned %T, not a string", out)
	}
	return s, nil
}

func (r *quickjsRuntime) interrupt() { r.vm.Interrupt() }

func (r *quickjsRuntime) close() { r.vm.Close() }

func jsError(err error) error {
	var qe *quickjs.Error
	if errors.As(err, &qe) {
		msg := qe.Message
		if qe.Name != "" {
			msg = qe.Name + ": " + qe.Message
		}
		stack := qe.Stack
		if stack != "" {
			// V8's stack starts with the message line; give both engines the same shape.
			stack = msg + "\n" + stack
		}
		return &JSError{Message: msg, Stack: stack}
	}
	return err
}
