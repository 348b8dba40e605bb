package app

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"tourbook/internal/config"
	"tourbook/internal/media"
	"tourbook/internal/store"
)

// A backup is a gzip-compressed tar: the database as dbEntry, then the pictures as
// img/tours/<name>, img/users/<name> and img/brand/<name>, as they lie under the data folder. One file,
// so it is copied off the machine in one piece; tar and gzip, so any system can open it.
const dbEntry = "tourbook.db"

// pictureFolders are the picture folders under <data-dir>/img that a backup holds (and
// the database's picture folders): tours' pictures, users' photos, the business's logo.
var pictureFolders = []string{"tours", "users", "brand"}

// storageArgs are the flags backup and restore share with serve: where the data is.
func storageArgs(flags *flag.FlagSet) *[]string {
	var args []string
	flags.Func("database-url", "empty for SQLite in the data folder (env DATABASE_URL)", func(s string) error {
		args = append(args, "-database-url", s)
		return nil
	})
	flags.Func("data-dir", "data folder (env TOURBOOK_DATA_DIR)", func(s string) error {
		args = append(args, "-data-dir", s)
		return nil
	})
	return &args
}

// sqliteOnly refuses PostgreSQL: its backups are pg_dump's job.
func sqliteOnly(cfg config.Config, cmd string) error {
	if cfg.DatabaseURL != "" && !strings.HasPrefix(cfg.DatabaseURL, "sqlite:") {
		return fmt.Errorf("%s works on the SQLite database; for PostgreSQL use pg_dump and pg_restore (see README, Backups)", cmd)
	}
	return nil
}

// runBackup is `tourbook backup -o FILE`: a consistent copy of the SQLite database, taken
// while the site runs, and the pictures, in one new archive.
func runBackup(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("backup", flag.ContinueOnError)
	flags.SetOutput(stderr)
	out := flags.String("o", "", "the backup file to write (.tar.gz); never overwritten")
	serveArgs := storageArgs(flags)
	if err := flags.Parse(args); err != nil {
		return flagError(err)
	}
	if *out == "" {
		flags.Usage()
		return usageError{errors.New("backup: name the backup file with -o FILE")}
	}
	cfg, err := config.Parse(*serveArgs, getenv, stderr)
	if err != nil {
		return flagError(err)
	}
	if err := sqliteOnly(cfg, "backup"); err != nil {
		return err
	}
	dbPath := sqlitePath(cfg)
	if _, err := os.Stat(dbPath); err != nil {
		return fmt.Errorf("backup: no database at %s (is -data-dir right?)", dbPath)
	}
	f, err := os.OpenFile(*out, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("backup: %s already exists; a backup never overwrites a file, so name a new one", *out)
	}
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	n, err := writeBackup(ctx, cfg, dbPath, f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(*out) // ours, and incomplete
		return fmt.Errorf("backup failed, %s was not written: %w", *out, err)
	}
	fmt.Fprintf(stdout, "backed up %s and %d pictures to %s\n", dbPath, n, *out)
	return nil
}

func sqlitePath(cfg config.Config) string {
	if p := strings.TrimPrefix(strings.TrimPrefix(cfg.DatabaseURL, "sqlite:"), "//"); p != "" {
		return p
	}
	return filepath.Join(cfg.DataDir, "tourbook.db")
}

// writeBackup copies the database first, then the pictures: a picture is stored before
// the row that names it, so every picture the copy names is in the folder by then.
func writeBackup(ctx context.Context, cfg config.Config, dbPath string, w io.Writer) (pictures int, err error) {
	tmp, err := os.MkdirTemp(filepath.Dir(dbPath), ".backup-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(tmp)
	st, err := store.Open(ctx, "sqlite:"+dbPath, "", nil)
	if err != nil {
		return 0, err
	}
	copyPath := filepath.Join(tmp, dbEntry)
	err = st.BackupSQLite(ctx, copyPath)
	st.Close()
	if err != nil {
		return 0, err
	}
	check, err := store.InspectSQLite(ctx, copyPath)
	if err != nil {
		return 0, err
	}
	if len(check.Problems) > 0 {
		return 0, fmt.Errorf("the copy is not sound: %s", strings.Join(check.Problems, "; "))
	}

	// The pictures are JPEGs, which do not shrink: the fastest level compresses the
	// database nearly as well and spends a fraction of the CPU on the rest.
	gz, _ := gzip.NewWriterLevel(w, gzip.BestSpeed)
	tw := tar.NewWriter(gz)
	if err := addFile(tw, dbEntry, copyPath); err != nil {
		return 0, err
	}
	for _, sub := range pictureFolders {
		dir := filepath.Join(imagesDir(cfg), sub)
		entries, err := os.ReadDir(dir)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return pictures, fmt.Errorf("read picture folder: %w", err)
		}
		for _, e := range entries {
			if !e.Type().IsRegular() || !media.ValidName(e.Name()) {
				continue // temporary uploads, anything not served
			}
			err := addFile(tw, path.Join("img", sub, e.Name()), filepath.Join(dir, e.Name()))
			if errors.Is(err, fs.ErrNotExist) {
				continue // removed since the listing: the copy no longer names it either
			}
			if err != nil {
				return pictures, err
			}
			pictures++
		}
	}
	if err := tw.Close(); err != nil {
		return pictures, err
	}
	return pictures, gz.Close()
}

