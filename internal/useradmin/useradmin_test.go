package useradmin_test

import (
	"errors"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
	"tourbook/internal/useradmin"
)

// The rules of user administration against the real store, on every test engine.

var t0 = time.Date(2031, 3, 14, 15, 9, 26, 535897000, time.FixedZone("CET", 3600))

// The last active admin can be neither demoted nor deactivated; once another admin
// exists they can, and deactivating a user ends their sessions.
func TestLastAdminStays(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		svc := useradmin.NewService(st, useradmin.Options{Tx: storetest.InTx(st, func(tx *store.Store) useradmin.Tx { return tx })})
		admin := storetest.AddUser(t, st, "admin", account.RoleAdmin)
		user, inactive := account.RoleUser, false
		if _, err := svc.UpdateUser(t.Context(), admin, admin.ID, &user, nil); !errors.Is(err, useradmin.ErrLastAdmin) {
			t.Errorf("demoting the last admin: %v", err)
		}
		if _, err := svc.UpdateUser(t.Context(), admin, admin.ID, nil, &inactive); !errors.Is(err, useradmin.ErrLastAdmin) {
			t.Errorf("deactivating the last admin: %v", err)
		}
		if got, _ := st.UserByID(t.Context(), admin.ID); got.Role != account.RoleAdmin || !got.Active {
			t.Errorf("the last admin after the refusals: %s, active %v", got.Role, got.Active)
		}

		second := storetest.AddUser(t, st, "second", account.RoleAdmin)
		session := account.Session{TokenHash: []byte("0123456789abcdef0123456789abcdef"), UserID: admin.ID,
			CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)}
		if err := st.CreateSession(t.Context(), session); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.UpdateUser(t.Context(), second, admin.ID, nil, &inactive); err != nil {
			t.Fatalf("deactivating one of two admins: %v", err)
		}
		if _, _, err := st.SessionByTokenHash(t.Context(), session.TokenHash, t0); !errors.Is(err, account.ErrNotFound) {
			t.Errorf("the deactivated admin's session: %v", err)
		}
		if _, err := svc.UpdateUser(t.Context(), second, second.ID, &user, nil); !errors.Is(err, useradmin.ErrLastAdmin) {
			t.Errorf("demoting the admin left: %v", err)
		}
		log, _, err := st.AuditPage(t.Context(), audit.Filter{ObjectType: "user"})
		if err != nil {
			t.Fatal(err)
		}
		if len(log) != 1 || log[0].ObjectID != admin.ID {
			t.Errorf("audit log %+v, want the one change", log)
		}
	})
}
