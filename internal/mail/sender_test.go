package mail_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"net"
	netmail "net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"tourbook/internal/mail"
	"tourbook/internal/store"
	"tourbook/internal/store/testdb"
)

// clock is a settable time for the sender and the test.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

var start = time.Date(2031, 3, 14, 15, 9, 26, 0, time.UTC)

func openStore(t *testing.T, databaseURL, dataDir string) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), databaseURL, dataDir, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	if err := st.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return st
}

func newStore(t *testing.T) *store.Store {
	t.Helper()
	databaseURL, dataDir := testdb.Database(t, testdb.SQLite)
	return openStore(t, databaseURL, dataDir)
}

// transport is an SMTP transport to srv; smtpURL's host and port are filled in.
func transport(t *testing.T, srv *testSMTP, smtpURL string) *mail.SMTP {
	t.Helper()
	cfg, err := mail.ParseSMTPURL(strings.Replace(smtpURL, "PORT", srv.port(), 1))
	if err != nil {
		t.Fatal(err)
	}
	cfg.From, cfg.RootCAs, cfg.Timeout = "Tourbook <tours@example.com>", srv.rootCAs, 5*time.Second
	tr, err := mail.NewSMTP(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func message(key string) mail.Message {
	return mail.Message{
		IdemKey: key, Kind: "booking_confirmed", To: "Jane Doe <jane@example.com>",
		Subject: "Your booking: The Forest Hiker", Text: "See you on the 14th.",
		HTML: "<p>See you on the <b>14th</b>.</p>",
	}
}

func enqueue(t *testing.T, st *store.Store, m mail.Message) mail.Message {
	t.Helper()
	if ok, err := st.EnqueueEmail(t.Context(), &m); err != nil || !ok {
		t.Fatalf("enqueue: %v %v", ok, err)
	}
	return m
}

func history(t *testing.T, st *store.Store, id string) string {
	t.Helper()
	list, err := st.EmailAttempts(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, a := range list {
		out = append(out, a.Outcome)
	}
	return strings.Join(out, " ")
}

func runOnce(t *testing.T, s *mail.Sender, want int) {
	t.Helper()
	n, err := s.RunOnce(t.Context())
	if err != nil || n != want {
		t.Fatalf("RunOnce: %d emails, %v; want %d", n, err, want)
	}
}

func TestMessageArrivesWithHeadersPartsAndAttachment(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts serverOptions
		url  string
	}{
		{"starttls with auth", serverOptions{startTLS: true, user: "mailer", pass: "p@ss:w/rd"}, "smtp://mailer:p%40ss%3Aw%2Frd@127.0.0.1:PORT"},
		{"implicit tls with auth", serverOptions{implicitTLS: true, user: "mailer", pass: "secret"}, "smtps://mailer:secret@127.0.0.1:PORT"},
		{"loopback without tls", serverOptions{}, "smtp://127.0.0.1:PORT?tls=none"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := startSMTP(t, tc.opts)
			st := newStore(t)
			clk := &clock{t: start}
			m := message("booking-paid:b1")
			ics := []byte("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n")
			m.Attachments = []mail.Attachment{{Name: "forest-hiker.ics", ContentType: "text/calendar", Data: ics}}
			m = enqueue(t, st, m)
			s := mail.NewSender(st, mail.SenderOptions{Transport: transport(t, srv, tc.url), Now: clk.Now})
			runOnce(t, s, 1)

			got := srv.received()
			if len(got) != 1 {
				t.Fatalf("%d messages received, want 1", len(got))
			}
			if got[0].from != "tours@example.com" || strings.Join(got[0].to, ",") != "jane@example.com" {
				t.Errorf("envelope from %q to %q", got[0].from, got[0].to)
			}
			if tc.opts.user != "" && strings.Join(srv.users(), ",") != tc.opts.user {
				t.Errorf("signed in as %q", srv.users())
			}
			msg, err := netmail.ReadMessage(bytes.NewReader(got[0].data))
			if err != nil {
				t.Fatal(err)
			}
			h := msg.Header
			stored, _ := st.EmailByID(t.Context(), m.ID)
			wantID := "<" + mail.MessageID(stored, "example.com") + ">"
			if h.Get("From") != `"Tourbook" <tours@example.com>` || h.Get("To") != `"Jane Doe" <jane@example.com>` ||
				h.Get("Subject") != m.Subject || h.Get("Message-Id") != wantID || h.Get("Auto-Submitted") != "auto-generated" {
				t.Errorf("headers: %v (want Message-ID %s)", h, wantID)
			}
			if date, err := h.Date(); err != nil || !date.Equal(m.CreatedAt.Truncate(time.Second)) {
				t.Errorf("Date %q (%v), want %v", h.Get("Date"), err, m.CreatedAt)
			}
			parts := readParts(t, h.Get("Content-Type"), msg.Body)
			want := map[string]string{
				"text/plain":                     m.Text,
				"text/html":                      m.HTML,
				"text/calendar forest-hiker.ics": string(ics),
			}
			if len(parts) != len(want) {
				t.Errorf("parts %v", parts)
			}
			for k, v := range want {
				if parts[k] != v {
					t.Errorf("part %s: %q, want %q", k, parts[k], v)
				}
			}
			if stored.Status != mail.Sent || stored.Attempts != 1 || !stored.SentAt.Equal(start) {
				t.Errorf("stored after sending: %+v", stored)
			}
			if h := history(t, st, m.ID); h != "sent" {
				t.Errorf("history %q", h)
			}
		})
	}
}

// readParts walks a MIME body into "type" → decoded text, and "type filename" for
// attachments.
func readParts(t *testing.T, contentType string, body io.Reader) map[string]string {
	t.Helper()
	out := map[string]string{}
	mediaType, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(mediaType, "multipart/") {
		b, _ := io.ReadAll(body)
		out[mediaType] = string(b)
		return out
	}
	r := multipart.NewReader(body, params["boundary"])
	for {
		p, err := r.NextPart() // decodes quoted-printable; base64 is ours to decode
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		ct := p.Header.Get("Content-Type")
		if inner, _, _ := mime.ParseMediaType(ct); strings.HasPrefix(inner, "multipart/") {
			for k, v := range readParts(t, ct, p) {
				out[k] = v
			}
			continue
		}
		var data io.Reader = p
		if strings.EqualFold(p.Header.Get("Content-Transfer-Encoding"), "base64") {
			data = base64.NewDecoder(base64.StdEncoding, p)
		}
		b, err := io.ReadAll(data)
		if err != nil {
			t.Fatal(err)
		}
		key, _, _ := mime.ParseMediaType(ct)
		if name := p.FileName(); name != "" {
			key += " " + name
		}
		out[key] = string(b)
	}
}

func TestFailuresAreRetriedAndSentOnce(t *testing.T) {
	backoff := mail.Backoff{Base: time.Minute, Max: 4 * time.Minute, MaxAttempts: 3}
	for _, tc := range []struct {
		name      string
		script    []string
		wantFinal mail.Status
		wantCalls int // DATA commands the server saw
		wantGot   int // messages it accepted
		history   string
	}{
		{"451 then accepted", []string{"451"}, mail.Sent, 2, 1, "retry sent"},
		{"dropped mid-DATA then accepted", []string{"drop"}, mail.Sent, 2, 1, "retry sent"},
		{"dropped twice then accepted", []string{"drop", "451"}, mail.Sent, 3, 1, "retry retry sent"},
		{"550 is final at once", []string{"550"}, mail.Failed, 1, 0, "failed"},
		{"451 until the attempts run out", []string{"451", "451", "451", "451"}, mail.Failed, 3, 0, "retry retry failed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := startSMTP(t, serverOptions{script: tc.script})
			st := newStore(t)
			clk := &clock{t: start}
			m := enqueue(t, st, message("k"))
			s := mail.NewSender(st, mail.SenderOptions{Transport: transport(t, srv, "smtp://127.0.0.1:PORT?tls=none"),
				Now: clk.Now, Backoff: backoff})
			for attempt := 1; ; attempt++ {
				runOnce(t, s, 1)
				got, _ := st.EmailByID(t.Context(), m.ID)
				if got.Status != mail.Pending {
					break
				}
				// Not due before its back-off: a pass now sends nothing.
				wait := backoff.Delay(attempt)
				if !got.NextAttemptAt.Equal(clk.Now().Add(wait)) {
					t.Fatalf("attempt %d: next attempt at %v, want now + %v", attempt, got.NextAttemptAt, wait)
				}
				clk.Add(wait - time.Second)
				runOnce(t, s, 0)
				clk.Add(time.Second)
			}
			got, _ := st.EmailByID(t.Context(), m.ID)
			if got.Status != tc.wantFinal || srv.dataCalls() != tc.wantCalls || len(srv.received()) != tc.wantGot {
				t.Errorf("status %s after %d DATA, %d received; want %s, %d, %d (last error %q)",
					got.Status, srv.dataCalls(), len(srv.received()), tc.wantFinal, tc.wantCalls, tc.wantGot, got.LastError)
			}
			if tc.wantFinal == mail.Failed && got.LastError == "" {
				t.Error("a failed email without its error")
			}
			if h := history(t, st, m.ID); h != tc.history {
				t.Errorf("history %q, want %q", h, tc.history)
			}
			// Nothing more happens, however long we wait.
			clk.Add(24 * time.Hour)
			runOnce(t, s, 0)
		})
	}
}

