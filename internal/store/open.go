package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// connectTimeout bounds how long Open waits for PostgreSQL, so a wrong URL fails the start
// promptly instead of hanging.
const connectTimeout = 5 * time.Second

// Open connects to the database named by databaseURL: "" or "sqlite:<path>" for SQLite
// (default <dataDir>/tourbook.db), "postgres://…" or "postgresql://…" for PostgreSQL. It
// pings the database; an unreachable one is an error whose text is one readable line
// without the password.
func Open(ctx context.Context, databaseURL, dataDir string, logger *slog.Logger) (*Store, error) {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	switch {
	case databaseURL == "":
		return openSQLite(ctx, filepath.Join(dataDir, "tourbook.db"), logger)
	case strings.HasPrefix(databaseURL, "sqlite:"):
		path := strings.TrimPrefix(strings.TrimPrefix(databaseURL, "sqlite:"), "//")
		if path == "" {
			path = filepath.Join(dataDir, "tourbook.db")
		}
		return openSQLite(ctx, path, logger)
	case strings.HasPrefix(databaseURL, "postgres://"), strings.HasPrefix(databaseURL, "postgresql://"):
		return openPostgres(ctx, databaseURL, logger)
	}
	return nil, fmt.Errorf("database url: unsupported scheme in %q (want sqlite: or postgres://)", redact(databaseURL, databaseURL))
}

func openSQLite(ctx context.Context, path string, logger *slog.Logger) (*Store, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return nil, fmt.Errorf("open sqlite database %s: %w", path, err)
	}
	// busy_timeout comes first so that the connection already waits on a lock while it
	// switches to WAL (another process may be doing the same).
	common := "_pragma=busy_timeout(10000)&_pragma=foreign_keys(ON)&_pragma=synchronous(NORMAL)"
	write, err := sql.Open("sqlite", path+"?"+common+"&_pragma=journal_mode(WAL)&_txlock=immediate")
	if err != nil {
		return nil, fmt.Errorf("open sqlite database %s: %w", path, err)
	}
	write.SetMaxOpenConns(1)
	write.SetMaxIdleConns(1)
	write.SetConnMaxLifetime(0)
	write.SetConnMaxIdleTime(0)
	// The writer must connect first: it turns WAL on, which the readers rely on.
	if err := write.PingContext(ctx); err != nil {
		_ = write.Close()
		return nil, fmt.Errorf("open sqlite database %s: %w", path, err)
	}
	// query_only makes a write slipped into the read pool fail loudly instead of racing
	// the single writer.
	read, err := sql.Open("sqlite", path+"?"+common+"&_pragma=query_only(1)")
	if err != nil {
		_ = write.Close()
		return nil, fmt.Errorf("open sqlite database %s: %w", path, err)
	}
	n := max(4, runtime.NumCPU())
	read.SetMaxOpenConns(n)
	read.SetMaxIdleConns(n)
	read.SetConnMaxIdleTime(5 * time.Minute)
	if err := read.PingContext(ctx); err != nil {
		_ = write.Close()
		_ = read.Close()
		return nil, fmt.Errorf("open sqlite database %s: %w", path, err)
	}
	return &Store{dialect: SQLite, path: path, write: write, read: read, readStmts: newStmtCache(read), logger: logger, now: time.Now}, nil
}

func openPostgres(ctx context.Context, databaseURL string, logger *slog.Logger) (*Store, error) {
	cfg, err := pgx.ParseConfig(databaseURL)
	if err != nil {
		return nil, fmt.Errorf("parse postgres url: %s", oneLine(rootCause(err), databaseURL))
	}
	if cfg.ConnectTimeout == 0 || cfg.ConnectTimeout > connectTimeout {
		cfg.ConnectTimeout = connectTimeout
	}
	db := stdlib.OpenDB(*cfg)
	db.SetMaxOpenConns(max(10, 4*runtime.NumCPU()))
	db.SetMaxIdleConns(max(10, 4*runtime.NumCPU()))
	db.SetConnMaxIdleTime(5 * time.Minute)
	db.SetConnMaxLifetime(time.Hour)
	pingCtx, cancel := context.WithTimeout(ctx, connectTimeout)
	defer cancel()
	if err := db.PingContext(pingCtx); err != nil {
		_ = db.Close()
		where := net.JoinHostPort(cfg.Host, fmt.Sprint(cfg.Port))
		if strings.HasPrefix(cfg.Host, "/") {
			where = cfg.Host // unix socket directory
		}
		msg := oneLine(rootCause(err), databaseURL)
		var netErr net.Error
		if errors.Is(err, context.DeadlineExceeded) || errors.As(err, &netErr) && netErr.Timeout() {
			msg = fmt.Sprintf("no answer within %s", connectTimeout)
		}
		return nil, fmt.Errorf("connect to postgres at %s: %s", where, msg)
	}
	return &Store{dialect: Postgres, write: db, read: db, logger: logger, now: time.Now}, nil
}

// rootCause digs through the wrapping of driver and network errors to the part a person
// can act on ("connection refused", "no such host", "password authentication failed").
func rootCause(err error) error {
	var urlErr *url.Error
	if errors.As(err, &urlErr) {
		// url.Error repeats the whole URL, password included.
		return urlErr.Err
	}
	var dnsErr *net.DNSError
	if errors.As(err, &dnsErr) {
		return dnsErr
	}
	for {
		var next error
		switch e := err.(type) {
		case interface{ Unwrap() error }:
			next = e.Unwrap()
		case interface{ Unwrap() []error }:
			// pgconn joins the errors of every address it tried; the first is typical.
			if list := e.Unwrap(); len(list) > 0 {
				next = list[0]
			}
		}
		if next == nil {
			return err
		}
		err = next
	}
}

// oneLine flattens err to a single line and removes the password of rawURL from it.
func oneLine(err error, rawURL string) string {
	return redact(strings.Join(strings.Fields(err.Error()), " "), rawURL)
}

// redact replaces the password of rawURL, wherever it appears in msg.
func redact(msg, rawURL string) string {
	rest, ok := strings.CutPrefix(rawURL[strings.Index(rawURL, "://")+1:], "//")
	if !ok {
		return msg
	}
	authority := rest
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		authority = rest[:i]
	}
	at := strings.LastIndex(authority, "@")
	if at < 0 {
		return msg
	}
	userinfo := authority[:at]
	if _, pw, hasPW := strings.Cut(userinfo, ":"); hasPW && pw != "" {
		msg = strings.ReplaceAll(msg, pw, "xxxxx")
		if dec, err := url.PathUnescape(pw); err == nil && dec != "" {
			msg = strings.ReplaceAll(msg, dec, "xxxxx")
		}
	}
	return msg
}
