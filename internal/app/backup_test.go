package app

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"tourbook/internal/booking"
	"tourbook/internal/store"
)

// runCmd runs a tourbook sub-command as the binary would, with no environment.
func runCmd(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var out, errs bytes.Buffer
	err := Run(context.Background(), args, func(string) string { return "" }, &out, &errs)
	return out.String() + errs.String(), err
}

func pictureNames(t *testing.T, dir string) []string {
	t.Helper()
	var names []string
	for _, sub := range pictureFolders {
		entries, err := os.ReadDir(filepath.Join(dir, "img", sub))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			names = append(names, sub+"/"+e.Name())
		}
	}
	return names
}

// A backup taken while people book is sound and consistent, and restores into a site
// where the same people see the same bookings.
func TestBackupWhileBookingAndRestore(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s := newTestSiteEnv(t, nil, "-data-dir", dir)
	tr := s.tourByIndex(t, 0)
	emails := []string{"hannah@example.com", "yuki@example.com", "sophie@example.com"}
	var paid atomic.Int32
	progress := make(chan struct{}, 100)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for i, email := range emails {
		c := s.client(t)
		s.login(t, c, email)
		wg.Go(func() {
			for n := 0; ; n++ {
				select {
				case <-stop:
					return
				default:
				}
				date := tr.StartDates[(i+n)%len(tr.StartDates)].Date
				r := s.checkout(t, c, tr.ID, "?date="+date+"&participants=1")
				if r.status != 200 {
					continue // that departure is full: another one
				}
				url := decode(t, r)["session"].(map[string]any)["url"].(string)
				if res := s.pay(t, c, url, "4242 4242 4242 4242"); res.status == 303 {
					paid.Add(1)
					progress <- struct{}{}
				}
			}
		})
	}
	waitFor := func(n int) {
		for range n {
			<-progress
		}
	}
	waitFor(3)
	before := paidIn(t, s.Store, emails)
	file := filepath.Join(t.TempDir(), "site.tar.gz")
	out, err := runCmd(t, "backup", "-o", file, "-data-dir", dir)
	if err != nil {
		t.Fatalf("backup: %v\n%s", err, out)
	}
	waitFor(3) // the bookings go on after the backup too
	close(stop)
	go func() { wg.Wait(); close(progress) }()
	for range progress {
	}
	after := paidIn(t, s.Store, emails)
	if !strings.Contains(out, "backed up ") || !strings.Contains(out, file) {
		t.Errorf("backup said %q", out)
	}

	restored := t.TempDir()
	out, err = runCmd(t, "restore", "-i", file, "-data-dir", restored)
	if err != nil {
		t.Fatalf("restore: %v\n%s", err, out)
	}
	check, err := store.InspectSQLite(context.Background(), filepath.Join(restored, "tourbook.db"))
	if err != nil || len(check.Problems) > 0 || len(check.Unknown) > 0 {
		t.Fatalf("the restored database: %+v, %v", check, err)
	}
	if got, want := pictureNames(t, restored), pictureNames(t, dir); !slices.Equal(got, want) {
		t.Errorf("restored pictures %d, want the %d of the site", len(got), len(want))
	}

	site := newTestSiteEnv(t, nil, "-data-dir", restored)
	copied := paidIn(t, site.Store, emails)
	if len(copied) < len(before) || len(copied) > len(after) {
		t.Fatalf("the copy has %d paid bookings; %d were paid before the backup and %d after", len(copied), len(before), len(after))
	}
	for id, b := range copied {
		// Consistent across tables: every paid booking's sandbox payment is in the copy.
		co, err := site.Store.SandboxCheckout(context.Background(), b.CheckoutID)
		if err != nil || !co.Paid() || co.Request.BookingID != id {
			t.Errorf("paid booking %s: its checkout %+v, %v", id, co, err)
		}
		if _, ok := after[id]; !ok {
			t.Errorf("booking %s is paid in the copy but not on the site", id)
		}
	}
	for _, d := range site.tourByIndex(t, 0).StartDates {
		if d.SeatsLeft < 0 {
			t.Errorf("departure %s oversold in the copy: %d seats left", d.Date, d.SeatsLeft)
		}
	}
	// The people's bookings, as they see them on the restored site.
	c := site.client(t)
	site.login(t, c, "hannah@example.com")
	if page := site.get(t, c, "/my-tours"); page.status != 200 || len(paidIn(t, site.Store, emails[:1])) > 0 && !strings.Contains(page.body, tr.Name) {
		t.Errorf("/my-tours on the restored site: %d, tour %q shown: %v", page.status, tr.Name, strings.Contains(page.body, tr.Name))
	}
}

