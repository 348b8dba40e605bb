package app

import (
	"io"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"tourbook/internal/emails"
	"tourbook/internal/mail"
	"tourbook/internal/notify"
)

// mailSink is an SMTP server on loopback that keeps every message it is given, by
// recipient.
type mailSink struct {
	addr string
	mu   sync.Mutex
	got  map[string][]string // recipient → messages, as sent
}

func startMailSink(t *testing.T) *mailSink {
	t.Helper()
	sink := &mailSink{got: map[string][]string{}}
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &sinkSession{sink: sink}, nil }))
	srv.Domain, srv.AllowInsecureAuth = "localhost", true
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	sink.addr = ln.Addr().String()
	done := make(chan struct{})
	go func() { _ = srv.Serve(ln); close(done) }()
	t.Cleanup(func() { _ = srv.Close(); <-done })
	return sink
}

// eachEngineWithMail runs test on a fresh sample site on each database (eachEngineEnv),
// each site sending its emails over SMTP to a mail sink of its own.
func eachEngineWithMail(t *testing.T, args []string, test func(t *testing.T, s *testSite, sink *mailSink)) {
	t.Helper()
	var mu sync.Mutex
	sinks := map[string]*mailSink{}
	env := func(engine string) map[string]string {
		mu.Lock()
		defer mu.Unlock()
		sinks[engine] = startMailSink(t)
		return map[string]string{"TOURBOOK_SMTP_URL": "smtp://" + sinks[engine].addr + "?tls=none"}
	}
	eachEngineEnv(t, env, args, func(t *testing.T, s *testSite) {
		mu.Lock()
		sink := sinks[t.Name()[strings.LastIndex(t.Name(), "/")+1:]]
		mu.Unlock()
		test(t, s, sink)
	})
}

// to are the messages received for one address.
func (m *mailSink) to(addr string) []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]string(nil), m.got[addr]...)
}

type sinkSession struct {
	sink *mailSink
	to   []string
}

func (s *sinkSession) Mail(string, *smtp.MailOptions) error { return nil }
func (s *sinkSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.to = append(s.to, to)
	return nil
}
func (s *sinkSession) Data(r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.sink.mu.Lock()
	defer s.sink.mu.Unlock()
	for _, to := range s.to {
		s.sink.got[to] = append(s.sink.got[to], string(data))
	}
	return nil
}
func (s *sinkSession) Reset()        { s.to = nil }
func (s *sinkSession) Logout() error { return nil }

// news are the booking news emails the outbox holds for one address, oldest first, with
// their bodies.
func (s *testSite) news(t *testing.T, addr string) []mail.Message {
	t.Helper()
	list, _, err := s.Store.ListEmails(t.Context(), mail.Filter{Kind: "bookingNotice", To: addr}, 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]mail.Message, len(list))
	for i, m := range list {
		if out[len(list)-1-i], err = s.Store.EmailByID(t.Context(), m.ID); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// TestBookingNewsReachTheStaff: a walk-in is news for the admin and the tour's guide
// at once, through the outbox and SMTP; switched to the daily digest, a new booking
// and a cancellation wait for the digest, which goes out once per person with both,
// however many instances run it at once.
func TestBookingNewsReachTheStaff(t *testing.T) {
	t.Parallel()
	eachEngineWithMail(t, []string{"-time-zone", "Europe/Lisbon"}, func(t *testing.T, s *testSite, sink *mailSink) {
		admin, _, tr := s.checkInSetup(t, "News Trail")
		first, _ := s.walkIn(t, admin, tr.ID, tr.Tomorrow, "ana@example.com", 2)
		s.runSender(t)
		for _, who := range []string{"laura@example.com", "kwame@example.com"} {
			got := s.news(t, who)
			if len(got) != 1 || !strings.HasPrefix(got[0].Subject, "New booking: Traveller ana, 2 travellers, News Trail on ") ||
				!strings.HasSuffix(got[0].Subject, "(paid in cash)") || got[0].Status != mail.Sent {
				t.Fatalf("%s: %+v", who, got)
			}
			if n := len(sink.to(who)); n != 1 {
				t.Errorf("the SMTP server got %d emails for %s, want 1", n, who)
			}
		}
		// Miyu, a lead guide who does not guide this tour, hears nothing.
		if got := s.news(t, "miyu@example.com"); len(got) != 0 {
			t.Errorf("Miyu got %v", got)
		}

		if r := s.send(t, admin, "PUT", "/api/v1/admin/settings/booking-notices", map[string]any{"mode": "daily"}); r.status != 200 {
			t.Fatalf("set daily: %d %s", r.status, r.body)
		}
		if page := s.get(t, admin, "/admin/emails"); !strings.Contains(page.body, `"noticeMode":"daily"`) ||
			!strings.Contains(page.body, "(Europe/Lisbon)") {
			t.Errorf("the emails page does not show the daily digest in the site's zone")
		}
		s.walkIn(t, admin, tr.ID, tr.Tomorrow, "ben@example.com", 1)
		if r := s.send(t, admin, "POST", "/api/v1/admin/bookings/"+first+"/cancel", map[string]any{"refundMinor": 0, "reason": "changed plans"}); r.status != 200 {
			t.Fatalf("cancel: %d %s", r.status, r.body)
		}
		s.runSender(t)
		if got := s.news(t, "kwame@example.com"); len(got) != 1 {
			t.Fatalf("in daily mode Kwame got %d emails at once, want only the first", len(got))
		}

		// The digest, the next morning in Lisbon, run by two instances at once.
		lisbon, _ := time.LoadLocation("Europe/Lisbon")
		next := time.Now().In(lisbon).AddDate(0, 0, 1)
		morning := time.Date(next.Year(), next.Month(), next.Day(), notify.DigestHour, 30, 0, 0, lisbon)
		writer := emails.New(s.engine, emails.Site{Name: "Tourbook", URL: s.URL})
		digest := func() *notify.Service {
			return notify.NewService(s.Store, writer, notify.Options{Now: func() time.Time { return morning }, Zone: lisbon, BaseURL: s.URL})
		}
		var wg sync.WaitGroup
		for range 2 {
			wg.Go(func() {
				if _, err := digest().DigestOnce(t.Context()); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if again, err := digest().DigestOnce(t.Context()); err != nil || again != 0 {
			t.Errorf("a second digest queued %d (%v), want none", again, err)
		}
		s.runSender(t)
		day := morning.Format("Mon 2 January 2006")
		for _, who := range []string{"laura@example.com", "kwame@example.com"} {
			got := s.news(t, who)
			if len(got) != 2 {
				t.Fatalf("%s got %d emails, want the first news and one digest", who, len(got))
			}
			d := got[1]
			if d.Subject != "Bookings digest for "+day+": 2 changes" || d.Status != mail.Sent ||
				!strings.Contains(d.Text, "New booking: Traveller ben, 1 traveller, News Trail") ||
				!strings.Contains(d.Text, "Cancelled: Traveller ana, 2 travellers, News Trail") {
				t.Errorf("%s's digest: %s\n%s", who, d.Subject, d.Text)
			}
			if strings.Contains(d.Text, "changed plans") || strings.Contains(d.HTML, "changed plans") {
				t.Errorf("%s's digest tells the cancellation's internal reason", who)
			}
			if n := len(sink.to(who)); n != 2 {
				t.Errorf("the SMTP server got %d emails for %s, want 2", n, who)
			}
		}
	})
}
