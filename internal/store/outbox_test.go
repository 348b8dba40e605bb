package store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"tourbook/internal/mail"
)

func newEmail(key string) mail.Message {
	return mail.Message{
		IdemKey: key, Kind: "test", To: "Jane Doe <jane@example.com>", Subject: "Your tour " + key,
		HTML: "<p>Hello</p>", Text: "Hello",
		Attachments: []mail.Attachment{{Name: "tour.ics", ContentType: "text/calendar", Data: []byte("BEGIN:VCALENDAR\r\n")}},
	}
}

func enqueue(t *testing.T, s *Store, m mail.Message) mail.Message {
	t.Helper()
	ok, err := s.EnqueueEmail(t.Context(), &m)
	if err != nil || !ok {
		t.Fatalf("enqueue %s: inserted %v, %v", m.IdemKey, ok, err)
	}
	return m
}

func attempts(t *testing.T, s *Store, id string) string {
	t.Helper()
	list, err := s.EmailAttempts(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	out := ""
	for _, a := range list {
		out += a.Outcome + " "
	}
	return out
}

func TestEnqueueEmailOncePerKey(t *testing.T) {
	eachEngine(t, func(t *testing.T, s *Store) {
		s.now = func() time.Time { return t0 }
		first := enqueue(t, s, newEmail("booking-paid:1"))
		again := newEmail("booking-paid:1")
		again.Subject = "a second version"
		ok, err := s.EnqueueEmail(t.Context(), &again)
		if err != nil || ok || again.ID != first.ID {
			t.Fatalf("second enqueue: inserted %v, id %q (first %q), %v", ok, again.ID, first.ID, err)
		}
		got, err := s.EmailByID(t.Context(), first.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Subject != first.Subject || got.Status != mail.Pending || !got.CreatedAt.Equal(t0) ||
			!got.NextAttemptAt.Equal(t0) || len(got.Attachments) != 1 ||
			!bytes.Equal(got.Attachments[0].Data, []byte("BEGIN:VCALENDAR\r\n")) || got.Attachments[0].ContentType != "text/calendar" {
			t.Errorf("stored email: %+v", got)
		}
		if _, total, _ := s.ListEmails(t.Context(), mail.Filter{}, 0, 10); total != 1 {
			t.Errorf("%d emails, want 1", total)
		}
		for _, bad := range []func(*mail.Message){
			func(m *mail.Message) { m.To = "not an address" },
			func(m *mail.Message) { m.IdemKey = "" },
			func(m *mail.Message) { m.Subject = "two\r\nlines" },
			func(m *mail.Message) { m.HTML, m.Text = "", "" },
			func(m *mail.Message) { m.Attachments[0].Name = "../x.ics" },
		} {
			m := newEmail("bad")
			bad(&m)
			if ok, err := s.EnqueueEmail(t.Context(), &m); err == nil || ok {
				t.Errorf("invalid email %+v accepted", m)
			}
		}
	})
}

func TestEmailCommitsWithItsEvent(t *testing.T) {
	eachEngine(t, func(t *testing.T, s *Store) {
		boom := errors.New("the event failed")
		err := s.InTx(t.Context(), func(tx *Store) error {
			u := addUser(t, tx, "rolledback", "user")
			m := newEmail("welcome:" + u.ID)
			if _, err := tx.EnqueueEmail(t.Context(), &m); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatal(err)
		}
		if _, total, _ := s.ListEmails(t.Context(), mail.Filter{}, 0, 10); total != 0 {
			t.Fatalf("%d emails after the event rolled back, want 0", total)
		}
		must(t, s.InTx(t.Context(), func(tx *Store) error {
			u := addUser(t, tx, "committed", "user")
			m := newEmail("welcome:" + u.ID)
			_, err := tx.EnqueueEmail(t.Context(), &m)
			return err
		}))
		if _, total, _ := s.ListEmails(t.Context(), mail.Filter{}, 0, 10); total != 1 {
			t.Fatalf("%d emails after the event committed, want 1", total)
		}
	})
}

func TestClaimRetrySent(t *testing.T) {
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		s.now = func() time.Time { return t0 }
		now := enqueue(t, s, newEmail("now"))
		later := newEmail("later")
		later.NextAttemptAt = t0.Add(time.Hour)
		enqueue(t, s, later)

		list, err := s.ClaimDueEmails(ctx, t0, 10, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 1 || list[0].ID != now.ID || list[0].Status != mail.Sending || list[0].Attempts != 1 ||
			!list[0].LockedUntil.Equal(t0.Add(time.Minute)) || list[0].HTML != "<p>Hello</p>" || len(list[0].Attachments) != 1 {
			t.Fatalf("claimed %+v", list)
		}
		if again, _ := s.ClaimDueEmails(ctx, t0, 10, time.Minute); len(again) != 0 {
			t.Fatalf("a leased email was claimed again: %+v", again)
		}
		next := t0.Add(30 * time.Second)
		must(t, s.MarkEmailRetry(ctx, now.ID, 1, t0, next, "451 try later"))
		if got, _ := s.EmailByID(ctx, now.ID); got.Status != mail.Pending || got.LastError != "451 try later" || !got.NextAttemptAt.Equal(next) {
			t.Fatalf("after a retry: %+v", got)
		}
		if early, _ := s.ClaimDueEmails(ctx, next.Add(-time.Microsecond), 10, time.Minute); len(early) != 0 {
			t.Fatalf("claimed before its retry time: %+v", early)
		}
		list, err = s.ClaimDueEmails(ctx, next, 10, time.Minute)
		if err != nil || len(list) != 1 || list[0].Attempts != 2 {
			t.Fatalf("second claim: %+v, %v", list, err)
		}
		must(t, s.MarkEmailSent(ctx, now.ID, 2, next))
		got, _ := s.EmailByID(ctx, now.ID)
		if got.Status != mail.Sent || !got.SentAt.Equal(next.UTC()) || got.LastError != "" || !got.LockedUntil.IsZero() {
			t.Fatalf("after sent: %+v", got)
		}
		if h := attempts(t, s, now.ID); h != "retry sent " {
			t.Errorf("history %q", h)
		}
		// A mark from an old claim changes nothing.
		if err := s.MarkEmailFailed(ctx, now.ID, 1, next, "late"); !errors.Is(err, mail.ErrLeaseLost) {
			t.Errorf("stale mark: %v, want ErrLeaseLost", err)
		}
		if got, _ := s.EmailByID(ctx, now.ID); got.Status != mail.Sent {
			t.Errorf("a stale mark changed the email: %+v", got)
		}
		if err := s.MarkEmailSent(ctx, "nope", 1, next); !errors.Is(err, mail.ErrNotFound) {
			t.Errorf("unknown email: %v", err)
		}
	})
}

func TestExpiredLeaseIsClaimedAgain(t *testing.T) {
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		m := enqueue(t, s, newEmail("crash"))
		if list, err := s.ClaimDueEmails(ctx, t0, 10, time.Minute); err != nil || len(list) != 1 {
			t.Fatalf("claim: %v %v", list, err)
		}
		// The sender dies here. Until its lease ends the email is left alone.
		if list, _ := s.ClaimDueEmails(ctx, t0.Add(time.Minute-time.Microsecond), 10, time.Minute); len(list) != 0 {
			t.Fatalf("claimed during the lease: %+v", list)
		}
		list, err := s.ClaimDueEmails(ctx, t0.Add(time.Minute), 10, time.Minute)
		if err != nil || len(list) != 1 || list[0].ID != m.ID || list[0].Attempts != 2 {
			t.Fatalf("after the lease: %+v, %v", list, err)
		}
		if h := attempts(t, s, m.ID); h != "abandoned " {
			t.Errorf("history %q", h)
		}
		// The first sender wakes up: its mark is recorded but does not win.
		if err := s.MarkEmailSent(ctx, m.ID, 1, t0.Add(2*time.Minute)); !errors.Is(err, mail.ErrLeaseLost) {
			t.Fatalf("stale mark: %v", err)
		}
		if got, _ := s.EmailByID(ctx, m.ID); got.Status != mail.Sending || got.Attempts != 2 {
			t.Errorf("stale mark changed the row: %+v", got)
		}
		if h := attempts(t, s, m.ID); h != "abandoned sent " {
			t.Errorf("history %q", h)
		}
		must(t, s.ReleaseEmail(ctx, m.ID, 2, t0.Add(2*time.Minute)))
		if got, _ := s.EmailByID(ctx, m.ID); got.Status != mail.Pending || got.Attempts != 1 {
			t.Errorf("released: %+v", got)
		}
	})
}

