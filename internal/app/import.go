package app

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/url"
	"path/filepath"

	"tourbook/internal/config"
	"tourbook/internal/importer"
	"tourbook/internal/media"
)

// runImport is `tourbook import`: loads a JSON export in one transaction. A bad record
// stops the import with every problem listed and the database left as it was.
func runImport(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var files importer.Files
	fs.StringVar(&files.Users, "users", "", "users JSON file (array or one object per line)")
	fs.StringVar(&files.Tours, "tours", "", "tours JSON file")
	fs.StringVar(&files.Reviews, "reviews", "", "reviews JSON file")
	serveArgs := storageArgs(fs)
	fs.Func("picture-storage", "where the site keeps pictures: folder or database (env TOURBOOK_PICTURE_STORAGE)", func(v string) error {
		*serveArgs = append(*serveArgs, "-picture-storage", v)
		return nil
	})
	if err := fs.Parse(args); err != nil {
		return flagError(err)
	}
	if files.Users == "" && files.Tours == "" && files.Reviews == "" {
		fs.Usage()
		return usageError{fmt.Errorf("import: name at least one of -users, -tours, -reviews")}
	}
	cfg, err := config.Parse(*serveArgs, getenv, stderr)
	if err != nil {
		return flagError(err)
	}
	log := newLogger(cfg, stderr)
	st, err := openStore(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer st.Close()
	sum, err := importer.Import(ctx, st, files)
	if err != nil {
		return fmt.Errorf("import failed, nothing was imported:\n%w", err)
	}
	fmt.Fprintf(stdout, "imported %d users, %d tours, %d reviews into %s\n", sum.Users, sum.Tours, sum.Reviews, where(cfg))
	// The pictures (copied into <data-dir>/img beforehand) are stored in widths now, so
	// the first pages already offer them in srcset.
	buckets, err := pictureBuckets(ctx, cfg, st, log)
	if err != nil {
		return err
	}
	dir := func(sub string) string { return filepath.Join(imagesDir(cfg), sub) }
	pictures, err := media.NewTourPictures(dir("tours"), media.Options{Bucket: buckets["tours"]})
	if err != nil {
		return err
	}
	photos, err := media.NewPhotos(dir("users"), media.Options{Bucket: buckets["users"]})
	if err != nil {
		return err
	}
	res, err := pictures.ConvertTours(ctx, st, func() {}, log)
	if err != nil {
		return fmt.Errorf("store tour pictures in widths: %w", err)
	}
	report(stdout, "tour pictures", res, dir("tours"))
	if res, err = photos.ConvertPhotos(ctx, st, func() {}, log); err != nil {
		return fmt.Errorf("store photos in widths: %w", err)
	}
	report(stdout, "photos", res, dir("users"))
	return nil
}

// report tells the operator what a conversion after an import did.
func report(w io.Writer, what string, res media.ConvertResult, dir string) {
	fmt.Fprintf(w, "stored %d %s in widths", res.Pictures, what)
	if res.Missing > 0 || res.Failed > 0 {
		fmt.Fprintf(w, " (%d files not in %s, %d unreadable: shown as they are or as the default picture)",
			res.Missing, dir, res.Failed)
	}
	fmt.Fprintln(w)
}

// where names the database for people: the SQLite file, or the server and database
// without user, password or options.
func where(cfg config.Config) string {
	if cfg.DatabaseURL == "" {
		return filepath.Join(cfg.DataDir, "tourbook.db")
	}
	u, err := url.Parse(cfg.DatabaseURL)
	if err != nil {
		return "the database"
	}
	return u.Host + u.Path
}
