package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"time"

	"tourbook/internal/media"
)

// Pictures is a media.Bucket kept in the database's pictures table under folder
// ("tours" or "users"): every instance on the database serves every picture, and a
// backup of the database holds them.
func (s *Store) Pictures(folder string) media.Bucket { return pictureBucket{s: s, folder: folder} }

type pictureBucket struct {
	s      *Store
	folder string
}

func (b pictureBucket) Put(ctx context.Context, name string, data []byte) error {
	_, err := b.s.writer().ExecContext(ctx, `INSERT INTO pictures (folder, name, data, created_at) VALUES ($1, $2, $3, $4)
		ON CONFLICT (folder, name) DO UPDATE SET data = excluded.data, created_at = excluded.created_at`,
		b.folder, name, data, ts(b.s.now()))
	if err != nil {
		return fmt.Errorf("store picture %s/%s: %w", b.folder, name, err)
	}
	return nil
}

func (b pictureBucket) Open(ctx context.Context, name string) (media.Object, error) {
	var data []byte
	var created time.Time
	err := b.s.reader().QueryRowContext(ctx, `SELECT data, created_at FROM pictures WHERE folder = $1 AND name = $2`,
		b.folder, name).Scan(&data, timeCol{&created})
	if errors.Is(err, sql.ErrNoRows) {
		return media.Object{}, fmt.Errorf("picture %s/%s: %w", b.folder, name, fs.ErrNotExist)
	}
	if err != nil {
		return media.Object{}, fmt.Errorf("picture %s/%s: %w", b.folder, name, err)
	}
	return media.NewObject(data, created), nil
}

func (b pictureBucket) Delete(ctx context.Context, name string) error {
	if _, err := b.s.writer().ExecContext(ctx, `DELETE FROM pictures WHERE folder = $1 AND name = $2`, b.folder, name); err != nil {
		return fmt.Errorf("delete picture %s/%s: %w", b.folder, name, err)
	}
	return nil
}