func TestHoldAndResend(t *testing.T) {
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		m := enqueue(t, s, newEmail("held"))
		if _, err := s.ClaimDueEmails(ctx, t0, 10, time.Minute); err != nil {
			t.Fatal(err)
		}
		if err := s.ResendEmail(ctx, m.ID, t0); !errors.Is(err, mail.ErrInFlight) {
			t.Errorf("resend while leased: %v", err)
		}
		must(t, s.MarkEmailHeld(ctx, m.ID, 1, t0))
		if got, _ := s.EmailByID(ctx, m.ID); got.Status != mail.Held || got.Attempts != 0 {
			t.Fatalf("held: %+v", got)
		}
		if list, _ := s.ClaimDueEmails(ctx, t0.Add(time.Hour), 10, time.Minute); len(list) != 0 {
			t.Fatalf("a held email was claimed: %+v", list)
		}
		later := t0.Add(time.Hour)
		must(t, s.ResendEmail(ctx, m.ID, later))
		got, _ := s.EmailByID(ctx, m.ID)
		if got.Status != mail.Pending || got.Resends != 1 || got.Attempts != 0 || !got.NextAttemptAt.Equal(later) {
			t.Fatalf("resent: %+v", got)
		}
		if mail.MessageID(got, "example.com") == mail.MessageID(m, "example.com") {
			t.Errorf("a resend keeps the Message-ID %s", mail.MessageID(got, "example.com"))
		}
		if err := s.ResendEmail(ctx, "nope", later); !errors.Is(err, mail.ErrNotFound) {
			t.Errorf("resend unknown: %v", err)
		}
		if _, err := s.EmailByID(ctx, "nope"); !errors.Is(err, mail.ErrNotFound) {
			t.Errorf("unknown email: %v", err)
		}
	})
}