func TestUnreachableServerIsRetried(t *testing.T) {
	srv := startSMTP(t, serverOptions{})
	st := newStore(t)
	clk := &clock{t: start}
	m := enqueue(t, st, message("k"))
	// A port nothing listens on: a closed listener's.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	_ = ln.Close()
	deadTransport := transport(t, &testSMTP{addr: ln.Addr().String()}, "smtp://127.0.0.1:PORT?tls=none")
	s := mail.NewSender(st, mail.SenderOptions{Transport: deadTransport, Now: clk.Now})
	runOnce(t, s, 1)
	if got, _ := st.EmailByID(t.Context(), m.ID); got.Status != mail.Pending || got.LastError == "" {
		t.Fatalf("after a refused connection: %+v", got)
	}
	clk.Add(mail.DefaultBackoff.Base)
	runOnce(t, mail.NewSender(st, mail.SenderOptions{Transport: transport(t, srv, "smtp://127.0.0.1:PORT?tls=none"), Now: clk.Now}), 1)
	if len(srv.received()) != 1 {
		t.Fatalf("%d received", len(srv.received()))
	}
}

func TestHeldWithoutSMTP(t *testing.T) {
	st := newStore(t)
	var logs bytes.Buffer
	m := message("reset:1")
	m.Kind, m.Text, m.HTML = "password_reset", "https://tours.example.com/reset?token=SECRET-TOKEN", ""
	m = enqueue(t, st, m)
	s := mail.NewSender(st, mail.SenderOptions{Logger: slog.New(slog.NewTextHandler(&logs, nil)), Now: func() time.Time { return start }})
	if !s.Holding() {
		t.Fatal("a sender without transport is not holding")
	}
	runOnce(t, s, 1)
	got, _ := st.EmailByID(t.Context(), m.ID)
	if got.Status != mail.Held || got.Attempts != 0 || !got.SentAt.IsZero() {
		t.Fatalf("held email: %+v", got)
	}
	line := logs.String()
	for _, want := range []string{"level=INFO", "email held", "jane@example.com", "password_reset", m.Subject} {
		if !strings.Contains(line, want) {
			t.Errorf("log %q lacks %q", line, want)
		}
	}
	if strings.Contains(line, "SECRET-TOKEN") {
		t.Errorf("the log shows the body: %q", line)
	}
	runOnce(t, s, 0) // held stays held
	// An operator resends it: with no SMTP still, it is held again.
	if err := st.ResendEmail(t.Context(), m.ID, start); err != nil {
		t.Fatal(err)
	}
	runOnce(t, s, 1)
	if h := history(t, st, m.ID); h != "held held" {
		t.Errorf("history %q", h)
	}
}

