package app

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"tourbook/internal/seed"
)

// Personal data through the real router (issue #22 §5), on every test engine.

// A traveller downloads their data (their past booking in it), writes a review, and
// deletes their account: a wrong password is refused with a message, the right one
// signs them out everywhere, they cannot sign in again, and the review stays, signed
// "A former traveller".
func TestTravellerDownloadsAndDeletesTheirAccount(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		c, other := s.client(t), s.client(t)
		s.login(t, c, seed.PastTripTraveller)
		s.login(t, other, seed.PastTripTraveller)

		file := s.get(t, c, "/api/v1/users/me/data")
		if file.status != http.StatusOK || !strings.HasPrefix(file.header.Get("Content-Disposition"), `attachment; filename="my-data-`) ||
			!strings.HasPrefix(file.header.Get("Content-Type"), "application/json") {
			t.Fatalf("the download: %d %v", file.status, file.header)
		}
		var x struct {
			Account  struct{ Email, Name string }
			Bookings []map[string]any
		}
		if err := json.Unmarshal([]byte(file.body), &x); err != nil {
			t.Fatalf("the file is not JSON: %v", err)
		}
		if x.Account.Email != seed.PastTripTraveller || len(x.Bookings) != 1 || x.Bookings[0]["status"] != "paid" ||
			x.Bookings[0]["participants"] != float64(2) {
			t.Fatalf("the file: %+v", x)
		}
		if strings.Contains(file.body, "argon2") || strings.Contains(file.body, "password_hash") {
			t.Errorf("the file holds the password hash")
		}
		tourID := x.Bookings[0]["tour_id"].(string)
		if r := s.postJSON(t, c, "/api/v1/tours/"+tourID+"/reviews", map[string]any{"rating": 5, "text": "The best ten days of our year."}); r.status != http.StatusCreated {
			t.Fatalf("review: %d %s", r.status, r.body)
		}

		refused(t, "a wrong password", s.postJSON(t, c, "/api/v1/users/deleteMe", map[string]string{"passwordCurrent": "not-my-password"}),
			http.StatusUnauthorized, "Your current password is wrong.")
		refused(t, "no password", s.postJSON(t, c, "/api/v1/users/deleteMe", map[string]string{}),
			http.StatusBadRequest, "Please enter your password to delete your account.")
		r := s.postJSON(t, c, "/api/v1/users/deleteMe", map[string]string{"passwordCurrent": seed.SamplePassword})
		if r.status != http.StatusOK || !strings.Contains(r.header.Get("Set-Cookie"), "Max-Age=0") {
			t.Fatalf("delete: %d %s %v", r.status, r.body, r.header)
		}
		for name, cl := range map[string]*http.Client{"the browser that deleted it": c, "another browser": other} {
			if me := s.get(t, cl, "/me"); me.status != http.StatusSeeOther {
				t.Errorf("/me in %s after the deletion: %d", name, me.status)
			}
		}
		login := s.postJSON(t, s.client(t), "/api/v1/users/login", map[string]string{"email": seed.PastTripTraveller, "password": seed.SamplePassword})
		if login.status != http.StatusUnauthorized {
			t.Errorf("signing in again: %d %s", login.status, login.body)
		}
		reviews := s.get(t, s.client(t), "/api/v1/tours/"+tourID+"/reviews?page=1")
		if !strings.Contains(reviews.body, "A former traveller") || strings.Contains(reviews.body, "Daniel") ||
			!strings.Contains(reviews.body, "The best ten days of our year.") {
			t.Errorf("the reviews after the deletion: %.400s", reviews.body)
		}

		// The admin sees the placeholders, and the booking stays.
		admin := s.client(t)
		s.login(t, admin, "laura@example.com")
		users := s.get(t, admin, "/admin/users?q=former")
		if !strings.Contains(users.body, "A former traveller") || !strings.Contains(users.body, `@invalid`) || strings.Contains(users.body, seed.PastTripTraveller) {
			t.Errorf("the users list after the deletion: %.300s", users.body)
		}
		if b, err := s.Store.BookingByID(t.Context(), x.Bookings[0]["id"].(string)); err != nil || string(b.Status) != "paid" {
			t.Errorf("the booking after the deletion: %+v %v", b, err)
		}
	})
}

