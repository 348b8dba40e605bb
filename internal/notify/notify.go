// Package notify tells the operator (every active admin) and a departure's guides about
// its bookings: new, changed and cancelled. The booking services call it after their
// change has committed (booking.Notifier); each news is written once per key, then
// emailed through the outbox at once or in one daily digest, as an admin chose (the
// booking_notices setting). It knows nothing of HTTP or SQL.
package notify

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"strings"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	"tourbook/internal/fault"
	"tourbook/internal/format"
	"tourbook/internal/mail"
	"tourbook/internal/tour"
)

// Kind of booking news.
type Kind string

const (
	New       Kind = "new"
	Changed   Kind = "changed"
	Cancelled Kind = "cancelled"
)

// Mode is how the news are emailed.
type Mode string

const (
	// Immediate: one email per news, as it happens (the default).
	Immediate Mode = "immediate"
	// Daily: one digest a day, at DigestHour in the site's time zone.
	Daily Mode = "daily"
)

// SettingKey is the site setting that holds the Mode.
const SettingKey = "booking_notices"

// DigestHour is the local hour (site time zone) from which the day's digest goes out.
const DigestHour = 7

// Notice is one booking news, as stored.
type Notice struct {
	ID        string
	Key       string // unique: "new:{booking}", "cancelled:{booking}", "changed:{caller's key}"
	BookingID string
	// CustomerID is the booking's traveller, who gets their own emails and never the
	// staff's news of their booking (an admin or guide may book a tour too).
	CustomerID string
	TourID     string
	Kind       Kind
	Line       string // "New booking: Ana Silva, 2 travellers, The Forest Hiker on Tue 15 June 2027 (cash)"
	CreatedAt  time.Time
}

// Store is what the news need of the store (*store.Store has it).
type Store interface {
	BookingRow(ctx context.Context, id string) (backoffice.BookingRow, error)
	TourByIDAnyStatus(ctx context.Context, id string, now time.Time) (tour.Tour, error)
	UserByID(ctx context.Context, id string) (account.User, error)
	ActiveAdmins(ctx context.Context) ([]account.User, error)
	Setting(ctx context.Context, key string) (string, bool, error)
	SetSetting(ctx context.Context, key, value string, now time.Time, entry audit.Entry) error
	// AddBookingNotice writes n unless its key is known; fresh says whether it did.
	AddBookingNotice(ctx context.Context, n *Notice) (fresh bool, err error)
	// UnsentNotices are the notices not yet emailed, created before before, oldest first.
	UnsentNotices(ctx context.Context, before time.Time) ([]Notice, error)
	// NoticesSent queues msgs and marks the notices ids sent at now, in one transaction.
	NoticesSent(ctx context.Context, ids []string, msgs []*mail.Message, now time.Time) error
}

// Writer renders the news' emails (emails.Writer).
type Writer interface {
	Render(ctx context.Context, kind string, to account.User, props any) (mail.Message, error)
}

// Options configures NewService.
type Options struct {
	Now    func() time.Time
	Logger *slog.Logger
	// Zone is the site's time zone: the digest's hour and day are its.
	Zone *time.Location
	// BaseURL is the site's address, for the link to the back office.
	BaseURL string
	// Queued wakes the outbox's sender after emails are queued.
	Queued func()
}

// Service writes and sends the booking news (booking.Notifier).
type Service struct {
	store   Store
	writer  Writer
	now     func() time.Time
	log     *slog.Logger
	zone    *time.Location
	baseURL string
	queued  func()
}

// NewService returns the service.
func NewService(store Store, writer Writer, o Options) *Service {
	s := &Service{store: store, writer: writer, now: o.Now, log: o.Logger, zone: o.Zone, baseURL: o.BaseURL, queued: o.Queued}
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.zone == nil {
		s.zone = time.UTC
	}
	if s.queued == nil {
		s.queued = func() {}
	}
	return s
}

// BookingNew is called once a booking is paid (online, or recorded by an operator).
func (s *Service) BookingNew(ctx context.Context, bookingID string) {
	s.news(ctx, New, "new:"+bookingID, bookingID, "")
}

