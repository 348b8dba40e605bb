package emails

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/ssr"
	"tourbook/ui"
)

// Every template renders, and every engine the binary can use renders it to the same
// message: a site that falls back to QuickJS sends the same emails.
func TestEveryTemplateInEveryEngine(t *testing.T) {
	bundle, err := ui.ServerBundle()
	if err != nil {
		t.Fatal(err)
	}
	to := account.User{Name: `<b>Zoë</b> & "Co"`, Email: "zoe@example.com"}
	kinds := map[string]map[string]any{
		"passwordReset": {"name": to.Name, "resetUrl": "https://tours.example/reset-password/abc", "validMinutes": 30},
		"welcome":       {"name": to.Name, "toursUrl": "https://tours.example/"},
		"emailChanged":  {"name": to.Name, "newEmail": "zoe@new.example", "loginUrl": "https://tours.example/login"},
		"signupAttempt": {"name": to.Name, "loginUrl": "https://tours.example/login"},
		"bookingConfirmation": {"name": to.Name, "reference": "TB-7KQ4M2", "tourName": "Fjord Days", "tourUrl": "https://tours.example/tour/fjord-days",
			"date": "Tue 15 June 2027", "startTime": "09:00 CEST (Europe/Oslo)", "participants": 2, "amount": "$994.00",
			"travellers": "2 × Adult at $497.00", "extras": "", "meetingPoint": "Bergen harbour", "bookingUrl": "https://tours.example/my-tours", "due": "", "payBy": ""},
		"bookingCancelled": {"name": to.Name, "reference": "TB-7KQ4M2", "tourName": "Fjord Days", "date": "Tue 15 June 2027", "refunded": "$994.00", "message": "Storm",
			"returnedBy": "bank transfer"},
		"paymentLink": {"name": to.Name, "tourName": "Fjord Days", "date": "Tue 15 June 2027", "startTime": "09:00 CEST (Europe/Oslo)",
			"participants": 2, "travellers": "2 × Adult at €1,290.00", "extras": "1 × Single room at €80.00", "amount": "€2,580.00", "payUrl": "https://tours.example/sandbox/checkout/cs_1",
			"expires": "Mon 14 June 2027, 09:00 CEST (Europe/Oslo)", "bookingUrl": "https://tours.example/my-tours/b1"},
		"bookingChanged": {"name": to.Name, "tourName": "Fjord Days", "date": "Tue 15 June 2027", "startTime": "09:00 CEST (Europe/Oslo)",
			"participants": 2, "travellers": "2 × Adult at $497.00", "extras": "", "changes": "Travellers: 3 → 2", "refunded": "$497.00", "due": "", "message": "", "returnedBy": "",
			"bookingUrl": "https://tours.example/my-tours/b1", "calendarFile": ""},
		"reminder": {"name": to.Name, "reference": "TB-7KQ4M2", "tourName": "Fjord Days", "date": "Tue 15 June 2027", "startTime": "09:00 CEST (Europe/Oslo)",
			"meetingPoint": "Bergen harbour", "bookingUrl": "https://tours.example/my-tours"},
		"reviewRequest": {"name": to.Name, "tourName": "Fjord Days", "reviewUrl": "https://tours.example/tour/fjord-days#your-review"},
		"waitlistOffer": {"name": to.Name, "tourName": "Fjord Days", "date": "Tue 15 June 2027", "startTime": "09:00 CEST (Europe/Oslo)",
			"participants": 2, "amount": "$994.00", "deadline": "Mon 14 June 2027, 09:00 CEST (Europe/Oslo)", "payUrl": "https://tours.example/my-tours"},
		"waitlistCancelled": {"name": to.Name, "tourName": "Fjord Days", "date": "Tue 15 June 2027", "startTime": "09:00 CEST (Europe/Oslo)",
			"participants": 2, "message": "Storm", "offered": "$994.00", "tourUrl": "https://tours.example/tour/fjord-days"},
	}
	rendered := map[string]map[string]string{} // kind → engine → subject|html|text
	for _, kind := range ssr.Kinds() {
		engine, err := ssr.NewEngine(kind, bundle, 1, slog.New(slog.DiscardHandler))
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		w := New(engine, Site{Name: "Tourbook", URL: "https://tours.example"})
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		for name, props := range kinds {
			m, err := w.Render(ctx, name, to, props)
			if err != nil {
				t.Errorf("%s in %s: %v", name, kind, err)
				continue
			}
			if m.Subject == "" || !strings.HasPrefix(m.HTML, "<!doctype html>") || m.Text == "" ||
				!strings.Contains(m.HTML, "&lt;b&gt;Zoë&lt;/b&gt;") || strings.Contains(m.HTML, "<b>Zoë") {
				t.Errorf("%s in %s: subject %q, html %.80q, text %.80q", name, kind, m.Subject, m.HTML, m.Text)
			}
			if rendered[name] == nil {
				rendered[name] = map[string]string{}
			}
			rendered[name][kind] = m.Subject + "|" + m.HTML + "|" + m.Text
		}
		cancel()
		engine.Close()
	}
	for name, byEngine := range rendered {
		var first string
		for engine, out := range byEngine {
			if first == "" {
				first = out
			} else if out != first {
				t.Errorf("%s: %s renders differently", name, engine)
			}
		}
	}
	if len(rendered) != len(kinds) {
		t.Errorf("%d of %d templates rendered", len(rendered), len(kinds))
	}
}
