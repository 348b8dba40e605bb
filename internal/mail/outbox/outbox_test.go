package outbox

import (
	"context"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/httpx"
	"tourbook/internal/mail"
)

// fakeStore has the email "m1", which a sender holds; any other id is unknown.
type fakeStore struct{ resent []audit.Entry }

func (f *fakeStore) ListEmails(context.Context, mail.Filter, int, int) ([]mail.Message, int, error) {
	return []mail.Message{{ID: "m1"}}, 1, nil
}

func (f *fakeStore) EmailByID(_ context.Context, id string) (mail.Message, error) {
	if id != "m1" {
		return mail.Message{}, mail.ErrNotFound
	}
	return mail.Message{ID: id}, nil
}

func (f *fakeStore) EmailAttempts(context.Context, string) ([]mail.Attempt, error) { return nil, nil }

func (f *fakeStore) ResendEmailAudited(_ context.Context, id string, _ time.Time, e audit.Entry) error {
	if id != "m1" {
		return mail.ErrNotFound
	}
	f.resent = append(f.resent, e)
	return mail.ErrInFlight
}

// TestOutboxAnswers: only admins see the outbox (403 otherwise), and the store's "not
// found" and "in flight" reach the admin as their own sentences.
func TestOutboxAnswers(t *testing.T) {
	st := &fakeStore{}
	svc := NewService(st, nil)
	ctx := context.Background()
	lead := account.User{ID: "l", Role: account.RoleLeadGuide}
	admin := account.User{ID: "a", Name: "Ada", Role: account.RoleAdmin}
	_, _, err := svc.Emails(ctx, lead, mail.Filter{}, 0, 10)
	check := func(what string, err error, status int, msg string) {
		t.Helper()
		if got, gotMsg := httpx.Classify(err); got != status || gotMsg != msg {
			t.Errorf("%s: %d %q, want %d %q", what, got, gotMsg, status, msg)
		}
	}
	check("a lead guide lists", err, 403, "Your account is not allowed to do this.")
	_, err = svc.ResendEmail(ctx, lead, "m1")
	check("a lead guide resends", err, 403, "Your account is not allowed to do this.")
	if len(st.resent) != 0 {
		t.Fatalf("a refused resend reached the store: %+v", st.resent)
	}
	if list, n, err := svc.Emails(ctx, admin, mail.Filter{}, 0, 10); err != nil || n != 1 || len(list) != 1 {
		t.Fatalf("an admin lists: %v %d %v", list, n, err)
	}
	_, err = svc.Email(ctx, admin, "nope")
	check("an unknown email", err, 404, "There is no such email.")
	_, err = svc.ResendEmail(ctx, admin, "nope")
	check("resending an unknown email", err, 404, "There is no such email.")
	_, err = svc.ResendEmail(ctx, admin, "m1")
	check("resending an email in flight", err, 409, "This email is being sent right now. Reload the page in a moment to see how it went.")
	if len(st.resent) != 1 || st.resent[0].Action != "email.resend" || st.resent[0].ActorName != "Ada" || st.resent[0].ObjectID != "m1" {
		t.Errorf("audit entries %+v", st.resent)
	}
}