// A sender killed between claiming and recording (kill -9) loses nothing: after the
// lease another pass sends the email, once.
func TestCrashedSenderLeavesTheEmailToTheNext(t *testing.T) {
	srv := startSMTP(t, serverOptions{})
	st := newStore(t)
	clk := &clock{t: start}
	m := enqueue(t, st, message("k"))
	lease := 2 * time.Minute
	if list, err := st.ClaimDueEmails(t.Context(), clk.Now(), 10, lease); err != nil || len(list) != 1 {
		t.Fatalf("the doomed sender's claim: %v %v", list, err)
	}
	// ... and it dies.
	s := mail.NewSender(st, mail.SenderOptions{Transport: transport(t, srv, "smtp://127.0.0.1:PORT?tls=none"), Now: clk.Now, Lease: lease})
	clk.Add(lease - time.Second)
	runOnce(t, s, 0)
	clk.Add(time.Second)
	runOnce(t, s, 1)
	got, _ := st.EmailByID(t.Context(), m.ID)
	if got.Status != mail.Sent || len(srv.received()) != 1 {
		t.Fatalf("status %s, %d received", got.Status, len(srv.received()))
	}
	if h := history(t, st, m.ID); h != "abandoned sent" {
		t.Errorf("history %q", h)
	}
}

