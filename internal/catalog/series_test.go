package catalog_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/catalog"
	"tourbook/internal/fault"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
	"tourbook/internal/tour"
)

func ptr[T any](v T) *T { return &v }

func departuresOf(t *testing.T, st *store.Store, id string) []string {
	t.Helper()
	got, err := st.TourByIDAnyStatus(t.Context(), id, t0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, d := range got.StartDates {
		out = append(out, fmt.Sprintf("%s %s cap=%d at=%q closed=%v cancelled=%v", d.Date.Format("01-02 Mon"), d.StartTime,
			d.Capacity, d.MeetingPoint, d.Closed, d.Cancelled()))
	}
	return out
}

func kindOf(err error) fault.Kind {
	var k interface{ FaultKind() fault.Kind }
	if errors.As(err, &k) {
		return k.FaultKind()
	}
	return 0
}

func publicMessage(err error) string {
	var p interface{ PublicMessage() string }
	if errors.As(err, &p) {
		return p.PublicMessage()
	}
	return ""
}

// A series (a date range and weekdays of one tour) is edited or closed at once, each
// departure audited; those that cannot take the change refuse it for all.
func TestUpdateSeries(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		svc := newService(st)
		admin := storetest.AddUser(t, st, "admin", account.RoleAdmin)
		ann := storetest.AddUser(t, st, "ann", account.RoleUser)
		day := func(d int) time.Time { return time.Date(2031, 6, d, 0, 0, 0, 0, time.UTC) }
		// 2 June 2031 is a Monday: Mondays 2, 9, 16 and Wednesday 4.
		tr := storetest.AddTour(t, st, "series", 10, day(2), day(4), day(9), day(16))
		if err := hold(st, tr, ann, day(9), 4); err != nil {
			t.Fatal(err)
		}
		mondays := catalog.SeriesChange{From: "2031-06-01", To: "2031-06-30", Weekdays: []int{1}}

		// Capacity 3 is below the 4 seats held on 9 June: nothing changes.
		c := mondays
		c.Capacity = ptr(3)
		_, _, err := svc.UpdateSeries(t.Context(), admin, tr.ID, c)
		var capErr *tour.CapacityError
		if !errors.As(err, &capErr) || !strings.Contains(publicMessage(err), "4 seats are already sold or held on 9 June 2031, so the capacity cannot be lower than 4") {
			t.Errorf("capacity below the seats held: %v (%q)", err, publicMessage(err))
		}
		before := departuresOf(t, st, tr.ID)
		if before[0] != `06-02 Mon 09:00 cap=10 at="" closed=false cancelled=false` {
			t.Errorf("after a refused change: %v", before)
		}

		c.Capacity, c.StartTime, c.MeetingPoint = ptr(6), ptr("07:30"), ptr("Harbour gate")
		got, n, err := svc.UpdateSeries(t.Context(), admin, tr.ID, c)
		if err != nil || n.Updated != 3 || n.Skipped != 0 || len(got.StartDates) != 4 {
			t.Fatalf("change the Mondays: %v, %+v", err, n)
		}
		want := []string{
			`06-02 Mon 07:30 cap=6 at="Harbour gate" closed=false cancelled=false`,
			`06-04 Wed 09:00 cap=10 at="" closed=false cancelled=false`,
			`06-09 Mon 07:30 cap=6 at="Harbour gate" closed=false cancelled=false`,
			`06-16 Mon 07:30 cap=6 at="Harbour gate" closed=false cancelled=false`,
		}
		if got := departuresOf(t, st, tr.ID); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("after the series change:\n%q\nwant\n%q", got, want)
		}

		// Cancelled departures are skipped when a series closes or reopens.
		if err := svc.MarkCancelled(t.Context(), admin, tr.ID, day(16), "Storm"); err != nil {
			t.Fatal(err)
		}
		closeAll := catalog.SeriesChange{From: "2031-06-01", To: "2031-06-30", Weekdays: []int{1, 3}}
		closeAll.Closed = ptr(true)
		if _, n, err := svc.UpdateSeries(t.Context(), admin, tr.ID, closeAll); err != nil || n.Updated != 3 || n.Skipped != 1 {
			t.Errorf("close the series: %v, %+v", err, n)
		}
		closeAll.Closed = ptr(false)
		if _, n, err := svc.UpdateSeries(t.Context(), admin, tr.ID, closeAll); err != nil || n.Updated != 3 || n.Skipped != 1 {
			t.Errorf("reopen the series: %v, %+v", err, n)
		}
		if got := departuresOf(t, st, tr.ID); got[3] != `06-16 Mon 07:30 cap=6 at="Harbour gate" closed=true cancelled=true` || got[0] != `06-02 Mon 07:30 cap=6 at="Harbour gate" closed=false cancelled=false` {
			t.Errorf("after closing and reopening: %q", got)
		}

		// Each departure changed has its own audit entry.
		entries, err := st.AuditLog(t.Context(), audit.Filter{ObjectID: tr.ID, Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		series := 0
		for _, e := range entries {
			if e.Action == "departure.update" && e.Changes["series"].New == true {
				series++
			}
		}
		if series != 9 {
			t.Errorf("%d audit entries of series changes, want 9 (3 changed, 3 closed, 3 reopened)", series)
		}

		// Plain refusals.
		for _, c := range []struct {
			in   catalog.SeriesChange
			want string
		}{
			{catalog.SeriesChange{From: "2031-06-01", To: "2031-06-30", Weekdays: []int{1}}, "Please choose what to change"},
			{catalog.SeriesChange{From: "2031-06-30", To: "2031-06-01", Weekdays: []int{1}, DepartureChange: catalog.DepartureChange{Closed: ptr(true)}}, "The series ends before it starts"},
			{catalog.SeriesChange{From: "June", To: "2031-06-01", Weekdays: []int{1}, DepartureChange: catalog.DepartureChange{Closed: ptr(true)}}, "Please give the first date of the series as a date (YYYY-MM-DD)."},
			{catalog.SeriesChange{From: "2031-06-01", To: "2031-06-30", DepartureChange: catalog.DepartureChange{Closed: ptr(true)}}, "Please choose at least one weekday"},
			{catalog.SeriesChange{From: "2031-06-01", To: "2031-06-30", Weekdays: []int{5}, DepartureChange: catalog.DepartureChange{Closed: ptr(true)}}, "No departure of this tour from 1 June 2031 to 30 June 2031"},
			{catalog.SeriesChange{From: "2031-06-01", To: "2031-06-30", Weekdays: []int{1}, DepartureChange: catalog.DepartureChange{Capacity: ptr(0)}}, "The capacity must be between 1 and"},
		} {
			_, _, err := svc.UpdateSeries(t.Context(), admin, tr.ID, c.in)
			if kindOf(err) != fault.Invalid || !strings.HasPrefix(publicMessage(err), c.want) {
				t.Errorf("%+v: %v, want %q", c.in, err, c.want)
			}
		}
		// Only editors.
		guide := storetest.AddUser(t, st, "gus", account.RoleGuide)
		if _, _, err := svc.UpdateSeries(t.Context(), guide, tr.ID, closeAll); !errors.Is(err, catalog.ErrForbidden) {
			t.Errorf("a guide's series change: %v", err)
		}
	})
}

