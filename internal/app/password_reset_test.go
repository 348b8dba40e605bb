package app

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"

	"tourbook/internal/mail"
)

var resetLink = regexp.MustCompile(`https?://[^\s"<>]+/reset-password/([A-Za-z0-9_-]+)`)

// outbox is what the site queued for to, newest first.
func (s *testSite) outbox(t *testing.T, to string) []mail.Message {
	t.Helper()
	list, _, err := s.Store.ListEmails(t.Context(), mail.Filter{To: to}, 0, 500)
	if err != nil {
		t.Fatal(err)
	}
	var full []mail.Message
	for _, m := range list {
		got, err := s.Store.EmailByID(t.Context(), m.ID)
		if err != nil {
			t.Fatal(err)
		}
		full = append(full, got)
	}
	return full
}

func TestPasswordReset(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		old := s.client(t)
		s.login(t, old, "daniel@example.com")

		ask := func(email string) result {
			return s.postJSON(t, s.client(t), "/api/v1/users/forgotPassword", map[string]string{"email": email})
		}
		// The same answer for an account and for none.
		known, unknown := ask("Daniel@Example.com"), ask("nobody-here@example.com")
		if known.status != 200 || unknown.status != 200 || decode(t, known)["message"] != decode(t, unknown)["message"] {
			t.Fatalf("answers differ: %d %s / %d %s", known.status, known.body, unknown.status, unknown.body)
		}
		if len(s.outbox(t, "nobody-here@example.com")) != 0 {
			t.Error("an email was queued for an address without an account")
		}
		mails := s.outbox(t, "daniel@example.com")
		if len(mails) != 1 || mails[0].Kind != "passwordReset" || !strings.Contains(mails[0].Subject, "password") {
			t.Fatalf("outbox %+v", mails)
		}
		// Stored masked; the sender puts the token in as it sends.
		if !strings.Contains(mails[0].Text, "/reset-password/"+mail.SecretPlaceholder) {
			t.Errorf("the stored email is not masked:\n%s", mails[0].Text)
		}
		sent, ok := s.MailSecrets.Reveal(mails[0])
		if !ok {
			t.Fatal("the reset link's secret is not kept for the sender")
		}
		m := resetLink.FindStringSubmatch(sent.Text)
		if m == nil || !strings.Contains(sent.HTML, m[0]) {
			t.Fatalf("no reset link in both parts:\n%s", sent.Text)
		}
		link := strings.TrimPrefix(m[0], s.URL)
		if page := s.get(t, s.client(t), link); page.status != 200 || !strings.Contains(page.body, "Choose a new password") ||
			page.header.Get("Referrer-Policy") != "no-referrer" {
			t.Fatalf("reset page: %d", page.status)
		}

		reset := func(token, pw, confirm string) result {
			return s.postJSON(t, s.client(t), "/api/v1/users/resetPassword", map[string]string{"token": token, "password": pw, "passwordConfirm": confirm})
		}
		refused(t, "mismatched confirmation", reset(m[1], "brand-new-secret", "other-secret"), 400, "")
		refused(t, "short password", reset(m[1], "short", "short"), 400, "")
		refused(t, "unknown token", reset("made-up", "brand-new-secret", "brand-new-secret"), 400, "not valid any more")
		if r := reset(m[1], "brand-new-secret", "brand-new-secret"); r.status != 200 {
			t.Fatalf("reset: %d %s", r.status, r.body)
		}
		// Used once; the old session is over; the new password signs in, the old does not.
		refused(t, "the link again", reset(m[1], "another-secret1", "another-secret1"), 400, "not valid any more")
		if page := s.get(t, s.client(t), link); !strings.Contains(page.body, "This link has expired") {
			t.Error("a used link's page still offers the form")
		}
		if r := s.send(t, old, "PATCH", "/api/v1/users/updateMyPassword", map[string]string{"passwordCurrent": "x"}); r.status != 401 {
			t.Errorf("the session from before the reset: %d", r.status)
		}
		if r := s.postJSON(t, s.client(t), "/api/v1/users/login", map[string]string{"email": "daniel@example.com", "password": "test1234"}); r.status != 401 {
			t.Errorf("the old password still signs in: %d", r.status)
		}
		if r := s.postJSON(t, s.client(t), "/api/v1/users/login", map[string]string{"email": "daniel@example.com", "password": "brand-new-secret"}); r.status != 200 {
			t.Errorf("the new password: %d %s", r.status, r.body)
		}
	})
}

func TestPasswordResetLimits(t *testing.T) {
	t.Parallel()
	s := newTestSite(t)
	refused(t, "not an email", s.postJSON(t, s.client(t), "/api/v1/users/forgotPassword", map[string]string{"email": "nope"}), 400, "")
	ask := func(email string) int {
		return s.postJSON(t, s.client(t), "/api/v1/users/forgotPassword", map[string]string{"email": email}).status
	}
	// Five an hour for one address, whether it has an account or not; then 429.
	var seq []int
	for range 7 {
		seq = append(seq, ask("flood@example.com"))
	}
	if fmt.Sprint(seq) != "[200 200 200 200 200 429 429]" {
		t.Errorf("7 requests one after another for one address: %v", seq)
	}
	// At once: never more than five get through.
	var wg sync.WaitGroup
	statuses := make([]int, 7)
	for i := range statuses {
		wg.Go(func() { statuses[i] = ask("burst@example.com") })
	}
	wg.Wait()
	ok := 0
	for _, st := range statuses {
		switch st {
		case 200:
			ok++
		case http.StatusTooManyRequests:
		default:
			t.Errorf("status %d", st)
		}
	}
	if ok > 5 {
		t.Errorf("7 requests at once for one address: %v, more than 5 answered", statuses)
	}
}
