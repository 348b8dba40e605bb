package app

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"tourbook/internal/config"
	"tourbook/internal/mail"
)

// signalHandler reports log records whose message starts with prefix.
type signalHandler struct {
	prefix string
	c      chan slog.Record
}

func (h signalHandler) Enabled(context.Context, slog.Level) bool { return true }
func (h signalHandler) Handle(_ context.Context, r slog.Record) error {
	if strings.HasPrefix(r.Message, h.prefix) {
		h.c <- r
	}
	return nil
}
func (h signalHandler) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h signalHandler) WithGroup(string) slog.Handler      { return h }

// Without -smtp-url the site's background chores hold emails in the outbox; RunBackground
// waits for the sender when it stops.
func TestBackgroundHoldsEmailsWithoutSMTP(t *testing.T) {
	t.Parallel()
	cfg, err := config.Parse([]string{"-data-dir", t.TempDir(), "-ssr-workers", "1"}, func(string) string { return "" }, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	held := signalHandler{prefix: "email held", c: make(chan slog.Record, 10)}
	log := slog.New(held)
	site, err := Build(context.Background(), cfg, log)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { site.Close() })
	if !site.Mailer.Holding() {
		t.Fatal("no SMTP configured, yet the sender is not holding")
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { site.RunBackground(ctx, log); close(done) }()

	m := mail.Message{IdemKey: "test:1", Kind: "test", To: "jane@example.com", Subject: "Hello", Text: "Hi"}
	if _, err := site.Store.EnqueueEmail(t.Context(), &m); err != nil {
		t.Fatal(err)
	}
	site.Mailer.Wake()
	select {
	case <-held.c:
	case <-time.After(20 * time.Second):
		t.Fatal("the email was not held")
	}
	cancel()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("RunBackground did not return")
	}
	if got, err := site.Store.EmailByID(t.Context(), m.ID); err != nil || got.Status != mail.Held {
		t.Errorf("email %+v, %v; want held", got, err)
	}
}
