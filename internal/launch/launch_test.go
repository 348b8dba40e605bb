package launch_test

import (
	"errors"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/business"
	"tourbook/internal/launch"
	"tourbook/internal/legal"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
)

var t0 = time.Date(2031, 3, 14, 15, 9, 26, 0, time.UTC)

func done(items []launch.Item) map[string]bool {
	m := map[string]bool{}
	for _, it := range items {
		m[it.Key] = it.Done
	}
	return m
}

// A fresh site has everything to do; each step is done as the operator does it, and the
// server's configuration answers payments and email.
func TestChecklistFollowsTheSite(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		profiles := business.NewService(st, business.Options{Now: func() time.Time { return t0 }})
		terms := legal.NewService(st, legal.Options{Now: func() time.Time { return t0 }})
		svc := launch.NewService(st, profiles, terms, launch.Options{Payments: "sandbox", Now: func() time.Time { return t0 }})
		admin := storetest.AddUser(t, st, "admin", account.RoleAdmin)
		if _, err := svc.Checklist(ctx, storetest.AddUser(t, st, "lead", account.RoleLeadGuide)); !errors.Is(err, account.ErrNotAllowed) {
			t.Errorf("a lead guide's checklist: %v", err)
		}
		items, err := svc.Checklist(ctx, admin)
		if err != nil {
			t.Fatal(err)
		}
		if len(items) != 6 {
			t.Fatalf("items %+v", items)
		}
		for key, ok := range done(items) {
			if ok {
				t.Errorf("%s is done on an empty site", key)
			}
		}

		if err := profiles.Put(ctx, business.Profile{Name: "Fjord & Fell Tours"}, audit.Entry{}); err != nil {
			t.Fatal(err)
		}
		if _, err := terms.Save(ctx, admin, legal.Terms, "# Terms of booking"); err != nil {
			t.Fatal(err)
		}
		storetest.AddTour(t, st, "fjords", 10, t0.AddDate(0, 1, 0))
		svc = launch.NewService(st, profiles, terms, launch.Options{Payments: "stripe", EmailConfigured: true, Now: func() time.Time { return t0 }})
		items, err = svc.Checklist(ctx, admin)
		if err != nil {
			t.Fatal(err)
		}
		for key, ok := range done(items) {
			if !ok {
				t.Errorf("%s is not done: %+v", key, items)
			}
		}

		// A departure that has gone no longer counts.
		svc = launch.NewService(st, profiles, terms, launch.Options{Now: func() time.Time { return t0.AddDate(0, 2, 0) }})
		items, _ = svc.Checklist(ctx, admin)
		if d := done(items); d["departure"] || !d["tour"] || d["payments"] || d["email"] {
			t.Errorf("two months on, with the sandbox and no SMTP: %v", d)
		}
	})
}
