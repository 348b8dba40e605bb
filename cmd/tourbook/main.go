// Command tourbook runs the Tourbook site: `tourbook serve`, `tourbook migrate`,
// `tourbook import`. Everything but exiting lives in internal/app, so tests drive the same
// code through app.Run.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"tourbook/internal/app"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	// After the first signal the default handling returns: a second Ctrl+C stops at once
	// instead of waiting for in-flight requests.
	context.AfterFunc(ctx, stop)
	err := app.RunWithInput(ctx, os.Args[1:], os.Getenv, os.Stdin, os.Stdout, os.Stderr)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "tourbook:", err)
		os.Exit(app.ExitCode(err))
	}
}