func TestListEmails(t *testing.T) {
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		for i := range 5 {
			s.now = func() time.Time { return t0.Add(time.Duration(i) * time.Second) }
			m := newEmail(fmt.Sprint("k", i))
			if i%2 == 1 {
				m.Kind, m.To = "reset", "bob_100%@example.com"
			}
			enqueue(t, s, m)
		}
		list, _ := s.ClaimDueEmails(ctx, t0.Add(time.Hour), 1, time.Minute)
		must(t, s.MarkEmailSent(ctx, list[0].ID, 1, t0))
		for _, tc := range []struct {
			f             mail.Filter
			offset, limit int
			wantKeys      string
			wantTotal     int
		}{
			{mail.Filter{}, 0, 10, "k4 k3 k2 k1 k0 ", 5},
			{mail.Filter{}, 1, 2, "k3 k2 ", 5},
			{mail.Filter{Kind: "reset"}, 0, 10, "k3 k1 ", 2},
			{mail.Filter{To: "BOB_100%"}, 0, 10, "k3 k1 ", 2},
			{mail.Filter{To: "b%b"}, 0, 10, "", 0},
			{mail.Filter{Status: mail.Sent}, 0, 10, "k0 ", 1},
			{mail.Filter{Status: mail.Pending, Kind: "test"}, 0, 10, "k4 k2 ", 2},
		} {
			got, total, err := s.ListEmails(ctx, tc.f, tc.offset, tc.limit)
			if err != nil {
				t.Fatal(err)
			}
			keys := ""
			for _, m := range got {
				keys += m.IdemKey + " "
				if m.HTML != "" || m.Text != "" || len(m.Attachments) != 1 || m.Attachments[0].Data != nil || m.Attachments[0].Name != "tour.ics" {
					t.Errorf("list item carries bodies or lost its attachment's name: %+v", m)
				}
			}
			if keys != tc.wantKeys || total != tc.wantTotal {
				t.Errorf("%+v offset %d limit %d: %q of %d, want %q of %d", tc.f, tc.offset, tc.limit, keys, total, tc.wantKeys, tc.wantTotal)
			}
		}
	})
}

