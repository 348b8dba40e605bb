package media

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
)

// Tour pictures stored as one file — imported from the old site (tour-1-cover.jpg) or
// kept from before there were widths — are given their widths by ConvertTours: the file
// is read, cropped to 3:2 and stored in every width of TourPictureWidths under a name
// like an upload's, and the tour's references are switched to it. The old file is left
// where it is: a page rendered before the switch (another instance's page cache, a
// browser's copy) still names it.

// TourRefs are the picture files a tour names: its cover and its gallery, in order.
type TourRefs struct {
	TourID  string
	Cover   string
	Gallery []string
}

// Rename switches a tour's reference from the single file Old to the picture New (its
// widest file), in the cover or in the gallery.
type Rename struct {
	Old, New string
	Cover    bool
}

// TourRefsStore is what ConvertTours reads and updates (store.Store).
type TourRefsStore interface {
	// TourPictureRefs lists every tour's picture files.
	TourPictureRefs(ctx context.Context) ([]TourRefs, error)
	// RenameTourPictures applies renames to one tour in one transaction, each only where
	// the tour still names Old, and says how many references changed.
	RenameTourPictures(ctx context.Context, tourID string, renames []Rename) (int, error)
}

// NeedsWidths reports whether a tour's picture reference is a single file that
// ConvertTours would store in widths: not empty, not the default picture, and not a
// picture already stored in widths.
func NeedsWidths(file string) bool {
	return file != "" && file != DefaultTourPicture && !IsTourPictureName(file) && ValidName(file)
}

// ConvertedName is the name the single file old of a tour, holding data, gets in widths
// (cover tells the cover from a gallery picture, which the back office removes
// separately). It is derived from all four, so every run and every instance converting
// the same picture writes the same files and sets the same reference, never two sets;
// and a name once served (cached by browsers for a year) never stands for other pixels.
func ConvertedName(tourID, old string, cover bool, data []byte) string {
	role := "gallery"
	if cover {
		role = "cover"
	}
	return derivedHex("tour picture", tourID, role, old, data) + ".jpg"
}

// derivedHex is 32 hex digits of the SHA-256 of the parts.
func derivedHex(kind, owner, role, old string, data []byte) string {
	content := sha256.Sum256(data)
	sum := sha256.Sum256([]byte("tourbook " + kind + "\x00" + owner + "\x00" + role + "\x00" + old + "\x00" + string(content[:])))
	return hex.EncodeToString(sum[:16])
}

// Convert stores the single file old of tourID (its cover, or a gallery picture) again
// in every width, under ConvertedName, leaving old in place, and returns that name. When
// its widest file exists already, an earlier or concurrent conversion has finished and
// nothing is written: the widest is written last, so its presence means all are there.
// A picture narrower than the widest width is scaled up for that file (the browser did
// the same with the old file). Errors: one wrapping fs.ErrNotExist when old is missing,
// the upload errors (ErrInvalidImage, …) when it is not a picture this package reads.
func (p *TourPictures) Convert(ctx context.Context, tourID, old string, cover bool) (string, error) {
	return p.pipe.convert(ctx, old, func(data []byte) string { return ConvertedName(tourID, old, cover, data) },
		p.variantFiles)
}

// convert reads the single file old from the bucket and, unless the file named by
// name(its bytes) exists, writes files(it, that name), of which that name is the last.
func (p *pipeline) convert(ctx context.Context, old string, name func([]byte) string,
	files func(upload, string) ([]OutFile, error)) (string, error) {
	if !ValidName(old) {
		return "", fmt.Errorf("%w: %q", ErrInvalidName, old)
	}
	o, err := p.bucket.Open(ctx, old)
	if err != nil {
		return "", err
	}
	u, err := p.read(o)
	o.Close()
	if err != nil {
		return "", err
	}
	to := name(u.data)
	if o, err := p.bucket.Open(ctx, to); err == nil {
		o.Close()
		return to, nil
	} else if !errors.Is(err, fs.ErrNotExist) {
		return "", err
	}
	out, err := files(u, to)
	if err != nil {
		return "", err
	}
	// No rollback, unlike an upload: a concurrent conversion may be writing the same
	// names, and what a failure leaves is named by nobody and rewritten by the next run.
	put := putJPEG(p.opts.Quality)
	for _, f := range out {
		if err := put(ctx, p.bucket, f.Name, f.Img); err != nil {
			return "", fmt.Errorf("write %s: %w", f.Name, err)
		}
	}
	return to, nil
}

// ConvertResult counts what one ConvertTours or ConvertPhotos pass did.
type ConvertResult struct {
	Tours    int // tours whose references were switched (ConvertTours)
	Pictures int // references switched (a tour's, a user's photo)
	Missing  int // single files not in the bucket (the pages show the default picture)
	Failed   int // single files that could not be converted (logged)
}

// logConvertError sorts a failed conversion: a missing file is counted, anything else
// counted and logged; a done ctx is returned.
func (r *ConvertResult) logConvertError(ctx context.Context, err error, log *slog.Logger, msg string, attrs ...any) error {
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case errors.Is(err, fs.ErrNotExist):
		r.Missing++
		log.Debug(msg+": the file is missing", attrs...)
	default:
		r.Failed++
		log.Warn(msg+": left as one file", append(attrs, "error", err)...)
	}
	return nil
}