// failingMarks is a store that cannot record a success: the process dying right after
// the server's 250.
type failingMarks struct{ *store.Store }

func (failingMarks) MarkEmailSent(context.Context, string, int, time.Time) error {
	return errors.New("killed before the commit")
}

// The one window the outbox cannot close: the server accepted, the sender died before
// recording it. The email is sent again after the lease, with the same Message-ID, and
// its history says an attempt was abandoned.
func TestAcknowledgedButUnrecordedIsSentAgainWithTheSameMessageID(t *testing.T) {
	srv := startSMTP(t, serverOptions{})
	st := newStore(t)
	clk := &clock{t: start}
	m := enqueue(t, st, message("k"))
	tr := transport(t, srv, "smtp://127.0.0.1:PORT?tls=none")
	crashing := mail.NewSender(failingMarks{st}, mail.SenderOptions{Transport: tr, Now: clk.Now})
	if _, err := crashing.RunOnce(t.Context()); err == nil {
		t.Fatal("the failed mark was not reported")
	}
	clk.Add(5 * time.Minute) // the default lease
	runOnce(t, mail.NewSender(st, mail.SenderOptions{Transport: tr, Now: clk.Now}), 1)
	got := srv.received()
	if len(got) != 2 {
		t.Fatalf("%d received, want the documented duplicate", len(got))
	}
	id := func(r receivedMail) string {
		msg, err := netmail.ReadMessage(bytes.NewReader(r.data))
		if err != nil {
			t.Fatal(err)
		}
		return msg.Header.Get("Message-Id")
	}
	if id(got[0]) == "" || id(got[0]) != id(got[1]) {
		t.Errorf("Message-IDs %q and %q, want the same", id(got[0]), id(got[1]))
	}
	if h := history(t, st, m.ID); h != "abandoned sent" {
		t.Errorf("history %q", h)
	}
}

