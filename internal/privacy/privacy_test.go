package privacy_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/booking"
	"tourbook/internal/fault"
	"tourbook/internal/mail"
	"tourbook/internal/mail/outbox"
	"tourbook/internal/privacy"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
	"tourbook/internal/tour"
	"tourbook/internal/useradmin"
	"tourbook/internal/waitlist"
)

// The rules of personal data against the real store, on every test engine.

var (
	t0  = time.Date(2031, 3, 14, 15, 9, 26, 535897000, time.UTC)
	day = time.Date(2031, 6, 1, 0, 0, 0, 0, time.UTC) // a three-day trip: it ends on 3 June
	// afterTrip is when the traveller's trip is over, wherever they are.
	afterTrip = time.Date(2031, 6, 6, 9, 0, 0, 0, time.UTC)
)

var cheapArgon = account.Argon2Params{Memory: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}

type fixture struct {
	st       *store.Store
	svc      *privacy.Service
	accounts *account.Service
	now      time.Time
	admin    account.User
	tour     tour.Tour
	traveler booking.Booking // paid, two travellers
	changed  int
}

func newFixture(t *testing.T, st *store.Store) *fixture {
	t.Helper()
	f := &fixture{st: st, now: t0}
	clock := func() time.Time { return f.now }
	accounts, err := account.NewService(st, account.Options{Now: clock, Argon2: cheapArgon})
	if err != nil {
		t.Fatal(err)
	}
	f.accounts = accounts
	f.svc = privacy.NewService(st, privacy.Options{Now: clock, Passwords: accounts, DefaultPhoto: "default.jpg",
		Changed: func() { f.changed++ }, Tx: storetest.InTx(st, func(tx *store.Store) privacy.Tx { return tx })})
	f.admin = storetest.AddUser(t, st, "admin", account.RoleAdmin)
	f.tour = storetest.AddTour(t, st, "fjords", 10, day, day.AddDate(0, 0, 14))
	bookings := booking.NewService(st, st, nil, booking.Options{Tx: storetest.InTx(st, func(tx *store.Store) booking.Tx { return tx })})
	f.traveler = storetest.AddPaid(t, st, bookings, f.tour, day, t0, "ingrid", 2)
	return f
}

func (f *fixture) user(t *testing.T) account.User {
	t.Helper()
	u, err := f.st.UserByID(t.Context(), f.traveler.UserID)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func (f *fixture) review(t *testing.T, text string) {
	t.Helper()
	r := tour.Review{TourID: f.tour.ID, UserID: f.traveler.UserID, Rating: 5, Text: text, CreatedAt: afterTrip}
	if err := f.st.CreateReview(t.Context(), &r); err != nil {
		t.Fatal(err)
	}
}

// The copy holds the account without its password hash, the booking with its payment,
// the review and the waiting-list entry, and reads as JSON.
func TestExportHoldsWhatTheSiteKeeps(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st)
		f.review(t, "Fjords and waterfalls, every day.")
		entry := waitlist.Entry{TourID: f.tour.ID, StartDate: day.AddDate(0, 0, 14), UserID: f.traveler.UserID, Participants: 3, Status: waitlist.Waiting}
		if err := st.AddWaitlistEntry(t.Context(), &entry, t0); err != nil {
			t.Fatal(err)
		}
		x, err := f.svc.ExportOwn(t.Context(), f.user(t))
		if err != nil {
			t.Fatal(err)
		}
		raw, err := json.Marshal(x)
		if err != nil {
			t.Fatal(err)
		}
		text := string(raw)
		if x.Account.Email != "ingrid@example.com" || x.Account.Name != "ingrid" {
			t.Errorf("account %+v", x.Account)
		}
		if strings.Contains(text, "argon2") || strings.Contains(text, "password_hash") || strings.Contains(text, "token") {
			t.Errorf("the copy holds a password hash or a token: %s", text)
		}
		if len(x.Bookings) != 1 || x.Bookings[0]["id"] != f.traveler.ID || x.Bookings[0]["status"] != "paid" ||
			x.Bookings[0]["tour_name"] != "The fjords" || x.Bookings[0]["start_date"] != "2031-06-01" {
			t.Fatalf("bookings %v", x.Bookings)
		}
		if _, ok := x.Bookings[0]["notes"]; ok {
			t.Errorf("the operator's internal notes are in the copy: %v", x.Bookings[0])
		}
		if strings.Contains(text, `"emails"`) {
			t.Errorf("the copy lists emails by address (an address may have been someone else's): %s", text)
		}
		if _, ok := x.Bookings[0]["search_names"]; ok {
			t.Errorf("the booking's search columns are in the copy: %v", x.Bookings[0])
		}
		// Paid online: the booking's row holds the payment; payments list what the office
		// recorded (none here).
		if x.Bookings[0]["paid_minor"] != int64(2*49700) || x.Bookings[0]["payment_ref"] != "pi_"+f.traveler.ID {
			t.Errorf("the booking's payment: %v", x.Bookings[0])
		}
		if pays, ok := x.Bookings[0]["payments"].([]privacy.Record); !ok || len(pays) != 0 {
			t.Errorf("payments %v", x.Bookings[0]["payments"])
		}
		if len(x.Reviews) != 1 || x.Reviews[0]["text"] != "Fjords and waterfalls, every day." || x.Reviews[0]["hidden"] != false {
			t.Errorf("reviews %v", x.Reviews)
		}
		if len(x.WaitingList) != 1 || x.WaitingList[0]["participants"] != int64(3) || x.WaitingList[0]["status"] != "waiting" {
			t.Errorf("waiting list %v", x.WaitingList)
		}
		if x.Consents == nil {
			t.Errorf("empty lists must be [] in the file: consents %v", x.Consents)
		}

		// An admin's copy is the same data, and the audit log says who took it.
		if _, err := f.svc.ExportFor(t.Context(), f.user(t), f.admin.ID); !errors.Is(err, account.ErrNotAllowed) {
			t.Errorf("a traveller's copy of another account: %v", err)
		}
		if _, err := f.svc.ExportFor(t.Context(), f.admin, f.traveler.UserID); err != nil {
			t.Fatal(err)
		}
		log, _, err := st.AuditPage(t.Context(), audit.Filter{ObjectType: "user", ObjectID: f.traveler.UserID})
		if err != nil {
			t.Fatal(err)
		}
		if len(log) != 1 || log[0].Action != "user.export" || log[0].ActorID != f.admin.ID {
			t.Errorf("audit log %+v", log)
		}
	})
}

