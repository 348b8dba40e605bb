// Package app wires the site together and runs the tourbook sub-commands. main only
// calls Run and exits; tests call Run (or Build) with their own arguments and environment.
package app

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/config"
	"tourbook/internal/seed"
)

const usage = `Tourbook: a tour-booking site in one binary.

Usage:
  tourbook serve   [flags]   start the web site (tourbook serve -h lists the flags)
  tourbook migrate [flags]   create or upgrade the database schema (and with -sample-data
                             fill an empty database with the sample data), then exit
  tourbook import  [flags]   load tours, users and reviews from JSON export files
  tourbook backup  -o FILE   copy the SQLite database and the pictures, while the site runs
  tourbook restore -i FILE   put a backup in place (the site stopped)
  tourbook admin create -email E -name N [-link]
                             make an administrator (password on standard input, or
                             a one-time sign-in link); tourbook admin list shows them
  tourbook help              show this text

Configuration comes from flags or environment variables; see README.md.
`

// usageError is a mistake on the command line: exit code 2, like the flag package.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

// ExitCode is the process exit code for an error Run returned.
func ExitCode(err error) int {
	var ue usageError
	if errors.As(err, &ue) {
		return 2
	}
	return 1
}

// Run runs one sub-command with nothing on standard input. It returns when the command
// is done or, for serve, when ctx is cancelled (SIGINT/SIGTERM) and in-flight requests
// have finished.
func Run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	return RunWithInput(ctx, args, getenv, nil, stdout, stderr)
}

// RunWithInput is Run with standard input, which `tourbook admin create` reads the new
// password from (a terminal: asked for without echo).
func RunWithInput(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return usageError{errors.New("no command given")}
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "serve":
		cfg, err := config.Parse(rest, getenv, stderr)
		if err != nil {
			return flagError(err)
		}
		return serve(ctx, cfg, newLogger(cfg, stderr), stdout, getenv("GOMAXPROCS") == "")
	case "migrate":
		cfg, err := config.Parse(rest, getenv, stderr)
		if err != nil {
			return flagError(err)
		}
		st, err := openStore(ctx, cfg, newLogger(cfg, stderr))
		if err != nil {
			return err
		}
		defer st.Close()
		fmt.Fprintf(stdout, "database is up to date (%s)\n", st.Dialect())
		if cfg.SampleData {
			// As serve does at its start: a database that has users is left alone.
			if err := seed.Load(ctx, st, imagesDir(cfg), account.HashPassword, time.Now()); err != nil {
				return err
			}
			if err := seed.EnsureDefaultImages(imagesDir(cfg)); err != nil {
				return err
			}
		}
		return nil
	case "import":
		return runImport(ctx, rest, getenv, stdout, stderr)
	case "backup":
		return runBackup(ctx, rest, getenv, stdout, stderr)
	case "restore":
		return runRestore(ctx, rest, getenv, stdout, stderr)
	case "admin":
		return runAdmin(ctx, rest, getenv, stdin, stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	fmt.Fprint(stderr, usage)
	return usageError{fmt.Errorf("unknown command %q", cmd)}
}

func flagError(err error) error {
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	return usageError{err}
}

func newLogger(cfg config.Config, w io.Writer) *slog.Logger {
	var level slog.Level
	if err := level.UnmarshalText([]byte(cfg.LogLevel)); err != nil {
		level = slog.LevelInfo
	}
	opts := &slog.HandlerOptions{Level: level}
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// serve runs the site until ctx is cancelled.
func serve(ctx context.Context, cfg config.Config, log *slog.Logger, stdout io.Writer, tuneProcs bool) error {
	site, err := Build(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer site.Close()
	if tuneProcs && site.EngineKind == "v8" {
		// A V8 worker holds its P for the whole cgo call of a render, and the scheduler
		// takes it back only after sysmon notices (20 us or more): with one P per CPU the
		// HTTP goroutines wait. One P per worker on top keeps every CPU running Go code.
		// Measured on 2 CPUs: the tour page went from 3,534 to about 3,900 requests/s.
		runtime.GOMAXPROCS(runtime.GOMAXPROCS(0) + site.SSRWorkers)
	}

	// Listen before announcing anything: a port in use is one readable line, not a trace.
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("cannot listen on %s: %w", cfg.Addr, unwrapOpError(err))
	}
	srv := &http.Server{
		Handler:           site.Handler,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second, // photo uploads on slow links
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	// The chores stop, and are waited for, before the deferred Close shuts the store.
	bg, stopBG := context.WithCancel(context.Background())
	var chores sync.WaitGroup
	chores.Go(func() { site.RunBackground(bg, log) })
	defer func() {
		stopBG()
		chores.Wait()
	}()
	if cfg.DebugAddr != "" {
		// The profiler and the metrics get their own listener, never the public one:
		// they show internals. A port in use stops the start, as for the site's.
		dln, err := net.Listen("tcp", cfg.DebugAddr)
		if err != nil {
			ln.Close()
			return fmt.Errorf("cannot listen on %s (-debug-addr): %w", cfg.DebugAddr, unwrapOpError(err))
		}
		dbg := &http.Server{Handler: debugMux(site.Metrics.Handler(log)), ReadHeaderTimeout: 10 * time.Second}
		go func() {
			if err := dbg.Serve(dln); err != nil && !errors.Is(err, http.ErrServerClosed) {
				log.Error("debug server", "addr", cfg.DebugAddr, "error", err)
			}
		}()
		defer dbg.Close()
		log.Info("metrics and profiler", "url", "http://"+dln.Addr().String()+"/metrics")
	}

	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	log.Info("tourbook is running", "url", cfg.BaseURL.String(), "addr", ln.Addr().String(),
		"database", site.Store.Dialect(), "ssr_engine", site.EngineKind, "payments", cfg.Payment.Provider)
	fmt.Fprintf(stdout, "Tourbook is running on %s (Ctrl+C stops it)\n", cfg.BaseURL)

	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	log.Info("shutting down: letting in-flight requests finish", "timeout", cfg.ShutdownTimeout)
	sctx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	log.Info("stopped")
	return nil
}

// unwrapOpError turns "listen tcp :8080: bind: address already in use" into the part a
// person needs.
func unwrapOpError(err error) error {
	var op *net.OpError
	if errors.As(err, &op) && op.Err != nil {
		var sys *os.SyscallError
		if errors.As(op.Err, &sys) {
			return sys.Err
		}
		return op.Err
	}
	return err
}

func imagesDir(cfg config.Config) string { return filepath.Join(cfg.DataDir, "img") }

// debugMux serves the profiler and the metrics: what shows the site's internals stays
// off the public listener.
func debugMux(metrics http.Handler) *http.ServeMux {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", metrics)
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	return mux
}
