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

// TourPictureRefs lists every tour's cover and gallery files (media.ConvertTours).
func (s *Store) TourPictureRefs(ctx context.Context) ([]media.TourRefs, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT id, cover_image FROM tours ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("list tour pictures: %w", err)
	}
	var tours []media.TourRefs
	index := map[string]int{}
	var t media.TourRefs
	err = scanAll(rows, func() error {
		if err := rows.Scan(&t.TourID, &t.Cover); err != nil {
			return err
		}
		index[t.TourID] = len(tours)
		tours = append(tours, t)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list tour pictures: %w", err)
	}
	rows, err = s.reader().QueryContext(ctx, `SELECT tour_id, file FROM tour_pictures ORDER BY tour_id, position`)
	if err != nil {
		return nil, fmt.Errorf("list tour pictures: %w", err)
	}
	var id, file string
	err = scanAll(rows, func() error {
		if err := rows.Scan(&id, &file); err != nil {
			return err
		}
		if i, ok := index[id]; ok {
			tours[i].Gallery = append(tours[i].Gallery, file)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list tour pictures: %w", err)
	}
	return tours, nil
}

// RenameTourPictures switches a tour's references from single files to their pictures in
// widths, in one transaction, each only where the tour still names the old file: a
// conversion that another instance finished first, or that an operator's change overtook,
// changes nothing. The tour's version (updated_at) stays: the picture shown is the same,
// and an operator's open edit form must still save. It says how many references changed.
func (s *Store) RenameTourPictures(ctx context.Context, id string, renames []media.Rename) (int, error) {
	n := 0
	err := s.InTx(ctx, func(tx *Store) error {
		n = 0
		if _, err := tx.lockTour(ctx, id); err != nil {
			return err
		}
		for _, r := range renames {
			q := `UPDATE tour_pictures SET file = $3 WHERE tour_id = $1 AND file = $2`
			if r.Cover {
				q = `UPDATE tours SET cover_image = $3 WHERE id = $1 AND cover_image = $2`
			}
			res, err := tx.tx.ExecContext(ctx, q, id, r.Old, r.New)
			if err != nil {
				return err
			}
			k, err := res.RowsAffected()
			if err != nil {
				return err
			}
			n += int(k)
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("switch pictures of tour %s to widths: %w", id, err)
	}
	return n, nil
}

// UserPhotoRefs lists the users whose photo is their own (media.ConvertPhotos).
func (s *Store) UserPhotoRefs(ctx context.Context) ([]media.PhotoRef, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT id, photo FROM users WHERE photo <> '' AND photo <> $1 ORDER BY id`,
		media.DefaultPhoto)
	if err != nil {
		return nil, fmt.Errorf("list photos: %w", err)
	}
	var refs []media.PhotoRef
	var r media.PhotoRef
	err = scanAll(rows, func() error {
		if err := rows.Scan(&r.UserID, &r.Photo); err != nil {
			return err
		}
		refs = append(refs, r)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list photos: %w", err)
	}
	return refs, nil
}

// RenameUserPhoto switches a user's photo from the single file old to the photo to
// (stored with its narrower copies) if the user still has old: a conversion another
// instance finished first, or that the user's own upload overtook, changes nothing.
func (s *Store) RenameUserPhoto(ctx context.Context, id, old, to string) (bool, error) {
	res, err := s.writer().ExecContext(ctx, `UPDATE users SET photo = $3 WHERE id = $1 AND photo = $2`, id, old, to)
	if err != nil {
		return false, fmt.Errorf("switch photo of user %s: %w", id, err)
	}
	return affected(res)
}