// A paid booking whose trip is still to come keeps the account; once the trip is over
// the account can go.
func TestDeleteRefusedWithABookingToCome(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st)
		for _, now := range []time.Time{t0, day.AddDate(0, 0, 2).Add(23 * time.Hour)} { // before, and on its last day
			f.now = now
			_, err := f.svc.DeleteFor(t.Context(), f.admin, f.traveler.UserID)
			var fe *fault.Error
			if !errors.As(err, &fe) || fe.Kind != fault.Conflict || !strings.Contains(fe.Message, f.traveler.Reference) {
				t.Fatalf("deleting at %s with a paid booking to come: %v", now, err)
			}
		}
		if u := f.user(t); u.Deleted() || u.Name != "ingrid" {
			t.Fatalf("after the refusal: %+v", u)
		}
		f.now = afterTrip
		if _, err := f.svc.DeleteFor(t.Context(), f.admin, f.traveler.UserID); err != nil {
			t.Fatalf("deleting after the trip: %v", err)
		}
	})
}

// Deleting writes the placeholders, ends every session, keeps the bookings and reviews
// (signed "A former traveller"), is audited without the old name or email, and happens
// once.
func TestDeleteLeavesPlaceholders(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st)
		f.now = afterTrip
		f.review(t, "Would go again, in the rain too.")
		session := account.Session{TokenHash: []byte("0123456789abcdef0123456789abcdef"), UserID: f.traveler.UserID,
			CreatedAt: afterTrip, ExpiresAt: afterTrip.Add(time.Hour)}
		if err := st.CreateSession(t.Context(), session); err != nil {
			t.Fatal(err)
		}
		deleted, err := f.svc.DeleteFor(t.Context(), f.admin, f.traveler.UserID)
		if err != nil {
			t.Fatal(err)
		}
		u := f.user(t)
		want := privacy.PlaceholderEmail(u.ID)
		if u.Name != "A former traveller" || u.Email != want || u.Photo != "default.jpg" || u.Active || !u.Deleted() ||
			u.PasswordHash != account.NoPassword || deleted.Email != want {
			t.Fatalf("the deleted account: %+v", u)
		}
		if _, _, err := st.SessionByTokenHash(t.Context(), session.TokenHash, afterTrip); !errors.Is(err, account.ErrNotFound) {
			t.Errorf("the deleted account's session: %v", err)
		}
		if _, _, err := f.accounts.LogIn(t.Context(), want, "anything at all", "192.0.2.1"); !errors.Is(err, account.ErrInvalidCredentials) {
			t.Errorf("signing in as the placeholder: %v", err)
		}
		reviews, err := st.TourReviews(t.Context(), f.tour.ID, 0, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(reviews) != 1 || reviews[0].UserName != "A former traveller" || reviews[0].Text != "Would go again, in the rain too." {
			t.Errorf("reviews after the deletion: %+v", reviews)
		}
		if b, err := st.BookingByID(t.Context(), f.traveler.ID); err != nil || b.Status != booking.Paid {
			t.Errorf("the booking after the deletion: %+v, %v", b, err)
		}
		if f.changed != 1 {
			t.Errorf("the pages were told %d times of the change", f.changed)
		}
		log, _, err := st.AuditPage(t.Context(), audit.Filter{ObjectType: "user", ObjectID: u.ID})
		if err != nil {
			t.Fatal(err)
		}
		if len(log) != 1 || log[0].Action != "user.delete" {
			t.Fatalf("audit log %+v", log)
		}
		if raw, _ := json.Marshal(log[0].Changes); strings.Contains(string(raw), "ingrid") {
			t.Errorf("the audit log keeps the old name or email: %s", raw)
		}
		if _, err := f.svc.DeleteFor(t.Context(), f.admin, u.ID); !errors.Is(err, privacy.ErrDeleted) {
			t.Errorf("deleting twice: %v", err)
		}
	})
}