// BookingCancelled is called once a booking is cancelled, by an operator, with its whole
// departure, or by its traveller.
func (s *Service) BookingCancelled(ctx context.Context, bookingID string) {
	s.news(ctx, Cancelled, "cancelled:"+bookingID, bookingID, "")
}

// BookingChanged is called once a booking's change has committed; key names the change
// (the same key twice is one news), what says it in plain words ("2 travellers instead
// of 3", "moved to Thu 17 June 2027").
func (s *Service) BookingChanged(ctx context.Context, bookingID, key, what string) {
	s.news(ctx, Changed, "changed:"+key, bookingID, what)
}

// news writes one news and, in Immediate mode, emails it. It never fails its caller,
// whose booking has changed already: a failure is logged, and a news written but not
// emailed goes out with the next digest.
func (s *Service) news(ctx context.Context, kind Kind, key, bookingID, what string) {
	ctx = context.WithoutCancel(ctx)
	b, err := s.store.BookingRow(ctx, bookingID)
	if err != nil {
		s.log.Error("booking news: booking", "booking_id", bookingID, "error", err)
		return
	}
	n := &Notice{Key: key, BookingID: b.ID, CustomerID: b.UserID, TourID: b.TourID, Kind: kind, Line: Line(kind, b, what), CreatedAt: s.now()}
	fresh, err := s.store.AddBookingNotice(ctx, n)
	if err != nil || !fresh {
		if err != nil {
			s.log.Error("booking news: write", "booking_id", bookingID, "error", err)
		}
		return
	}
	mode, err := s.Mode(ctx)
	if err != nil {
		s.log.Error("booking news: setting", "error", err)
		return
	}
	if mode != Immediate {
		return
	}
	if _, err := s.send(ctx, []Notice{*n}, "booking-news:"+n.Key, ""); err != nil {
		s.log.Error("booking news: send", "booking_id", bookingID, "error", err)
	}
}

// Line is a news as one sentence, in the tour's words.
func Line(kind Kind, b backoffice.BookingRow, what string) string {
	// "4 travellers · 3 seats" when an infant travels on a lap, else "2 travellers".
	about := fmt.Sprintf("%s, %s, %s on %s", b.CustomerName, b.SeatsText(), b.TourName, format.Date(b.StartDate))
	switch kind {
	case New:
		how := "paid online"
		switch b.Source {
		case booking.Cash:
			how = "paid in cash"
		case booking.BankTransfer:
			how = "paid by bank transfer"
		}
		return "New booking: " + about + " (" + how + ")"
	case Cancelled:
		return "Cancelled: " + about
	}
	if what = strings.TrimSpace(what); what != "" {
		return "Changed: " + about + ": " + what
	}
	return "Changed: " + about
}

// Mode is how the news are emailed now.
func (s *Service) Mode(ctx context.Context) (Mode, error) {
	v, ok, err := s.store.Setting(ctx, SettingKey)
	if err != nil || !ok {
		return Immediate, err
	}
	if Mode(v) == Daily {
		return Daily, nil
	}
	return Immediate, nil
}

// ModeFor is the setting as an admin sees it; only admins may.
func (s *Service) ModeFor(ctx context.Context, actor account.User) (Mode, error) {
	if !account.CanAdminister(actor) {
		return "", account.ErrNotAllowed
	}
	return s.Mode(ctx)
}

// SetMode changes how the news are emailed; only admins may. Switching to Immediate
// leaves the news already waiting for the next digest.
func (s *Service) SetMode(ctx context.Context, actor account.User, mode string) (Mode, error) {
	if !account.CanAdminister(actor) {
		return "", account.ErrNotAllowed
	}
	m := Mode(strings.TrimSpace(mode))
	if m != Immediate && m != Daily {
		return "", &fault.Error{Kind: fault.Invalid, Log: "bad notice mode",
			Message: "Choose how booking news are emailed: at once, or one daily digest."}
	}
	old, err := s.Mode(ctx)
	if err != nil {
		return "", err
	}
	e := audit.Entry{ActorID: actor.ID, ActorName: actor.Name, Action: "setting.update", ObjectType: "setting", ObjectID: SettingKey}
	e.Changes.Diff("booking notices", string(old), string(m))
	if err := s.store.SetSetting(ctx, SettingKey, string(m), s.now(), e); err != nil {
		return "", err
	}
	return m, nil
}

