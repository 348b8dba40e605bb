// Package emailstest gives other packages' tests the site's real email writer: the
// emails rendered by the server bundle (ui/dist, which `make build` writes), with one JS
// engine per test binary.
package emailstest

import (
	"log/slog"
	"sync"
	"testing"

	"tourbook/internal/emails"
	"tourbook/internal/ssr"
	"tourbook/ui"
)

var (
	once      sync.Once
	engine    ssr.Engine
	engineErr error
)

// Writer renders emails for the site "Tourbook" at https://tours.example.
func Writer(t testing.TB) *emails.Writer {
	t.Helper()
	once.Do(func() {
		bundle, err := ui.ServerBundle()
		if err != nil {
			engineErr = err
			return
		}
		engine, engineErr = ssr.NewEngine(ssr.Kinds()[0], bundle, 2, slog.New(slog.DiscardHandler))
	})
	if engineErr != nil {
		t.Fatal(engineErr)
	}
	return emails.New(engine, emails.Site{Name: "Tourbook", URL: "https://tours.example"})
}
