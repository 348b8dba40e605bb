package useradmin_test

import (
	"errors"
	"fmt"
	"sync"
	"testing"

	"tourbook/internal/account"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
	"tourbook/internal/useradmin"
)

// Ten people submitting the first-start setup at once, through one address or two,
// make one administrator; the others are told the address is spent or the site set up.
func TestSetupMakesOneAdminUnderConcurrency(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		svc := useradmin.NewService(st, useradmin.Options{Tx: storetest.InTx(st, func(tx *store.Store) useradmin.Tx { return tx })})
		setup := useradmin.NewSetup(svc, st, func(p string) (string, error) { return "hash:" + p, nil })
		if pending, err := setup.Pending(t.Context()); err != nil || !pending {
			t.Fatalf("a store without admins: pending %v, %v", pending, err)
		}
		var tokens []string
		for range 2 {
			token, err := setup.NewLink(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			tokens = append(tokens, token)
		}
		var wg sync.WaitGroup
		errs := make([]error, 10)
		for i := range errs {
			wg.Go(func() {
				_, errs[i] = setup.Complete(t.Context(), useradmin.FirstAdmin{Token: tokens[i%2], Name: "Admin",
					Email: fmt.Sprintf("admin%d@example.com", i), Password: "Glacier-Lake-2031", PasswordConfirm: "Glacier-Lake-2031"})
			})
		}
		wg.Wait()
		made := 0
		for i, err := range errs {
			switch {
			case err == nil:
				made++
			case !errors.Is(err, useradmin.ErrSetupLink) && !errors.Is(err, useradmin.ErrSetUp):
				t.Errorf("submission %d: %v", i, err)
			}
		}
		admins, err := st.UsersWithRole(t.Context(), account.RoleAdmin)
		if err != nil {
			t.Fatal(err)
		}
		if made != 1 || len(admins) != 1 {
			t.Errorf("%d submissions succeeded and %d admins exist; want 1 and 1", made, len(admins))
		}
		if pending, err := setup.Pending(t.Context()); err != nil || pending {
			t.Errorf("after setup: pending %v, %v", pending, err)
		}
		if ok, err := setup.Usable(t.Context(), tokens[1]); err != nil || ok {
			t.Errorf("the other address after setup: usable %v, %v", ok, err)
		}
	})
}