// DigestOnce sends the digest of the news written before today's DigestHour (site
// time) and not sent yet, once that hour has come; it says how many emails it queued.
// Every instance may run it: the cut-off is the same for all, so each digest email's
// key is too, and the outbox keeps one.
func (s *Service) DigestOnce(ctx context.Context) (int, error) {
	now := s.now().In(s.zone)
	y, m, d := now.Date()
	cutoff := time.Date(y, m, d, DigestHour, 0, 0, 0, s.zone)
	if now.Before(cutoff) {
		cutoff = cutoff.AddDate(0, 0, -1)
	}
	list, err := s.store.UnsentNotices(ctx, cutoff)
	if err != nil || len(list) == 0 {
		return 0, err
	}
	day := format.DayIn(cutoff, s.zone)
	return s.send(ctx, list, "booking-digest:"+cutoff.Format(time.DateOnly), day)
}

// Run calls DigestOnce now and then every interval until ctx is done.
func (s *Service) Run(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		if _, err := s.DigestOnce(ctx); err != nil && ctx.Err() == nil {
			s.log.Error("booking digest", "error", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// send emails the notices to whom they concern, one email each (keyed key + recipient),
// and marks them sent in the same transaction. day is the digest's day, "" for news
// sent at once.
func (s *Service) send(ctx context.Context, list []Notice, key, day string) (int, error) {
	admins, err := s.store.ActiveAdmins(ctx)
	if err != nil {
		return 0, err
	}
	type inbox struct {
		user  account.User
		lines []string
	}
	boxes := map[string]*inbox{}
	add := func(u account.User, n Notice) {
		line := n.Line
		if !u.Active || u.Email == "" || u.ID == n.CustomerID {
			return
		}
		if boxes[u.ID] == nil {
			boxes[u.ID] = &inbox{user: u}
		}
		boxes[u.ID].lines = append(boxes[u.ID].lines, line)
	}
	tours := map[string]tour.Tour{}
	guides := map[string]account.User{}
	ids := make([]string, 0, len(list))
	for _, n := range list {
		ids = append(ids, n.ID)
		for _, a := range admins {
			add(a, n)
		}
		t, ok := tours[n.TourID]
		if !ok {
			if t, err = s.store.TourByIDAnyStatus(ctx, n.TourID, s.now()); err != nil {
				s.log.Warn("booking news: tour", "tour_id", n.TourID, "error", err)
			}
			tours[n.TourID] = t
		}
		for _, g := range t.Guides {
			u, ok := guides[g.UserID]
			if !ok {
				if u, err = s.store.UserByID(ctx, g.UserID); err != nil {
					s.log.Warn("booking news: guide", "user_id", g.UserID, "error", err)
				}
				guides[g.UserID] = u
			}
			if u.Role != account.RoleAdmin { // admins have every news already
				add(u, n)
			}
		}
	}
	setting := "You get these emails at once. An admin can change this to one daily digest in the back office, under Emails."
	if day != "" {
		setting = "You get these emails as one daily digest. An admin can change this in the back office, under Emails."
	}
	userIDs := make([]string, 0, len(boxes))
	for id := range boxes {
		userIDs = append(userIDs, id)
	}
	sort.Strings(userIDs)
	msgs := make([]*mail.Message, 0, len(boxes))
	for _, id := range userIDs {
		b := boxes[id]
		m, err := s.writer.Render(ctx, "bookingNotice", b.user, map[string]any{
			"name": b.user.Name, "lines": strings.Join(b.lines, "\n"), "day": day, "setting": setting,
			"bookingsUrl": s.baseURL + "/admin/bookings",
		})
		if err != nil {
			return 0, err
		}
		m.IdemKey = key + ":" + id
		msgs = append(msgs, &m)
	}
	if err := s.store.NoticesSent(ctx, ids, msgs, s.now()); err != nil {
		return 0, err
	}
	if len(msgs) > 0 {
		s.queued()
	}
	return len(msgs), nil
}