// Two instances on one database: every email is delivered exactly once, counted on the
// SMTP side.
func TestTwoSendersDeliverEachEmailOnce(t *testing.T) {
	for _, engine := range testdb.Engines() {
		t.Run(engine, func(t *testing.T) {
			srv := startSMTP(t, serverOptions{})
			databaseURL, dataDir := testdb.Database(t, engine)
			a, b := openStore(t, databaseURL, dataDir), openStore(t, databaseURL, dataDir)
			const n = 50
			for i := range n {
				enqueue(t, a, message(fmt.Sprint("two-senders:", i)))
			}
			tr := transport(t, srv, "smtp://127.0.0.1:PORT?tls=none")
			var wg sync.WaitGroup
			sent := make([]int, 2)
			for i, st := range []*store.Store{a, b} {
				s := mail.NewSender(st, mail.SenderOptions{Transport: tr, Batch: 3})
				wg.Go(func() {
					for {
						k, err := s.RunOnce(context.Background())
						if err != nil {
							t.Error(err)
							return
						}
						sent[i] += k
						if k == 0 {
							// The other may hold the rest: stop when none is left unsent.
							if _, left, _ := st.ListEmails(context.Background(), mail.Filter{Status: mail.Sending}, 0, 1); left == 0 {
								if _, pending, _ := st.ListEmails(context.Background(), mail.Filter{Status: mail.Pending}, 0, 1); pending == 0 {
									return
								}
							}
						}
					}
				})
			}
			wg.Wait()
			ids := map[string]int{}
			for _, r := range srv.received() {
				msg, err := netmail.ReadMessage(bytes.NewReader(r.data))
				if err != nil {
					t.Fatal(err)
				}
				ids[msg.Header.Get("Message-Id")]++
			}
			if len(srv.received()) != n || len(ids) != n {
				t.Errorf("%d messages received, %d distinct; want %d of each", len(srv.received()), len(ids), n)
			}
			if _, total, _ := a.ListEmails(t.Context(), mail.Filter{Status: mail.Sent}, 0, 1); total != n {
				t.Errorf("%d emails marked sent, want %d", total, n)
			}
			t.Logf("sender A sent %d, sender B %d", sent[0], sent[1])
		})
	}
}

// Run sends when woken, without waiting for its tick, and returns when its context
// ends.
func TestRunWakesAndStops(t *testing.T) {
	srv := startSMTP(t, serverOptions{})
	st := newStore(t)
	s := mail.NewSender(st, mail.SenderOptions{Transport: transport(t, srv, "smtp://127.0.0.1:PORT?tls=none")})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { s.Run(ctx, time.Hour); close(done) }()
	for i := range 2 {
		enqueue(t, st, message(fmt.Sprint("wake:", i)))
		s.Wake()
		select {
		case <-srv.accepted:
		case <-time.After(10 * time.Second):
			t.Fatalf("email %d not sent after Wake", i)
		}
	}
	cancel()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return after its context ended")
	}
}

func TestBackoffDelay(t *testing.T) {
	b := mail.Backoff{Base: 30 * time.Second, Max: 5 * time.Minute, MaxAttempts: 10}
	for attempt, want := range map[int]time.Duration{
		1: 30 * time.Second, 2: time.Minute, 3: 2 * time.Minute, 4: 4 * time.Minute, 5: 5 * time.Minute, 40: 5 * time.Minute,
	} {
		if got := b.Delay(attempt); got != want {
			t.Errorf("Delay(%d) = %v, want %v", attempt, got, want)
		}
	}
}

// A draft left unrendered by a process that stopped after its commit is rendered by the
// sender when it is due, and a failed rendering is an attempt retried like a failed send.
func TestDraftRenderedAtSendTime(t *testing.T) {
	st := newStore(t)
	clk := &clock{t: start}
	m := enqueue(t, st, mail.Message{IdemKey: "waitlist-offer:1", Kind: "waitlistOffer", To: "Jane Doe <jane@example.com>",
		Props: []byte(`{"tourName":"The Forest Hiker"}`)})
	fail := true
	render := func(_ context.Context, d mail.Message) (mail.Message, error) {
		if fail {
			return d, errors.New("engine busy")
		}
		if string(d.Props) != `{"tourName":"The Forest Hiker"}` {
			t.Errorf("rendered from %q", d.Props)
		}
		d.Subject, d.Text, d.Props = "Seats on The Forest Hiker", "Pay by Friday.", nil
		if _, err := st.SaveRenderedEmail(context.Background(), d); err != nil {
			t.Error(err)
		}
		return d, nil
	}
	s := mail.NewSender(st, mail.SenderOptions{Now: clk.Now, Render: render})
	runOnce(t, s, 1)
	got, _ := st.EmailByID(t.Context(), m.ID)
	if got.Status != mail.Pending || !strings.Contains(got.LastError, "engine busy") || !got.Drafted() {
		t.Fatalf("after a failed rendering: %+v", got)
	}
	fail = false
	clk.Add(time.Hour)
	runOnce(t, s, 1)
	got, _ = st.EmailByID(t.Context(), m.ID)
	if got.Status != mail.Held || got.Subject != "Seats on The Forest Hiker" || got.Drafted() {
		t.Fatalf("after rendering: %+v", got)
	}
	if h := history(t, st, m.ID); h != "retry held" {
		t.Errorf("history %q", h)
	}
}