// A cancelled departure is closed for good: it cannot be reopened or changed, and
// marking it again (a retried cancellation) is no error.
func TestCancelledDepartureStaysCancelled(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		svc := newService(st)
		admin := storetest.AddUser(t, st, "admin", account.RoleAdmin)
		d := time.Date(2031, 6, 2, 0, 0, 0, 0, time.UTC)
		tr := storetest.AddTour(t, st, "storm", 10, d)
		if err := svc.MarkCancelled(t.Context(), admin, tr.ID, d, "Storm warning"); err != nil {
			t.Fatal(err)
		}
		if err := svc.MarkCancelled(t.Context(), admin, tr.ID, d, "Storm warning"); err != nil {
			t.Errorf("cancelled again: %v", err)
		}
		for _, c := range []catalog.DepartureChange{{Closed: ptr(false)}, {Capacity: ptr(12)}, {StartTime: ptr("10:00")}} {
			_, err := svc.UpdateDeparture(t.Context(), admin, tr.ID, "2031-06-02", c)
			if kindOf(err) != fault.Conflict || publicMessage(err) != "The departure on 2 June 2031 was cancelled, so it cannot be reopened or changed." {
				t.Errorf("change %+v of a cancelled departure: %v", c, err)
			}
		}
		if got := departuresOf(t, st, tr.ID); got[0] != `06-02 Mon 09:00 cap=10 at="" closed=true cancelled=true` {
			t.Errorf("the cancelled departure: %q", got)
		}
		entries, err := st.AuditLog(t.Context(), audit.Filter{ObjectID: tr.ID, Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		if len(entries) == 0 || entries[0].Action != "departure.cancel" || entries[len(entries)-1].Changes["cancelled"].New != true ||
			entries[0].Changes["reason"].New != "Storm warning" {
			t.Errorf("audit: %+v", entries)
		}
	})
}