// An admin downloads a user's data and deletes the account from /admin/users: refused
// while a paid booking's departure is to come, both audited, and a deleted account is
// never changed again.
func TestAdminDeletesAnAccount(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		admin := s.client(t)
		s.login(t, admin, "laura@example.com")
		sophie, err := s.Store.UserByEmail(t.Context(), "sophie@example.com")
		if err != nil {
			t.Fatal(err)
		}
		var tourID string
		for _, row := range s.tourRows(t) {
			if row.Name == "Sahara and the High Atlas" {
				tourID = row.ID
			}
		}
		tr := s.tourByIDAny(t, tourID)
		date := tr.StartDates[len(tr.StartDates)-1].Date.Format(time.DateOnly)
		nb := s.send(t, admin, "POST", "/api/v1/admin/bookings", map[string]any{"tourId": tourID, "date": date,
			"email": "sophie@example.com", "name": "Sophie", "participants": 2, "travellers": []string{"", "Marc Laurent"},
			"payment": "received", "paymentMethod": "cash", "sendConfirmation": false, "key": "privacy-1"})
		if nb.status != http.StatusCreated {
			t.Fatalf("new booking: %d %s", nb.status, nb.body)
		}
		b, err := s.Store.BookingByID(t.Context(), decode(t, nb)["data"].(map[string]any)["bookingId"].(string))
		if err != nil || b.UserID != sophie.ID {
			t.Fatalf("the booking is not Sophie's: %+v %v", b, err)
		}

		file := s.get(t, admin, "/api/v1/admin/users/"+sophie.ID+"/data")
		if file.status != http.StatusOK || !strings.Contains(file.header.Get("Content-Disposition"), "attachment") ||
			!strings.Contains(file.body, "Marc Laurent") || !strings.Contains(file.body, `"method": "cash"`) {
			t.Fatalf("the admin's download: %d %.600s", file.status, file.body)
		}
		refused(t, "deleting with a booking to come", s.send(t, admin, "DELETE", "/api/v1/admin/users/"+sophie.ID, nil),
			http.StatusConflict, b.Reference)

		// Without a booking to come (Grace has none) the account goes.
		grace, err := s.Store.UserByEmail(t.Context(), "grace@example.com")
		if err != nil {
			t.Fatal(err)
		}
		gc := s.client(t)
		s.login(t, gc, "grace@example.com")
		r := s.send(t, admin, "DELETE", "/api/v1/admin/users/"+grace.ID, nil)
		if r.status != http.StatusOK || !strings.Contains(r.body, `"deleted":true`) || !strings.Contains(r.body, "deleted-"+grace.ID+"@invalid") {
			t.Fatalf("delete: %d %s", r.status, r.body)
		}
		if me := s.get(t, gc, "/me"); me.status != http.StatusSeeOther {
			t.Errorf("Grace's session after the deletion: %d", me.status)
		}
		refused(t, "reactivating a deleted account", s.send(t, admin, "PATCH", "/api/v1/admin/users/"+grace.ID, map[string]any{"active": true}),
			http.StatusConflict, "This account was deleted")
		audit := s.get(t, admin, "/admin/audit?object="+grace.ID)
		if !strings.Contains(audit.body, "user.delete") {
			t.Errorf("the audit log lacks the deletion: %.300s", audit.body)
		}
		audit = s.get(t, admin, "/admin/audit?object="+sophie.ID)
		if !strings.Contains(audit.body, "user.export") {
			t.Errorf("the audit log lacks the download: %.300s", audit.body)
		}
	})
}