// ConvertTours gives every tour's single-file pictures their widths: each is converted
// (Convert) and the tour's references are switched in one transaction per tour, after
// which changed is called (the tour and page caches forget the tour). A file that cannot
// be read as a picture is logged and left as it is, and the pass goes on; it is tried
// again only by the next pass (the next start), so a bad file costs one log line per
// start. Running it twice, or on several instances at once, leaves one set of files
// per picture (ConvertedName) and one switch (RenameTourPictures changes only
// references still naming the old file). It stops when ctx is done.
func (p *TourPictures) ConvertTours(ctx context.Context, st TourRefsStore, changed func(), log *slog.Logger) (ConvertResult, error) {
	var res ConvertResult
	tours, err := st.TourPictureRefs(ctx)
	if err != nil {
		return res, fmt.Errorf("list tour pictures: %w", err)
	}
	for _, t := range tours {
		var renames []Rename
		done := map[Rename]bool{}
		try := func(old string, cover bool) error {
			if !NeedsWidths(old) {
				return nil
			}
			key := Rename{Old: old, Cover: cover}
			if done[key] {
				return nil
			}
			done[key] = true
			name, err := p.Convert(ctx, t.TourID, old, cover)
			if err != nil {
				return res.logConvertError(ctx, err, log, "tour picture cannot be stored in widths", "tour", t.TourID, "file", old)
			}
			renames = append(renames, Rename{Old: old, New: name, Cover: cover})
			return nil
		}
		if err := try(t.Cover, true); err != nil {
			return res, err
		}
		for _, f := range t.Gallery {
			if err := try(f, false); err != nil {
				return res, err
			}
		}
		if len(renames) == 0 {
			continue
		}
		n, err := st.RenameTourPictures(ctx, t.TourID, renames)
		if err != nil {
			if ctx.Err() != nil {
				return res, ctx.Err()
			}
			res.Failed += len(renames)
			log.Warn("tour pictures stored in widths, but the tour was not switched to them", "tour", t.TourID, "error", err)
			continue
		}
		if n > 0 {
			res.Tours++
			res.Pictures += n
			changed()
			olds := make([]string, len(renames))
			for i, r := range renames {
				olds[i] = r.Old
			}
			log.Info("tour pictures stored in widths; the old files are kept", "tour", t.TourID, "old_files", olds)
		}
	}
	return res, nil
}

// PhotoRef is a user's photo file.
type PhotoRef struct {
	UserID, Photo string
}

// PhotoRefsStore is what ConvertPhotos reads and updates (store.Store).
type PhotoRefsStore interface {
	// UserPhotoRefs lists the users whose photo is not the default one.
	UserPhotoRefs(ctx context.Context) ([]PhotoRef, error)
	// RenameUserPhoto switches the user's photo from old to to if it is still old.
	RenameUserPhoto(ctx context.Context, userID, old, to string) (bool, error)
}

// ConvertedPhotoName is the name a user's single-file photo old, holding data, gets with
// its narrower copies: derived like ConvertedName.
func ConvertedPhotoName(userID, old string, data []byte) string {
	return "user-" + derivedHex("photo", userID, "photo", old, data) + ".jpg"
}

// Convert stores the single-file photo old of userID again under ConvertedPhotoName,
// square, with its narrower copies (PhotoVariants), leaving old in place, and returns
// that name; as TourPictures.Convert.
func (p *Photos) Convert(ctx context.Context, userID, old string) (string, error) {
	return p.pipe.convert(ctx, old, func(data []byte) string { return ConvertedPhotoName(userID, old, data) },
		func(u upload, name string) ([]OutFile, error) {
			img, err := p.pipe.render(u, p.pipe.opts.Size, p.pipe.opts.Size)
			if err != nil {
				return nil, err
			}
			return PhotoFiles(name, img), nil
		})
}

// ConvertPhotos gives every user's single-file photo (imported, or uploaded before
// photos had copies) its narrower copies, as ConvertTours does for tours: one
// conditional switch per user, changed called once at the end when any switched.
func (p *Photos) ConvertPhotos(ctx context.Context, st PhotoRefsStore, changed func(), log *slog.Logger) (ConvertResult, error) {
	var res ConvertResult
	users, err := st.UserPhotoRefs(ctx)
	if err != nil {
		return res, fmt.Errorf("list photos: %w", err)
	}
	defer func() {
		if res.Pictures > 0 {
			changed()
		}
	}()
	for _, u := range users {
		if u.Photo == "" || PhotoVariants(u.Photo) != nil || !ValidName(u.Photo) {
			continue
		}
		name, err := p.Convert(ctx, u.UserID, u.Photo)
		if err != nil {
			if err := res.logConvertError(ctx, err, log, "photo cannot be stored with narrower copies", "user", u.UserID, "file", u.Photo); err != nil {
				return res, err
			}
			continue
		}
		ok, err := st.RenameUserPhoto(ctx, u.UserID, u.Photo, name)
		if err != nil {
			if ctx.Err() != nil {
				return res, ctx.Err()
			}
			res.Failed++
			log.Warn("photo stored with narrower copies, but the user was not switched to it", "user", u.UserID, "error", err)
			continue
		}
		if ok {
			res.Pictures++
			log.Info("photo stored with narrower copies; the old file is kept", "user", u.UserID, "old_file", u.Photo)
		}
	}
	return res, nil
}