// Senders claiming at once each get different emails, and every email is claimed.
func TestConcurrentClaimsTakeEachEmailOnce(t *testing.T) {
	eachEngine(t, func(t *testing.T, s *Store) {
		for i := range 40 {
			enqueue(t, s, newEmail(fmt.Sprint("c", i)))
		}
		var mu sync.Mutex
		seen := map[string]int{}
		var wg sync.WaitGroup
		for range 4 {
			wg.Go(func() {
				for {
					list, err := s.ClaimDueEmails(context.Background(), t0.Add(time.Hour), 3, time.Hour)
					if err != nil {
						t.Error(err)
						return
					}
					if len(list) == 0 {
						return
					}
					mu.Lock()
					for _, m := range list {
						seen[m.ID]++
					}
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		if len(seen) != 40 {
			t.Errorf("%d emails claimed, want 40", len(seen))
		}
		for id, n := range seen {
			if n != 1 {
				t.Errorf("email %s claimed %d times", id, n)
			}
		}
	})
}

func TestEmailBacklog(t *testing.T) {
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		s.now = func() time.Time { return t0 }
		if b, err := s.EmailBacklog(ctx, t0); err != nil || b != (mail.Backlog{}) {
			t.Fatalf("empty outbox: %+v, %v", b, err)
		}
		first := newEmail("first")
		first.NextAttemptAt = t0.Add(-time.Hour) // overdue for an hour
		enqueue(t, s, first)
		enqueue(t, s, newEmail("due-now"))
		later := newEmail("later")
		later.NextAttemptAt = t0.Add(time.Hour) // pending, not due yet
		enqueue(t, s, later)
		failed := enqueue(t, s, newEmail("failed"))
		leased := enqueue(t, s, newEmail("leased"))
		// Claim all four due ones, then settle two: one fails for good, one is sent.
		if list, err := s.ClaimDueEmails(ctx, t0, 10, time.Minute); err != nil || len(list) != 4 {
			t.Fatalf("claim: %d, %v", len(list), err)
		}
		must(t, s.MarkEmailFailed(ctx, failed.ID, 1, t0, "550 no such user"))
		must(t, s.ReleaseEmail(ctx, leased.ID, 1, t0))
		b, err := s.EmailBacklog(ctx, t0)
		if err != nil {
			t.Fatal(err)
		}
		// Pending: later, and leased (released back); sending: first and due-now.
		if b.Pending != 2 || b.Sending != 2 || b.Failed != 1 || !b.OldestDue.Equal(t0.UTC()) {
			t.Fatalf("backlog %+v, want 2 pending, 2 sending, 1 failed, oldest due at %v", b, t0.UTC())
		}
	})
}

func TestPendingMigrations(t *testing.T) {
	eachEngine(t, func(t *testing.T, s *Store) {
		if n, err := s.PendingMigrations(t.Context()); err != nil || n != 0 {
			t.Fatalf("after Migrate: %d pending, %v", n, err)
		}
		if _, err := s.write.ExecContext(t.Context(), `DELETE FROM schema_migrations WHERE version IN (1, 2)`); err != nil {
			t.Fatal(err)
		}
		if n, err := s.PendingMigrations(t.Context()); err != nil || n != 2 {
			t.Fatalf("two forgotten: %d pending, %v", n, err)
		}
	})
}

// A draft is written with its props and no content, listed until it is rendered, and
// its rendering is kept once: a second renderer changes nothing.
func TestEmailDraftRenderedOnce(t *testing.T) {
	eachEngine(t, func(t *testing.T, s *Store) {
		s.now = func() time.Time { return t0 }
		draft := enqueue(t, s, mail.Message{IdemKey: "waitlist-offer:1", Kind: "waitlistOffer",
			To: "jane@example.com", Props: []byte(`{"name":"Jane"}`)})
		enqueue(t, s, newEmail("booking-paid:2"))
		list, err := s.EmailDrafts(t.Context(), 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 1 || list[0].ID != draft.ID || string(list[0].Props) != `{"name":"Jane"}` || !list[0].Drafted() {
			t.Fatalf("drafts: %+v", list)
		}
		rendered := list[0]
		rendered.Subject, rendered.HTML, rendered.Text = "Seats for Jane", "<p>Seats</p>", "Seats"
		if ok, err := s.SaveRenderedEmail(t.Context(), rendered); err != nil || !ok {
			t.Fatalf("save rendered: %v, %v", ok, err)
		}
		again := rendered
		again.Subject = "a second rendering"
		if ok, err := s.SaveRenderedEmail(t.Context(), again); err != nil || ok {
			t.Fatalf("second save: %v, %v", ok, err)
		}
		got, err := s.EmailByID(t.Context(), draft.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Subject != "Seats for Jane" || got.HTML != "<p>Seats</p>" || got.Drafted() || len(got.Props) != 0 {
			t.Errorf("after rendering: %+v", got)
		}
		if list, err := s.EmailDrafts(t.Context(), 10); err != nil || len(list) != 0 {
			t.Errorf("drafts after rendering: %+v, %v", list, err)
		}
	})
}
