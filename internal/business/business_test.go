package business_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"tourbook/internal/audit"
	"tourbook/internal/business"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
)

// TestProfileDefaultsSaveAndCache: a fresh site shows the defaults; a saved profile is
// read back whole, tells the listeners, and another service on the same database (an
// instance) sees it once its cached copy has expired.
func TestProfileDefaultsSaveAndCache(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		now := time.Date(2027, 3, 1, 9, 0, 0, 0, time.UTC)
		clock := func() time.Time { return now }
		changed := 0
		a := business.NewService(st, business.Options{Now: clock, TTL: 10 * time.Second, Changed: func() { changed++ }})
		b := business.NewService(st, business.Options{Now: clock, TTL: 10 * time.Second})

		p, err := a.Profile(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if p.Name != business.DefaultName || p.ShortName != business.DefaultName || p.Colour != business.DefaultColour || p.TimeZone != "UTC" {
			t.Fatalf("fresh profile %+v", p)
		}
		if _, err := b.Profile(ctx); err != nil { // b keeps the empty profile for 10 s
			t.Fatal(err)
		}
		if got := a.SenderName(ctx); got != "" {
			t.Errorf("a fresh site's sender name %q: want none (the configured From's)", got)
		}

		want := business.Profile{Name: "Fjord & Fell Tours", ShortName: "Fjord & Fell", Colour: "#0b4f6c",
			LegalName: "Fjord & Fell Tours AS", TaxNumber: "NO 912 345 678 MVA", Address: "Strandkaien 3\n5013 Bergen\nNorway",
			Currency: "nok", TimeZone: "Europe/Oslo", TaxRateBasisPoints: 2500}
		if err := a.Put(ctx, want, audit.Entry{ActorName: "test", Action: "setting.update", ObjectType: "setting", ObjectID: business.SettingKey}); err != nil {
			t.Fatal(err)
		}
		if changed != 1 {
			t.Errorf("listeners told %d times, want 1", changed)
		}
		if got, _ := a.Profile(ctx); got != want {
			t.Errorf("after the save %+v, want %+v", got, want)
		}
		if got := a.SenderName(ctx); got != "Fjord & Fell" {
			t.Errorf("sender name %q, want the short name", got)
		}
		if got, _ := b.Profile(ctx); got.Name != business.DefaultName {
			t.Errorf("the other instance saw %q before its copy expired", got.Name)
		}
		now = now.Add(11 * time.Second)
		if got, _ := b.Profile(ctx); got != want {
			t.Errorf("the other instance after 11 s: %+v", got)
		}
	})
}

// slowReads is the real store whose next read of the setting, once it has read, waits
// for release: a page being rendered while an admin saves.
type slowReads struct {
	*store.Store
	armed         atomic.Bool
	read, release chan struct{}
}

func (s *slowReads) Setting(ctx context.Context, key string) (string, bool, error) {
	v, ok, err := s.Store.Setting(ctx, key)
	if s.armed.CompareAndSwap(true, false) {
		close(s.read)
		<-s.release
	}
	return v, ok, err
}

// TestASaveIsNotUndoneByAReadBeforeIt: a read that began before a save, and ends after
// it with the old profile, does not keep the old profile in the cache.
func TestASaveIsNotUndoneByAReadBeforeIt(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		slow := &slowReads{Store: st, read: make(chan struct{}), release: make(chan struct{})}
		slow.armed.Store(true)
		s := business.NewService(slow, business.Options{TTL: time.Hour})
		done := make(chan business.Profile)
		go func() {
			p, _ := s.Stored(ctx)
			done <- p
		}()
		<-slow.read // the old (empty) profile is read, not yet kept
		if err := s.Put(ctx, business.Profile{Name: "Fjord & Fell Tours"}, audit.Entry{}); err != nil {
			t.Fatal(err)
		}
		close(slow.release)
		if old := <-done; old.Name != "" {
			t.Fatalf("the read before the save gave %q", old.Name)
		}
		if p, _ := s.Stored(ctx); p.Name != "Fjord & Fell Tours" {
			t.Errorf("after the save the service says %q: the earlier read's profile was kept", p.Name)
		}
	})
}
