package emails

import (
	"context"
	"log/slog"
	"time"

	tbmail "tourbook/internal/mail"
)

// DraftStore is what Drafts needs of the outbox (*store.Store has it).
type DraftStore interface {
	EmailDrafts(ctx context.Context, limit int) ([]tbmail.Message, error)
	SaveRenderedEmail(ctx context.Context, m tbmail.Message) (bool, error)
}

// Drafts renders the outbox's drafts (mail.Message.Drafted) once their transaction has
// committed, outside any transaction, so that no template runs while SQLite's single
// writer is held.
type Drafts struct {
	writer *Writer
	store  DraftStore
	log    *slog.Logger
}

// NewDrafts returns Drafts rendering with w into st.
func NewDrafts(w *Writer, st DraftStore, log *slog.Logger) *Drafts {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Drafts{writer: w, store: st, log: log}
}

// draftBatch is how many drafts one pass renders; a transaction writes a few at most.
const draftBatch = 50

// RenderPending renders the drafts waiting in the outbox: features call it (through
// their Queued option) after committing a transaction that may have written drafts,
// before the sender is woken. It has no caller's context because it runs after the
// caller's work is done and must not be cut short by its cancellation. A draft it cannot
// render is logged and left to the sender, which tries again.
func (d *Drafts) RenderPending() {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	list, err := d.store.EmailDrafts(ctx, draftBatch)
	if err != nil {
		d.log.Error("email drafts", "err", err)
		return
	}
	for _, m := range list {
		if _, err := d.Render(ctx, m); err != nil {
			d.log.Error("render email draft", "id", m.ID, "kind", m.Kind, "err", err)
		}
	}
}

// Render renders the draft m and keeps the result in the outbox (unless another pass
// kept one first); it is also the sender's mail.SenderOptions.Render.
func (d *Drafts) Render(ctx context.Context, m tbmail.Message) (tbmail.Message, error) {
	r, err := d.writer.RenderDraft(ctx, m)
	if err != nil {
		return m, err
	}
	if _, err := d.store.SaveRenderedEmail(ctx, r); err != nil {
		return m, err
	}
	return r, nil
}
