package app

import (
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strings"
	"testing"
	"time"

	"tourbook/internal/audit"
	"tourbook/internal/mail"
)

// The email outbox's back-office pages (/admin/emails) through the real router, on every
// test engine. The test sites have no SMTP server: the sender holds every email.

const hostileHTML = `<p style="color:#55c57a">Hello Grace,</p><script>alert(1)</script><img src="https://evil.test/x.png">`

// queueTestEmail writes an email to the outbox as a feature would, and lets the sender
// hold it.
func (s *testSite) queueTestEmail(t *testing.T) mail.Message {
	t.Helper()
	m := mail.Message{IdemKey: "test-email:" + t.Name(), Kind: "test_email", To: "Grace Hopper <grace@example.com>",
		Subject: "Hello from the outbox", HTML: hostileHTML, Text: "Hello Grace,\n\nPlain & simple.",
		Attachments: []mail.Attachment{{Name: "booking.ics", ContentType: "text/calendar", Data: []byte("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")}}}
	if _, err := s.Store.EnqueueEmail(t.Context(), &m); err != nil {
		t.Fatal(err)
	}
	s.runSender(t)
	got, err := s.Store.EmailByID(t.Context(), m.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Status != mail.Held {
		t.Fatalf("the email is %s, want held (no SMTP)", got.Status)
	}
	return got
}

func (s *testSite) runSender(t *testing.T) {
	t.Helper()
	if _, err := s.Mailer.RunOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
}

func (s *testSite) emailHistory(t *testing.T, id string) []mail.Attempt {
	t.Helper()
	list, err := s.Store.EmailAttempts(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

func TestAdminEmails(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		m := s.queueTestEmail(t)
		admin := s.client(t)
		s.login(t, admin, "laura@example.com")

		// The list, with its filters.
		list := s.get(t, admin, "/admin/emails")
		for _, want := range []string{"Hello from the outbox", "test_email", "Grace Hopper &lt;grace@example.com&gt;",
			"Held (no SMTP)", `href="/admin/emails/` + m.ID + `"`, `href="/admin/emails"`} {
			if !strings.Contains(list.body, want) {
				t.Errorf("the list lacks %q", want)
			}
		}
		for query, found := range map[string]bool{
			"?status=held": true, "?status=sent": false, "?status=bogus": true, "?to=GRACE@EXAMPLE": true,
			"?to=nobody@": false, "?kind=test_email": true, "?kind=booking_confirmed": false,
			"?status=held&kind=test_email&to=grace": true,
		} {
			r := s.get(t, admin, "/admin/emails"+query)
			if r.status != 200 || strings.Contains(r.body, m.ID) != found {
				t.Errorf("/admin/emails%s: %d, lists the email: %v, want %v", query, r.status, !found, found)
			}
		}

		// The email: its HTML only inside the sandboxed frame's srcdoc, escaped.
		page := s.get(t, admin, "/admin/emails/"+m.ID)
		if page.status != 200 {
			t.Fatalf("email page: %d %.300s", page.status, page.body)
		}
		for _, bad := range []string{"<script>alert(1)", `<img src="https://evil.test`, `<p style="color:#55c57a">`} {
			if strings.Contains(page.body, bad) {
				t.Errorf("the page carries the email's HTML unescaped: %q", bad)
			}
		}
		lower := strings.ToLower(page.body)
		frame := `sandbox="" srcdoc="&lt;p style=&quot;color:#55c57a&quot;&gt;hello grace,&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;`
		if !strings.Contains(lower, "<iframe") || !strings.Contains(lower, frame) {
			t.Errorf("no sandboxed iframe with the HTML in srcdoc: %.2000s", page.body)
		}
		for _, want := range []string{"Hello Grace,\n\nPlain &amp; simple.</pre>", "booking.ics", "(text/calendar, 32 B)",
			"Held: no SMTP server", "no SMTP server is configured", "Not sent"} {
			if !strings.Contains(page.body, want) {
				t.Errorf("the email page lacks %q", want)
			}
		}
		// The frame inherits the page's CSP: no remote image, only the email's own styles.
		csp := page.header.Get("Content-Security-Policy")
		sum := sha256.Sum256([]byte("color:#55c57a"))
		for _, want := range []string{"img-src 'self' data:;", "script-src 'self';", "frame-ancestors 'none'",
			"'unsafe-hashes' 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("CSP %q lacks %q", csp, want)
			}
		}
		if strings.Contains(csp, "evil.test") || strings.Contains(csp, "unsafe-inline") {
			t.Errorf("CSP %q lets the email load or style too much", csp)
		}
		if other := s.get(t, admin, "/admin/emails").header.Get("Content-Security-Policy"); strings.Contains(other, "unsafe-hashes") {
			t.Errorf("the list page has the email page's CSP: %q", other)
		}

		// Resend: due again now, in the audit log; the sender takes it again.
		before := len(s.emailHistory(t, m.ID))
		r := s.send(t, admin, "POST", "/api/v1/admin/emails/"+m.ID+"/resend", nil)
		if r.status != 200 {
			t.Fatalf("resend: %d %s", r.status, r.body)
		}
		answered := decode(t, r)["data"].(map[string]any)["email"].(map[string]any)
		if answered["status"] != "pending" || answered["resends"] != 1.0 || answered["id"] != m.ID || answered["html"] != hostileHTML {
			t.Errorf("resend answered %v", answered)
		}
		if got, _ := s.Store.EmailByID(t.Context(), m.ID); got.Status != mail.Pending || got.Resends != 1 {
			t.Errorf("after the resend the email is %s with %d resends", got.Status, got.Resends)
		}
		entries, err := s.Store.AuditLog(t.Context(), audit.Filter{ObjectID: m.ID})
		if err != nil {
			t.Fatal(err)
		}
		if len(entries) != 1 || entries[0].Action != "email.resend" || entries[0].ActorName != "Laura Bennett" || entries[0].ObjectType != "email" {
			t.Errorf("audit entries %+v, want one email.resend by Laura Bennett", entries)
		}
		s.runSender(t)
		if after := s.emailHistory(t, m.ID); len(after) != before+1 || after[len(after)-1].Outcome != mail.OutcomeHeld {
			t.Errorf("history after the resend: %+v (had %d lines)", after, before)
		}

		// Being sent right now: 409, and the row stays with its sender.
		s.send(t, admin, "POST", "/api/v1/admin/emails/"+m.ID+"/resend", nil)
		claimed, err := s.Store.ClaimDueEmails(t.Context(), time.Now(), 10, time.Minute)
		if err != nil || len(claimed) != 1 {
			t.Fatalf("claim: %v %d", err, len(claimed))
		}
		refused(t, "resend in flight", s.send(t, admin, "POST", "/api/v1/admin/emails/"+m.ID+"/resend", nil), 409, "being sent right now")
		if got, _ := s.Store.EmailByID(t.Context(), m.ID); got.Status != mail.Sending {
			t.Errorf("a refused resend changed the email: %s", got.Status)
		}
		if err := s.Store.MarkEmailHeld(t.Context(), m.ID, claimed[0].Attempts, time.Now()); err != nil {
			t.Fatal(err)
		}
		refused(t, "unknown email", s.send(t, admin, "POST", "/api/v1/admin/emails/nosuchemail/resend", nil), 404, "no such email")
		if r := s.get(t, admin, "/admin/emails/nosuchemail"); r.status != 404 || !strings.Contains(r.body, "Page not found") {
			t.Errorf("unknown email page: %d", r.status)
		}
	})
}

