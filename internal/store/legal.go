package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"tourbook/internal/audit"
	"tourbook/internal/legal"
)

const legalColumns = `kind, version, markdown, created_at, author_id, author_name`

func legalFields(v *legal.Version) []any {
	return []any{&v.Kind, &v.Number, &v.Markdown, timeCol{&v.CreatedAt}, &v.AuthorID, &v.AuthorName}
}

// AddLegalVersion stores v as the next version of its kind, numbered one past the
// latest, with entry in the audit log. Two saves at once on PostgreSQL draw the same
// number: the second's insert waits for the first, is skipped by ON CONFLICT, and draws
// again past it.
func (s *Store) AddLegalVersion(ctx context.Context, v *legal.Version, entry audit.Entry) error {
	s.ensureTime(&v.CreatedAt)
	err := s.InTx(ctx, func(tx *Store) error {
		for range 5 {
			var last int
			if err := tx.tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM legal_versions WHERE kind = $1`,
				string(v.Kind)).Scan(&last); err != nil {
				return err
			}
			res, err := tx.tx.ExecContext(ctx, `INSERT INTO legal_versions (`+legalColumns+`)
				VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (kind, version) DO NOTHING`,
				string(v.Kind), last+1, v.Markdown, ts(v.CreatedAt), v.AuthorID, v.AuthorName)
			if err != nil {
				return err
			}
			if ok, err := affected(res); err != nil || !ok {
				if err != nil {
					return err
				}
				continue
			}
			v.Number = last + 1
			entry.Changes.Diff("version", intNull(last), v.Number)
			return tx.addAudit(ctx, &entry, string(v.Kind))
		}
		return errors.New("no free version number in 5 draws")
	})
	if err != nil {
		return fmt.Errorf("add %s version: %w", v.Kind, err)
	}
	return nil
}

// LegalVersion is version n of kind, or the latest when n is 0.
func (s *Store) LegalVersion(ctx context.Context, kind legal.Kind, n int) (legal.Version, error) {
	var v legal.Version
	q := `SELECT ` + legalColumns + ` FROM legal_versions WHERE kind = $1 AND version = $2`
	args := []any{string(kind), n}
	if n == 0 {
		q, args = `SELECT `+legalColumns+` FROM legal_versions WHERE kind = $1 ORDER BY version DESC LIMIT 1`, args[:1]
	}
	err := s.reader().QueryRowContext(ctx, q, args...).Scan(legalFields(&v)...)
	if errors.Is(err, sql.ErrNoRows) {
		return legal.Version{}, legal.ErrNotFound
	}
	if err != nil {
		return legal.Version{}, fmt.Errorf("%s version %d: %w", kind, n, err)
	}
	return v, nil
}

// LegalVersions are the versions of kind, newest first, without their Markdown.
func (s *Store) LegalVersions(ctx context.Context, kind legal.Kind) ([]legal.Version, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT kind, version, '', created_at, author_id, author_name
		FROM legal_versions WHERE kind = $1 ORDER BY version DESC`, string(kind))
	if err != nil {
		return nil, fmt.Errorf("%s versions: %w", kind, err)
	}
	list, err := collect(rows, legalFields)
	if err != nil {
		return nil, fmt.Errorf("%s versions: %w", kind, err)
	}
	return list, nil
}
