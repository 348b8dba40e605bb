package ssr

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"
)

// codeCache keeps the server bundle compiled by V8 (a ScriptCompiler code cache) in a
// file, so that a later start deserialises it instead of parsing and compiling 220 KB
// of JavaScript in every isolate; measured, that is most of an isolate's start and of
// the first render's time. The file is named and checked by the bundle's SHA-256 and
// V8's version-and-flags tag, and carries a checksum of its own: a file for another
// bundle or another V8 is never handed to V8, and a damaged one is ignored. V8 may
// still refuse a cache (it checks again): the bundle is then compiled from source, as
// when there is no file.
//
// When no usable cache was found, the first runtime to finish a render writes one: by
// then V8 has compiled the functions rendering needs, which a cache made right after
// loading would lack (React's are compiled lazily, on first call).
//
// A nil *codeCache is no cache: every method does nothing. QuickJS never uses it.
type codeCache struct {
	dir    string
	bundle [sha256.Size]byte
	logger *slog.Logger

	loadOnce sync.Once
	path     string
	tag      uint32
	data     []byte // the cache read at start; nil when there was none that fits
	// want is set when no runtime could use a cache: the first render then writes one.
	want atomic.Bool
	// writes are the files being written; Close waits for them.
	writes sync.WaitGroup
	// used and rejected count the runtimes that started from the cache and those
	// whose cache V8 refused.
	used, rejected atomic.Int32
}

// codeCacheMagic starts every cache file; the number is the file format's version.
const codeCacheMagic = "tourbook v8 code cache 1\n"

func newCodeCache(dir string, bundle []byte, logger *slog.Logger) *codeCache {
	if dir == "" {
		return nil
	}
	return &codeCache{dir: dir, bundle: sha256.Sum256(bundle), logger: logger}
}

// load returns the cache for this bundle and this V8 (tag, version), or nil. It reads
// the file once however many runtimes ask.
func (c *codeCache) load(tag uint32, version string) []byte {
	if c == nil {
		return nil
	}
	c.loadOnce.Do(func() {
		c.tag = tag
		c.path = filepath.Join(c.dir, fmt.Sprintf("v8-%08x-%x.cache", tag, c.bundle[:8]))
		data, err := readCodeCache(c.path, c.bundle, tag)
		switch {
		case err == nil:
			c.data = data
			c.logger.Debug("ssr: compiling the server bundle from the code cache", "path", c.path, "bytes", len(data), "v8", version)
			return
		case errors.Is(err, fs.ErrNotExist):
			c.logger.Info("ssr: no code cache for this server bundle yet: compiling it; the cache is written after the first render", "path", c.path, "v8", version)
		default:
			c.logger.Warn("ssr: ignoring the code cache", "path", c.path, "error", err)
		}
		c.want.Store(true)
	})
	return c.data
}

// loaded reports how a runtime's compilation went: from the cache, or refused by V8.
func (c *codeCache) loaded(rejected bool) {
	if c == nil || c.data == nil {
		return
	}
	if !rejected {
		c.used.Add(1)
		return
	}
	c.rejected.Add(1)
	if !c.want.Swap(true) {
		c.logger.Warn("ssr: V8 refused the code cache: compiled the server bundle from source; a new cache is written after the first render", "path", c.path)
	}
}

// claim is true for the one caller that should write the cache.
func (c *codeCache) claim() bool { return c != nil && c.want.CompareAndSwap(true, false) }

// save writes data, made by the runtime that claimed it, in the background; Close
// waits for it. It replaces the files of earlier bundles.
func (c *codeCache) save(data []byte) {
	c.writes.Go(func() {
		start := time.Now()
		if err := writeCodeCache(c.path, c.bundle, c.tag, data); err != nil {
			c.logger.Warn("ssr: could not write the code cache", "path", c.path, "error", err)
			return
		}
		c.logger.Info("ssr: wrote the code cache for the next start", "path", c.path, "bytes", len(data), "took", time.Since(start))
		old, _ := filepath.Glob(filepath.Join(c.dir, "v8-*.cache"))
		for _, p := range old {
			if p != c.path {
				_ = os.Remove(p)
			}
		}
	})
}

// wait returns when the cache writes started so far are done.
func (c *codeCache) wait() {
	if c != nil {
		c.writes.Wait()
	}
}

// A cache file is the magic, the bundle's SHA-256, V8's tag (4 bytes, little-endian),
// the SHA-256 of the data, then the data as V8 made it.
const codeCacheHeader = len(codeCacheMagic) + 2*sha256.Size + 4

func writeCodeCache(path string, bundle [sha256.Size]byte, tag uint32, data []byte) error {
	// V8 runs what the file holds as it would the bundle: only this user may write there.
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	sum := sha256.Sum256(data)
	b := make([]byte, 0, codeCacheHeader+len(data))
	b = append(b, codeCacheMagic...)
	b = append(b, bundle[:]...)
	b = binary.LittleEndian.AppendUint32(b, tag)
	b = append(b, sum[:]...)
	b = append(b, data...)
	// A temporary file renamed into place: another instance starting on the same folder
	// reads the old file or the new one, never half of one.
	tmp, err := os.CreateTemp(filepath.Dir(path), ".v8-*.tmp")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}

func readCodeCache(path string, bundle [sha256.Size]byte, tag uint32) ([]byte, error) {
	// The checksums catch damage, not a file someone else made: one that others could
	// have written, or in a folder they could write to, is not run.
	for _, p := range []string{filepath.Dir(path), path} {
		info, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if info.Mode().Perm()&0o022 != 0 {
			return nil, fmt.Errorf("%s is writable by other users (%v)", p, info.Mode().Perm())
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if len(b) < codeCacheHeader || !bytes.HasPrefix(b, []byte(codeCacheMagic)) {
		return nil, errors.New("not a code cache file")
	}
	h := b[len(codeCacheMagic):]
	if !bytes.Equal(h[:sha256.Size], bundle[:]) {
		return nil, errors.New("made for another server bundle")
	}
	if binary.LittleEndian.Uint32(h[sha256.Size:]) != tag {
		return nil, errors.New("made by another V8 version or with other flags")
	}
	data := b[codeCacheHeader:]
	if sum := sha256.Sum256(data); !bytes.Equal(h[sha256.Size+4:sha256.Size+4+sha256.Size], sum[:]) {
		return nil, errors.New("damaged: its checksum does not match")
	}
	return data, nil
}
