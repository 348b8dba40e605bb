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
	return nil
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