// A traveller deletes their own account with their password only; the last active
// admin is never deleted.
func TestDeleteOwnNeedsThePassword(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st)
		f.now = afterTrip
		hash, err := account.HashWith(cheapArgon)("fjord-and-fell-2031")
		if err != nil {
			t.Fatal(err)
		}
		if err := st.UpdateUserPassword(t.Context(), f.traveler.UserID, hash, t0); err != nil {
			t.Fatal(err)
		}
		u := f.user(t)
		if err := f.svc.DeleteOwn(t.Context(), u, "wrong-password"); !errors.Is(err, account.ErrWrongPassword) {
			t.Fatalf("a wrong password: %v", err)
		}
		if err := f.svc.DeleteOwn(t.Context(), u, ""); err == nil || !strings.Contains(err.Error(), "password") {
			t.Fatalf("no password: %v", err)
		}
		if f.user(t).Deleted() {
			t.Fatal("deleted without the password")
		}
		if err := f.svc.DeleteOwn(t.Context(), u, "fjord-and-fell-2031"); err != nil {
			t.Fatal(err)
		}
		if !f.user(t).Deleted() {
			t.Fatal("not deleted with the password")
		}
		if _, err := f.svc.DeleteFor(t.Context(), f.admin, f.admin.ID); !errors.Is(err, useradmin.ErrLastAdmin) {
			t.Errorf("deleting the last admin: %v", err)
		}
	})
}

