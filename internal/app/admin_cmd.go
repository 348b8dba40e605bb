package app

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"golang.org/x/term"

	"tourbook/internal/account"
	"tourbook/internal/config"
	"tourbook/internal/store"
	"tourbook/internal/useradmin"
)

const adminUsage = `Usage:
  tourbook admin create -email E -name N [-link] [flags]
      make E an administrator: a new account named N, or the existing one promoted;
      the password is read from standard input (asked for, without echo, at a
      terminal), or with -link a one-time sign-in link valid 30 minutes is printed,
      which leads to setting the password
  tourbook admin list [flags]
      show the administrators

Flags for both: -database-url, -data-dir (as serve's); -base-url for the link.
`

// runAdmin is `tourbook admin create|list`: the first administrator of a new site, or
// a way back in for one locked out. It works beside a running site: SQLite waits for
// the site's writer, PostgreSQL takes its own connections.
func runAdmin(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 || (args[0] != "create" && args[0] != "list") {
		fmt.Fprint(stderr, adminUsage)
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
			return nil
		}
		return usageError{errors.New("admin: say create or list")}
	}
	cmd := args[0]
	fs := flag.NewFlagSet("admin "+cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, adminUsage) }
	email := fs.String("email", "", "the administrator's sign-in email")
	name := fs.String("name", "", "their name, for a new account")
	link := fs.Bool("link", false, "print a one-time sign-in link instead of reading a password")
	serveArgs := storageArgs(fs)
	fs.Func("base-url", "the site's public address, for the link (env TOURBOOK_BASE_URL)", func(v string) error {
		*serveArgs = append(*serveArgs, "-base-url", v)
		return nil
	})
	if err := fs.Parse(args[1:]); err != nil {
		return flagError(err)
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Errorf("admin %s: unexpected %q", cmd, fs.Arg(0))}
	}
	if cmd == "create" && strings.TrimSpace(*email) == "" {
		fs.Usage()
		return usageError{errors.New("admin create: -email is required")}
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
	admins := useradmin.NewService(st, useradmin.Options{Tx: inTx(st, func(tx *store.Store) useradmin.Tx { return tx })})
	if cmd == "list" {
		return listAdmins(ctx, admins, stdout)
	}

	a := useradmin.NewAdmin{Email: *email, Name: *name}
	if !*link {
		password, err := readPassword(stdin, stderr)
		if err != nil {
			return err
		}
		if err := account.ValidatePassword(password, password); err != nil {
			return fmt.Errorf("admin create: %s", publicOr(err))
		}
		if a.PasswordHash, err = account.HashPassword(password); err != nil {
			return err
		}
	} else if _, err := st.UserByEmail(ctx, *email); errors.Is(err, account.ErrNotFound) {
		// A new account gets a password nobody knows; the link sets the real one.
		if a.PasswordHash, err = account.HashPassword(newSecret()); err != nil {
			return err
		}
	}
	u, created, err := admins.MakeAdmin(ctx, a)
	if err != nil {
		return fmt.Errorf("admin create: %s", publicOr(err))
	}
	verb := "is now an administrator"
	if created {
		verb = "was created as an administrator"
	}
	fmt.Fprintf(stdout, "%s <%s> %s\n", u.Name, u.Email, verb)
	if *link {
		resets := account.NewResets(st, nil, account.ResetOptions{Logger: log, BaseURL: cfg.BaseURL.String()})
		url, err := resets.SignInLink(ctx, u.Email)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "Open this link within 30 minutes to set the password (it works once):\n%s\n", url)
	}
	return nil
}

func listAdmins(ctx context.Context, admins *useradmin.Service, stdout io.Writer) error {
	list, err := admins.Admins(ctx)
	if err != nil {
		return err
	}
	if len(list) == 0 {
		fmt.Fprintln(stdout, "No administrators yet: tourbook admin create -email E -name N makes one.")
		return nil
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "EMAIL\tNAME\tSIGN-IN")
	for _, u := range list {
		state := "active"
		if !u.Active {
			state = "deactivated"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", u.Email, u.Name, state)
	}
	return tw.Flush()
}

// readPassword reads the new password: asked for twice without echo at a terminal,
// else the first line of stdin (a script's pipe).
func readPassword(stdin io.Reader, stderr io.Writer) (string, error) {
	if f, ok := stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		fmt.Fprint(stderr, "New password: ")
		first, err := term.ReadPassword(int(f.Fd()))
		fmt.Fprintln(stderr)
		if err != nil {
			return "", fmt.Errorf("read the password: %w", err)
		}
		fmt.Fprint(stderr, "Again: ")
		again, err := term.ReadPassword(int(f.Fd()))
		fmt.Fprintln(stderr)
		if err != nil {
			return "", fmt.Errorf("read the password: %w", err)
		}
		if string(first) != string(again) {
			return "", errors.New("admin create: the two passwords differ")
		}
		return string(first), nil
	}
	if stdin == nil {
		return "", errors.New("admin create: give the password on standard input, or use -link")
	}
	line, err := bufio.NewReader(io.LimitReader(stdin, 4096)).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", fmt.Errorf("read the password: %w", err)
	}
	line = strings.TrimRight(line, "\r\n")
	if line == "" {
		return "", errors.New("admin create: no password on standard input (or use -link)")
	}
	return line, nil
}

// publicOr is a validation error's message for people, else the error itself.
func publicOr(err error) string {
	if msg, ok := account.PublicMessage(err); ok {
		return msg
	}
	return err.Error()
}

// newSecret is a password nobody knows, for an account whose owner sets theirs with a
// sign-in link.
func newSecret() string {
	var b [24]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