// The sent emails' retention is an admin's setting on the outbox page; the dashboard
// shows admins the checklist of a new site.
func TestRetentionSettingAndChecklist(t *testing.T) {
	t.Parallel()
	s := newTestSite(t)
	admin, lead := s.client(t), s.client(t)
	s.login(t, admin, "laura@example.com")
	s.login(t, lead, "miyu@example.com")
	if page := s.get(t, admin, "/admin/emails"); !strings.Contains(page.body, `"retentionDays":180`) || !strings.Contains(page.body, "Keep sent emails for (days)") {
		t.Errorf("the outbox page without a setting: %.300s", page.body)
	}
	refused(t, "a period in words", s.send(t, admin, "PUT", "/api/v1/admin/settings/email-retention", map[string]any{"days": "half a year"}),
		http.StatusBadRequest, "Keep sent emails for (days) must be a whole number from 1 to 3650.")
	if r := s.send(t, admin, "PUT", "/api/v1/admin/settings/email-retention", map[string]any{"days": "90"}); r.status != http.StatusOK || !strings.Contains(r.body, `"days":90`) {
		t.Fatalf("set 90 days: %d %s", r.status, r.body)
	}
	if r := s.send(t, admin, "PUT", "/api/v1/admin/settings/email-retention", map[string]any{"days": 120}); r.status != http.StatusOK || !strings.Contains(r.body, `"days":120`) {
		t.Fatalf("set 120 days as a number: %d %s", r.status, r.body)
	}
	if page := s.get(t, admin, "/admin/emails"); !strings.Contains(page.body, `"retentionDays":120`) {
		t.Errorf("the outbox page after the setting")
	}

	dash := s.get(t, admin, "/admin")
	for _, want := range []string{"Getting your site ready", "Card payments", "Sandbox: test cards only, no money is taken",
		"No SMTP server: emails are held in the outbox"} {
		if !strings.Contains(dash.body, want) {
			t.Errorf("the admin's dashboard lacks %q", want)
		}
	}
	if dash := s.get(t, lead, "/admin/dashboard"); dash.status != http.StatusOK || strings.Contains(dash.body, "Getting your site ready") {
		t.Errorf("the lead guide's dashboard: %d, with the checklist", dash.status)
	}
}

// A deleted account's bookings lose the other travellers' names and phones and every
// answer they gave, and are no longer found by those names; the buyer's contact stays.
func TestDeletedAccountsBookingsLoseTravellersAndAnswers(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		past := time.Now().AddDate(0, -2, 0)
		tr := familyTour(t, s, "erased-family", past)
		b := paidFamily(t, s, tr, "grace@example.com", past, familyTravellers(), familyAnswers())
		admin := s.client(t)
		s.login(t, admin, "laura@example.com")
		found := func() bool {
			page := s.get(t, admin, "/admin/bookings?q=Tom+Berg")
			if page.status != 200 {
				t.Fatalf("search: %d", page.status)
			}
			return strings.Contains(page.body, "/admin/bookings/"+b.ID)
		}
		if !found() {
			t.Fatal("the booking is not found by a traveller's name before the deletion")
		}
		grace, err := s.Store.UserByEmail(t.Context(), "grace@example.com")
		if err != nil {
			t.Fatal(err)
		}
		if r := s.send(t, admin, "DELETE", "/api/v1/admin/users/"+grace.ID, nil); r.status != http.StatusOK {
			t.Fatalf("delete: %d %s", r.status, r.body)
		}
		after := s.storedBooking(t, b.ID)
		if after.Travellers != nil || after.Answers != nil || after.Participants != 3 || len(after.Units) != 3 {
			t.Errorf("the booking after its account was deleted: travellers %+v, answers %+v, %d seats, units %+v",
				after.Travellers, after.Answers, after.Participants, after.Units)
		}
		if found() {
			t.Error("the booking is still found by a traveller's name after its account was deleted")
		}
	})
}