// Sent emails older than the period lose their bodies and attachments; newer sent ones,
// held and failed ones keep theirs. A second pass changes nothing.
func TestRetentionClearsOnlyOldSentBodies(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st)
		ctx := t.Context()
		ids := map[string]string{}
		for _, key := range []string{"old-sent", "new-sent", "old-held", "old-failed"} {
			m := mail.Message{IdemKey: key, Kind: "test", To: "Ingrid <ingrid@example.com>", Subject: key,
				HTML: "<p>Hello</p>", Text: "Hello", NextAttemptAt: t0,
				Attachments: []mail.Attachment{{Name: "tour.ics", ContentType: "text/calendar", Data: []byte("BEGIN:VCALENDAR\r\n")}}}
			if ok, err := st.EnqueueEmail(ctx, &m); err != nil || !ok {
				t.Fatalf("enqueue %s: %v", key, err)
			}
			ids[key] = m.ID
		}
		if _, err := st.ClaimDueEmails(ctx, t0, 10, time.Minute); err != nil {
			t.Fatal(err)
		}
		must := func(err error) {
			t.Helper()
			if err != nil {
				t.Fatal(err)
			}
		}
		must(st.MarkEmailSent(ctx, ids["old-sent"], 1, t0))
		must(st.MarkEmailSent(ctx, ids["new-sent"], 1, t0.AddDate(0, 0, 100)))
		must(st.MarkEmailHeld(ctx, ids["old-held"], 1, t0))
		must(st.MarkEmailFailed(ctx, ids["old-failed"], 1, t0, "550 no such user"))

		f.now = t0.AddDate(0, 0, 181) // the default period, 180 days, is over for the old ones only
		n, err := f.svc.PurgeEmails(ctx)
		if err != nil || n != 1 {
			t.Fatalf("purged %d, %v; want 1", n, err)
		}
		for key, id := range ids {
			m, err := st.EmailByID(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			emptied := m.HTML == "" && m.Text == "" && len(m.Attachments) == 0
			if emptied != (key == "old-sent") || m.Subject != key || m.BodyRemoved() != (key == "old-sent") {
				t.Errorf("%s after the retention: html %q, text %q, %d attachments", key, m.HTML, m.Text, len(m.Attachments))
			}
		}
		if n, err := f.svc.PurgeEmails(ctx); err != nil || n != 0 {
			t.Errorf("a second pass purged %d, %v", n, err)
		}
		// An emptied email cannot be resent (it would go out blank); a held one can.
		box := outbox.NewService(st, func() time.Time { return f.now })
		if _, err := box.ResendEmail(ctx, f.admin, ids["old-sent"]); !errors.Is(err, outbox.ErrBodyRemoved) {
			t.Errorf("resending an emptied email: %v", err)
		}
		if _, err := box.ResendEmail(ctx, f.admin, ids["old-held"]); err != nil {
			t.Errorf("resending a held email: %v", err)
		}

		// A shorter period set by an admin applies at once and is audited.
		if _, err := f.svc.SetRetention(ctx, f.user(t), "30"); !errors.Is(err, account.ErrNotAllowed) {
			t.Errorf("a traveller sets the period: %v", err)
		}
		for _, bad := range []string{"", "abc", "0", "3651", "2.5"} {
			_, err := f.svc.SetRetention(ctx, f.admin, bad)
			var fe *fault.Error
			if !errors.As(err, &fe) || fe.FieldMessages()["days"] != "Keep sent emails for (days) must be a whole number from 1 to 3650." {
				t.Errorf("period %q: %v", bad, err)
			}
		}
		if days, err := f.svc.SetRetention(ctx, f.admin, " 60 "); err != nil || days != 60 {
			t.Fatalf("setting 60 days: %d, %v", days, err)
		}
		if m, _ := st.EmailByID(ctx, ids["new-sent"]); !m.BodyRemoved() {
			t.Errorf("the email sent 81 days ago kept its body under a 60-day period")
		}
		if days, _ := f.svc.RetentionFor(ctx, f.admin); days != 60 {
			t.Errorf("the period reads %d", days)
		}
		log, _, err := st.AuditPage(ctx, audit.Filter{ObjectType: "setting"})
		if err != nil {
			t.Fatal(err)
		}
		if len(log) != 1 || log[0].ObjectID != privacy.RetentionKey {
			t.Errorf("audit log %+v", log)
		}
	})
}

// Upcoming counts a departure until a day after its last day.
func TestUpcoming(t *testing.T) {
	open := []privacy.OpenBooking{{ID: "b1", Reference: "TB-AAAAAA", Status: "paid", Start: day, Days: 3},
		{ID: "b2", Status: "awaiting_payment", Start: day.AddDate(0, 0, 10), Days: 1},
		// A checkout still open on 14 March, abandoned after.
		{ID: "b3", Reference: "TB-BBBBBB", Status: "pending", HoldUntil: t0.Add(time.Minute), Start: day, Days: 3}}
	for _, c := range []struct {
		now  time.Time
		want string
	}{
		{t0, "TB-AAAAAA b2 TB-BBBBBB"},
		{t0.Add(time.Hour), "TB-AAAAAA b2"},
		{time.Date(2031, 6, 4, 12, 0, 0, 0, time.UTC), "TB-AAAAAA b2"}, // 3 June may still be under way somewhere
		{time.Date(2031, 6, 5, 0, 0, 0, 0, time.UTC), "b2"},
		{time.Date(2031, 6, 13, 0, 0, 0, 0, time.UTC), ""},
	} {
		if got := strings.Join(privacy.Upcoming(open, c.now), " "); got != c.want {
			t.Errorf("at %s: %q, want %q", c.now, got, c.want)
		}
	}
}