// paidIn is the paid bookings of the users, by id.
func paidIn(t *testing.T, st *store.Store, emails []string) map[string]booking.Booking {
	t.Helper()
	out := map[string]booking.Booking{}
	for _, email := range emails {
		u, err := st.UserByEmail(context.Background(), email)
		if err != nil {
			t.Fatal(err)
		}
		bs, err := st.UserBookings(context.Background(), u.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range bs {
			if b.Status == booking.Paid {
				out[b.ID] = b
			}
		}
	}
	return out
}

// writeArchive writes a backup-shaped archive with the given entries.
func writeArchive(t *testing.T, entries map[string][]byte) string {
	t.Helper()
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	for name, data := range entries {
		if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(data)), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		tw.Write(data)
	}
	tw.Close()
	gz.Close()
	file := filepath.Join(t.TempDir(), "crafted.tar.gz")
	if err := os.WriteFile(file, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	return file
}

// Backup and restore refuse what would lose or damage data, each with a message that
// says why, and leave everything as it was.
func TestBackupAndRestoreRefusals(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s := newTestSiteEnv(t, nil, "-data-dir", dir)
	ctx := context.Background()

	existing := filepath.Join(t.TempDir(), "taken.tar.gz")
	os.WriteFile(existing, []byte("keep me"), 0o600)
	if out, err := runCmd(t, "backup", "-o", existing, "-data-dir", dir); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("backup over a file: %v\n%s", err, out)
	}
	if b, _ := os.ReadFile(existing); string(b) != "keep me" {
		t.Errorf("the existing file was changed to %q", b)
	}
	if _, err := runCmd(t, "backup", "-data-dir", dir); err == nil || ExitCode(err) != 2 {
		t.Errorf("backup without -o: %v", err)
	}
	if _, err := runCmd(t, "backup", "-o", filepath.Join(t.TempDir(), "x"), "-database-url", "postgres://db.example/tourbook"); err == nil || !strings.Contains(err.Error(), "pg_dump") {
		t.Errorf("backup of PostgreSQL: %v", err)
	}
	if _, err := runCmd(t, "backup", "-o", filepath.Join(t.TempDir(), "x"), "-data-dir", t.TempDir()); err == nil || !strings.Contains(err.Error(), "no database at") {
		t.Errorf("backup of an empty folder: %v", err)
	}

	good := filepath.Join(t.TempDir(), "good.tar.gz")
	if out, err := runCmd(t, "backup", "-o", good, "-data-dir", dir); err != nil {
		t.Fatalf("backup: %v\n%s", err, out)
	}
	// Over the running site's database.
	if _, err := runCmd(t, "restore", "-i", good, "-data-dir", dir); err == nil || !strings.Contains(err.Error(), "in use: stop tourbook serve first") {
		t.Errorf("restore over a running site: %v", err)
	}
	if r := s.get(t, s.client(t), "/"); r.status != 200 {
		t.Errorf("the running site after a refused restore: %d", r.status)
	}

	// A backup from a newer Tourbook: its schema has a version this binary lacks.
	newer := t.TempDir()
	if _, err := runCmd(t, "restore", "-i", good, "-data-dir", newer); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", filepath.Join(newer, "tourbook.db"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES (9999, '9999_future.sql', '2040-01-01T00:00:00.000000Z')`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	newerFile := filepath.Join(t.TempDir(), "newer.tar.gz")
	if out, err := runCmd(t, "backup", "-o", newerFile, "-data-dir", newer); err != nil {
		t.Fatalf("backup: %v\n%s", err, out)
	}
	target := t.TempDir()
	for name, tc := range map[string]struct {
		file, want string
	}{
		"newer schema":   {newerFile, "made by a newer Tourbook (schema versions [9999]"},
		"damaged":        {writeArchive(t, map[string][]byte{"tourbook.db": bytes.Repeat([]byte("not a database "), 500)}), "not a readable SQLite database"},
		"no database":    {writeArchive(t, map[string][]byte{"img/users/a.jpg": []byte("x")}), "holds no tourbook.db"},
		"escaping entry": {writeArchive(t, map[string][]byte{"tourbook.db": nil, "img/../../evil.jpg": []byte("x")}), `unexpected entry "img/../../evil.jpg"`},
		"not a backup":   {existing, "not gzip"},
		"missing file":   {filepath.Join(target, "nothing.tar.gz"), "no such file"},
	} {
		if _, err := runCmd(t, "restore", "-i", tc.file, "-data-dir", target); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("restore of %s: %v, want %q", name, err, tc.want)
		}
	}
	if entries, _ := os.ReadDir(target); len(entries) != 0 {
		t.Errorf("refused restores left %d files in the data folder", len(entries))
	}
}