func addFile(tw *tar.Writer, name, src string) error {
	f, err := os.Open(src)
	if err != nil {
		return err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return err
	}
	if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: info.Size(), ModTime: info.ModTime(), Typeflag: tar.TypeReg}); err != nil {
		return err
	}
	if _, err := io.Copy(tw, f); err != nil {
		return fmt.Errorf("add %s: %w", name, err)
	}
	return nil
}

// runRestore is `tourbook restore -i FILE`: the reverse of backup, into a data folder
// whose site is stopped. The backup is checked whole before anything is touched; the
// database it replaces is kept beside it.
func runRestore(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("restore", flag.ContinueOnError)
	flags.SetOutput(stderr)
	in := flags.String("i", "", "the backup file to restore (made by tourbook backup)")
	serveArgs := storageArgs(flags)
	if err := flags.Parse(args); err != nil {
		return flagError(err)
	}
	if *in == "" {
		flags.Usage()
		return usageError{errors.New("restore: name the backup file with -i FILE")}
	}
	cfg, err := config.Parse(*serveArgs, getenv, stderr)
	if err != nil {
		return flagError(err)
	}
	if err := sqliteOnly(cfg, "restore"); err != nil {
		return err
	}
	dbPath := sqlitePath(cfg)
	if err := os.MkdirAll(filepath.Dir(dbPath), 0o750); err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	// Unpacked beside the target, so that putting it in place is a rename.
	tmp, err := os.MkdirTemp(filepath.Dir(dbPath), ".restore-")
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	defer os.RemoveAll(tmp)
	pictures, err := unpackBackup(*in, tmp)
	if err != nil {
		return fmt.Errorf("restore: %s: %w", *in, err)
	}
	check, err := store.InspectSQLite(ctx, filepath.Join(tmp, dbEntry))
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	if len(check.Problems) > 0 {
		return fmt.Errorf("restore: the backup's database is damaged, nothing was restored: %s", strings.Join(check.Problems, "; "))
	}
	if len(check.Unknown) > 0 {
		return fmt.Errorf("restore: the backup was made by a newer Tourbook (schema versions %v this binary does not know); restore it with that version, nothing was restored", check.Unknown)
	}

	kept := ""
	if _, err := os.Stat(dbPath); err == nil {
		if err := store.ReleaseSQLite(ctx, dbPath); errors.Is(err, store.ErrInUse) {
			return fmt.Errorf("restore: %s is in use: stop tourbook serve first; nothing was restored", dbPath)
		} else if err != nil {
			return fmt.Errorf("restore: %w", err)
		}
		kept = dbPath + ".before-restore-" + time.Now().UTC().Format("20060102T150405Z")
		if err := os.Rename(dbPath, kept); err != nil {
			return fmt.Errorf("restore: keep the current database: %w", err)
		}
	}
	if err := os.Rename(filepath.Join(tmp, dbEntry), dbPath); err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	for _, sub := range pictureFolders {
		dst := filepath.Join(imagesDir(cfg), sub)
		if err := os.MkdirAll(dst, 0o750); err != nil {
			return fmt.Errorf("restore pictures: %w", err)
		}
		entries, err := os.ReadDir(filepath.Join(tmp, "img", sub))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return fmt.Errorf("restore pictures: %w", err)
		}
		for _, e := range entries {
			if err := os.Rename(filepath.Join(tmp, "img", sub, e.Name()), filepath.Join(dst, e.Name())); err != nil {
				return fmt.Errorf("restore pictures: %w", err)
			}
		}
	}
	fmt.Fprintf(stdout, "restored %s and %d pictures from %s\n", dbPath, pictures, *in)
	if kept != "" {
		fmt.Fprintf(stdout, "the database it replaced is kept as %s\n", kept)
	}
	return nil
}

// unpackBackup extracts a backup into dir, refusing anything a backup does not hold:
// names are checked against the picture rule, so no entry can reach outside dir.
func unpackBackup(file, dir string) (pictures int, err error) {
	f, err := os.Open(file)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		return 0, fmt.Errorf("not a Tourbook backup (not gzip): %w", err)
	}
	tr := tar.NewReader(gz)
	haveDB := false
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return pictures, fmt.Errorf("not a Tourbook backup, or cut short: %w", err)
		}
		if !backupEntryValid(h) {
			return pictures, fmt.Errorf("not a Tourbook backup: unexpected entry %q", h.Name)
		}
		if h.Name == dbEntry {
			haveDB = true
		} else {
			pictures++
			if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(h.Name)), 0o750); err != nil {
				return pictures, err
			}
		}
		out, err := os.OpenFile(filepath.Join(dir, filepath.FromSlash(h.Name)), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o640)
		if err != nil {
			return pictures, fmt.Errorf("entry %q: %w", h.Name, err)
		}
		_, err = io.Copy(out, tr)
		if cerr := out.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return pictures, fmt.Errorf("entry %q: %w", h.Name, err)
		}
	}
	if !haveDB {
		return pictures, fmt.Errorf("not a Tourbook backup: it holds no %s", dbEntry)
	}
	return pictures, nil
}

func backupEntryValid(h *tar.Header) bool {
	if h.Typeflag != tar.TypeReg {
		return false
	}
	if h.Name == dbEntry {
		return true
	}
	parts := strings.Split(h.Name, "/")
	return len(parts) == 3 && parts[0] == "img" && slices.Contains(pictureFolders, parts[1]) && media.ValidName(parts[2])
}
