package app

import (
	"archive/tar"
	"compress/gzip"
	"database/sql"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tourbook/internal/store/testdb"
)

// The token of a reset link is in no column of any table and in no file of a backup:
// an admin, a database reader or a stolen backup cannot use it (issue 20, item 2).
func TestResetTokenIsStoredNowhere(t *testing.T) {
	t.Parallel()
	for _, engine := range testdb.Engines() {
		t.Run(engine, func(t *testing.T) {
			t.Parallel()
			databaseURL, _ := testdb.Database(t, engine)
			dataDir := t.TempDir()
			args := []string{"-data-dir", dataDir}
			if databaseURL != "" {
				args = append(args, "-database-url", databaseURL)
			}
			s := newTestSiteEnv(t, nil, args...)
			if r := s.postJSON(t, s.client(t), "/api/v1/users/forgotPassword", map[string]string{"email": "daniel@example.com"}); r.status != 200 {
				t.Fatalf("forgot password: %d %s", r.status, r.body)
			}
			mails := s.outbox(t, "daniel@example.com")
			if len(mails) != 1 {
				t.Fatalf("%d emails", len(mails))
			}
			sent, ok := s.MailSecrets.Reveal(mails[0])
			m := resetLink.FindStringSubmatch(sent.Text)
			if !ok || m == nil {
				t.Fatalf("no reset link to send:\n%s", sent.Text)
			}
			token := m[1]
			// The back office shows the masked email.
			admin := s.client(t)
			s.login(t, admin, "laura@example.com")
			if page := s.get(t, admin, "/admin/emails/"+mails[0].ID); page.status != 200 || strings.Contains(page.body, token) ||
				!strings.Contains(page.body, "HIDDEN-UNTIL-SENT") {
				t.Errorf("the back office's email page: %d, masked: %v", page.status, !strings.Contains(page.body, token))
			}

			var db *sql.DB
			var err error
			tables := `SELECT name FROM sqlite_master WHERE type = 'table'`
			if engine == testdb.Postgres {
				db, err = sql.Open("pgx", databaseURL)
				tables = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()`
			} else {
				db, err = sql.Open("sqlite", filepath.Join(dataDir, "tourbook.db"))
			}
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			for _, table := range column0(t, db, tables) {
				if where := findIn(t, db, table, token); where != "" {
					t.Errorf("table %s holds the reset token: %s", table, where)
				}
			}
			if engine != testdb.SQLite {
				return // backups are of SQLite sites
			}
			file := filepath.Join(t.TempDir(), "backup.tar.gz")
			if out, err := runCmd(t, "backup", "-data-dir", dataDir, "-o", file); err != nil {
				t.Fatalf("backup: %v\n%s", err, out)
			}
			f, err := os.Open(file)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			zr, err := gzip.NewReader(f)
			if err != nil {
				t.Fatal(err)
			}
			tr := tar.NewReader(zr)
			files := 0
			for {
				h, err := tr.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				b, err := io.ReadAll(tr)
				if err != nil {
					t.Fatal(err)
				}
				files++
				if strings.Contains(string(b), token) {
					t.Errorf("backup file %s holds the reset token", h.Name)
				}
			}
			if files < 2 {
				t.Errorf("the backup has %d files", files)
			}
		})
	}
}

func column0(t *testing.T, db *sql.DB, query string) []string {
	t.Helper()
	rows, err := db.QueryContext(t.Context(), query)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// findIn says which column of which row of table holds needle, or "".
func findIn(t *testing.T, db *sql.DB, table, needle string) string {
	t.Helper()
	rows, err := db.QueryContext(t.Context(), `SELECT * FROM "`+table+`"`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	for n := 0; rows.Next(); n++ {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		for i, v := range vals {
			text := fmt.Sprint(v)
			if b, ok := v.([]byte); ok {
				text = string(b)
			}
			if strings.Contains(text, needle) {
				return fmt.Sprintf("row %d, column %s", n, cols[i])
			}
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return ""
}