// An email to a deleted account's placeholder address (.invalid) never reaches the
// server: it fails at once, saying why, while the other emails go out.
func TestPlaceholderAddressesAreNeverSent(t *testing.T) {
	srv := startSMTP(t, serverOptions{})
	st := newStore(t)
	gone := message("to-deleted")
	gone.To = `"A former traveller" <deleted-6b080d05f763f028fb30f950@invalid>`
	gone = enqueue(t, st, gone)
	kept := enqueue(t, st, message("to-jane"))
	s := mail.NewSender(st, mail.SenderOptions{Transport: transport(t, srv, "smtp://127.0.0.1:PORT?tls=none"), Now: func() time.Time { return start }})
	runOnce(t, s, 2)
	if got, _ := st.EmailByID(t.Context(), gone.ID); got.Status != mail.Failed || !strings.Contains(got.LastError, "the account was deleted") {
		t.Errorf("the placeholder's email: %s %q", got.Status, got.LastError)
	}
	if got, _ := st.EmailByID(t.Context(), kept.ID); got.Status != mail.Sent {
		t.Errorf("the other email: %s", got.Status)
	}
	if n := len(srv.received()); n != 1 || srv.dataCalls() != 1 {
		t.Errorf("the server received %d emails (%d DATA)", n, srv.dataCalls())
	}
	for to, want := range map[string]bool{"x@invalid": true, "X <x@Shop.INVALID>": true, "x@invalid.": true, "x@example.com": false, "x@invalid.example.com": false, "nobody": false} {
		if mail.Undeliverable(to) != want {
			t.Errorf("Undeliverable(%q) = %v", to, !want)
		}
	}
}

// TestFromNameIsReadAsEachEmailGoesOut: the From's display name is the one FromName
// gives when the email is sent (a business renamed in its settings signs the next email
// with its new name, no restart), with the configured address; none keeps the
// configured name.
func TestFromNameIsReadAsEachEmailGoesOut(t *testing.T) {
	srv := startSMTP(t, serverOptions{})
	st := newStore(t)
	tr := transport(t, srv, "smtp://127.0.0.1:PORT?tls=none")
	name := "Fjord & Fell"
	tr.FromName = func(context.Context) string { return name }
	s := mail.NewSender(st, mail.SenderOptions{Transport: tr, Now: (&clock{t: start}).Now})
	var froms []string
	for i, next := range []string{"Fjord & Fell Tours", "", "unused"} {
		enqueue(t, st, message(fmt.Sprintf("k%d", i)))
		runOnce(t, s, 1)
		got := srv.received()
		msg, err := netmail.ReadMessage(bytes.NewReader(got[len(got)-1].data))
		if err != nil {
			t.Fatal(err)
		}
		froms = append(froms, msg.Header.Get("From"))
		name = next
	}
	want := []string{`"Fjord & Fell" <tours@example.com>`, `"Fjord & Fell Tours" <tours@example.com>`, `"Tourbook" <tours@example.com>`}
	if strings.Join(froms, "\n") != strings.Join(want, "\n") {
		t.Errorf("From headers\n%s\nwant\n%s", strings.Join(froms, "\n"), strings.Join(want, "\n"))
	}
}
