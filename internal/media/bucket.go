package media

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"
)

// Bucket is where processed pictures are kept: a Folder on this machine (the default,
// for one instance) or the site's database (every instance sees every picture; see
// store.Store.Pictures). Names are checked by the callers (ValidName).
type Bucket interface {
	// Put stores data as name, replacing what was there; a reader never sees half of it.
	Put(ctx context.Context, name string, data []byte) error
	// Open returns a stored picture; an error wrapping fs.ErrNotExist when there is none.
	Open(ctx context.Context, name string) (Object, error)
	// Delete removes name; a name already gone is no error.
	Delete(ctx context.Context, name string) error
}

// Object is a stored picture, to be closed.
type Object struct {
	io.ReadSeeker
	ModTime time.Time
	Size    int64
	close   func() error
}

// NewObject wraps a picture held in memory.
func NewObject(data []byte, modTime time.Time) Object {
	return Object{ReadSeeker: bytes.NewReader(data), ModTime: modTime, Size: int64(len(data))}
}

// Close releases the object.
func (o Object) Close() error {
	if o.close == nil {
		return nil
	}
	return o.close()
}

// Folder is a Bucket in a folder on disk. Every access goes through an os.Root, so
// neither a crafted name nor a symlink placed in the folder reaches outside it.
type Folder struct {
	dir  string
	root *os.Root
}

// NewFolder opens dir as a Bucket, creating it if needed.
func NewFolder(dir string) (*Folder, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("picture folder: %w", err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("picture folder: %w", err)
	}
	return &Folder{dir: dir, root: root}, nil
}

// Dir is the folder.
func (f *Folder) Dir() string { return f.dir }

// Put writes a temporary file and renames it, so a reader never sees half a picture and
// a crash leaves only a temporary file (whose leading dot ValidName refuses, so it is
// never served). The temporary name is unique, so two writers of one name (instances
// sharing the folder, converting the same picture) never collide: the last rename wins.
func (f *Folder) Put(_ context.Context, name string, data []byte) error {
	random, err := randomHex(8)
	if err != nil {
		return err
	}
	tmp := ".upload-" + name + "-" + random + ".tmp"
	file, err := f.root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, err = file.Write(data)
	if err == nil {
		err = file.Sync()
	}
	if cerr := file.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = f.root.Rename(tmp, name)
	}
	if err != nil {
		_ = f.root.Remove(tmp)
	}
	return err
}

// Open implements Bucket: regular files only.
func (f *Folder) Open(_ context.Context, name string) (Object, error) {
	file, err := f.root.Open(name)
	if err != nil {
		return Object{}, err
	}
	info, err := file.Stat()
	if err != nil || !info.Mode().IsRegular() {
		file.Close()
		return Object{}, fmt.Errorf("picture %q: %w", name, fs.ErrNotExist)
	}
	return Object{ReadSeeker: file, ModTime: info.ModTime(), Size: info.Size(), close: file.Close}, nil
}

// Delete implements Bucket.
func (f *Folder) Delete(_ context.Context, name string) error {
	if err := f.root.Remove(name); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// CopyMissing puts every picture of the folder dir that dst lacks into dst, and says how
// many. It moves a site's pictures from its folder into the database, and makes sample,
// default and imported pictures (which are written as files) reach it.
func CopyMissing(ctx context.Context, dir string, dst Bucket) (int, error) {
	src, err := NewFolder(dir)
	if err != nil {
		return 0, err
	}
	defer src.root.Close()
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, fmt.Errorf("read picture folder: %w", err)
	}
	n := 0
	for _, e := range entries {
		if !e.Type().IsRegular() || !ValidName(e.Name()) {
			continue
		}
		if o, err := dst.Open(ctx, e.Name()); err == nil {
			o.Close()
			continue
		} else if !errors.Is(err, fs.ErrNotExist) {
			return n, err
		}
		data, err := src.root.ReadFile(e.Name())
		if err != nil {
			return n, fmt.Errorf("read picture %s: %w", e.Name(), err)
		}
		if err := dst.Put(ctx, e.Name(), data); err != nil {
			return n, fmt.Errorf("store picture %s: %w", e.Name(), err)
		}
		n++
	}
	return n, nil
}
