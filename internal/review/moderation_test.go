package review

import (
	"context"
	"errors"
	"testing"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/httpx"
)

type moderationStore struct{ entries []audit.Entry }

func (s *moderationStore) Reviews(context.Context, int, int) ([]Row, int, error) {
	return []Row{{ID: "r1"}}, 1, nil
}

func (s *moderationStore) SetReviewHidden(_ context.Context, id string, hidden bool, e audit.Entry) (Row, error) {
	s.entries = append(s.entries, e)
	return Row{ID: id, Hidden: hidden}, nil
}

// TestModerationIsForAdmins: only admins list and hide reviews (403 for anyone else,
// with nothing written), and a change is audited and forgets the cached catalogue.
func TestModerationIsForAdmins(t *testing.T) {
	st, changed := &moderationStore{}, 0
	m := NewModeration(st, func() { changed++ })
	for _, role := range []account.Role{account.RoleUser, account.RoleGuide, account.RoleLeadGuide} {
		u := account.User{ID: "u", Role: role}
		if _, _, err := m.Reviews(context.Background(), u, 0, 10); !errors.Is(err, account.ErrNotAllowed) {
			t.Errorf("%s lists reviews: %v", role, err)
		}
		_, err := m.SetReviewHidden(context.Background(), u, "r1", true)
		if status, msg := httpx.Classify(err); status != 403 || msg != "Your account is not allowed to do this." {
			t.Errorf("%s hides a review: %d %q", role, status, msg)
		}
	}
	if len(st.entries) != 0 || changed != 0 {
		t.Fatalf("refused changes wrote %d entries, %d changes", len(st.entries), changed)
	}
	admin := account.User{ID: "a", Name: "Ada", Role: account.RoleAdmin}
	if list, n, err := m.Reviews(context.Background(), admin, 0, 10); err != nil || n != 1 || len(list) != 1 {
		t.Fatalf("admin lists: %v %d %v", list, n, err)
	}
	r, err := m.SetReviewHidden(context.Background(), admin, "r1", true)
	if err != nil || !r.Hidden || changed != 1 || len(st.entries) != 1 ||
		st.entries[0].Action != "review.update" || st.entries[0].ActorName != "Ada" || st.entries[0].ObjectID != "r1" {
		t.Fatalf("admin hides: %+v %v, changed %d, entries %+v", r, err, changed, st.entries)
	}
}
