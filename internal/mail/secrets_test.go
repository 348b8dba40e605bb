package mail_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"tourbook/internal/mail"
)

// recording is a Transport that keeps what it was given.
type recording struct {
	mu   sync.Mutex
	sent []mail.Message
}

func (r *recording) Send(_ context.Context, m mail.Message) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.sent = append(r.sent, m)
	return nil
}

// A sealed email is stored with its secret masked; the secret goes into the message only
// as it is sent, and a sender that does not know it (another instance, a restart) does
// not send the masked link but retries.
func TestSealedEmailGetsItsSecretOnlyWhenSent(t *testing.T) {
	st := newStore(t)
	clk := &clock{t: start}
	const token = "tok-3a9F_secret-value-0123456789abcdefghijk"
	m := message("password-reset:abc")
	m.Kind = "passwordReset"
	m.Text = "Reset: https://tours.example.com/reset-password/" + mail.SecretPlaceholder
	m.HTML = `<a href="https://tours.example.com/reset-password/` + mail.SecretPlaceholder + `">Reset</a>`
	secrets := mail.NewSecrets(clk.Now)
	secrets.Put(m.IdemKey, token, start.Add(30*time.Minute))
	m = enqueue(t, st, m)

	// Another instance, without the secret: nothing goes out, the email waits.
	other := &recording{}
	runOnce(t, mail.NewSender(st, mail.SenderOptions{Transport: other, Now: clk.Now, Secrets: mail.NewSecrets(clk.Now)}), 1)
	if len(other.sent) != 0 {
		t.Fatalf("sent without its secret: %+v", other.sent)
	}
	got, _ := st.EmailByID(t.Context(), m.ID)
	if got.Status != mail.Pending || !strings.Contains(got.LastError, "secret") {
		t.Fatalf("email without its secret: %s %q", got.Status, got.LastError)
	}

	clk.Add(time.Minute)
	tr := &recording{}
	runOnce(t, mail.NewSender(st, mail.SenderOptions{Transport: tr, Now: clk.Now, Secrets: secrets}), 1)
	if len(tr.sent) != 1 {
		t.Fatalf("%d sent", len(tr.sent))
	}
	for _, body := range []string{tr.sent[0].Text, tr.sent[0].HTML} {
		if !strings.Contains(body, "/reset-password/"+token) || strings.Contains(body, mail.SecretPlaceholder) {
			t.Errorf("sent body %q", body)
		}
	}
	got, _ = st.EmailByID(t.Context(), m.ID)
	if got.Status != mail.Sent || strings.Contains(got.Text+got.HTML, token) || !strings.Contains(got.Text, mail.SecretPlaceholder) {
		t.Errorf("stored email after sending: %s %q", got.Status, got.Text)
	}
	// Sent once, the secret is gone from memory too.
	if _, ok := secrets.Reveal(got); ok {
		t.Error("the secret outlives the sending")
	}
}

func TestSecretsExpire(t *testing.T) {
	clk := &clock{t: start}
	s := mail.NewSecrets(clk.Now)
	m := mail.Message{IdemKey: "k", Text: "x " + mail.SecretPlaceholder}
	s.Put("k", "v", start.Add(time.Minute))
	if got, ok := s.Reveal(m); !ok || got.Text != "x v" {
		t.Fatalf("reveal: %q %v", got.Text, ok)
	}
	clk.Add(time.Minute)
	if _, ok := s.Reveal(m); ok {
		t.Error("an expired secret is revealed")
	}
	if got, ok := s.Reveal(mail.Message{Text: "plain"}); !ok || got.Text != "plain" {
		t.Error("an unsealed email is not passed through")
	}
}