func TestAdminEmailsByRole(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		m := s.queueTestEmail(t)
		clients := map[string]*http.Client{"admin": s.client(t), "lead-guide": s.client(t), "guide": s.client(t), "user": s.client(t),
			"signed out": s.client(t)}
		for who, email := range map[string]string{"admin": "laura@example.com", "lead-guide": "miyu@example.com",
			"guide": "kwame@example.com", "user": "sophie@example.com"} {
			s.login(t, clients[who], email)
		}
		calls := []struct {
			method, path string
			want         map[string]int
		}{
			{"GET", "/admin/emails", map[string]int{"admin": 200, "lead-guide": 404, "guide": 404, "user": 404, "signed out": 303}},
			{"GET", "/admin/emails/" + m.ID, map[string]int{"admin": 200, "lead-guide": 404, "guide": 404, "user": 404, "signed out": 303}},
			{"POST", "/api/v1/admin/emails/" + m.ID + "/resend", map[string]int{"admin": 200, "lead-guide": 403, "guide": 403, "user": 403, "signed out": 401}},
		}
		for _, c := range calls {
			for _, who := range []string{"lead-guide", "guide", "user", "signed out", "admin"} {
				r := s.send(t, clients[who], c.method, c.path, nil)
				want := c.want[who]
				switch {
				case r.status != want:
					t.Errorf("%s %s as %s: %d, want %d: %.200s", c.method, c.path, who, r.status, want, r.body)
				case r.status == 303 && r.header.Get("Location") != "/login":
					t.Errorf("%s %s as %s: redirected to %q", c.method, c.path, who, r.header.Get("Location"))
				case r.status == 404 && !strings.Contains(r.body, "Page not found"):
					t.Errorf("%s %s as %s: not the site's 404 page", c.method, c.path, who)
				case r.status >= 400 && strings.HasPrefix(c.path, "/api/") && decode(t, r)["status"] != "fail":
					t.Errorf("%s %s as %s: %s", c.method, c.path, who, r.body)
				case r.status == 200 && who != "admin":
					t.Errorf("%s %s as %s: allowed", c.method, c.path, who)
				}
			}
		}
		// Only the admins' back office links to the outbox; nobody else resent it.
		if !strings.Contains(s.get(t, clients["admin"], "/admin").body, `href="/admin/emails"`) {
			t.Error("no Emails link in the admin's back office")
		}
		if strings.Contains(s.get(t, clients["lead-guide"], "/admin").body, `href="/admin/emails"`) {
			t.Error("an Emails link in the lead guide's back office")
		}
		if got, _ := s.Store.EmailByID(t.Context(), m.ID); got.Resends != 1 {
			t.Errorf("%d resends, want the admin's one", got.Resends)
		}
	})
}
