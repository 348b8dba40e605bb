package app

import (
	"bytes"
	"context"
	"image"
	"image/jpeg"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"tourbook/internal/account"
	"tourbook/internal/importer"
	"tourbook/internal/media"
	"tourbook/internal/view"
	"tourbook/internal/web"
)

// legacyJPEG is a picture as the old site kept them: one JPEG file, w×h pixels, not 3:2.
func legacyJPEG(t testing.TB, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = uint8(i / 4 % 251)
		if i%4 == 3 {
			img.Pix[i] = 255
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 80}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// lockedBuffer is a log both instances of a test write to.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// onBoth runs convert on a and b at once, as two instances starting together do.
func onBoth(t *testing.T, a, b *testSite, convert func(*testSite) (media.ConvertResult, error)) []media.ConvertResult {
	t.Helper()
	results := make([]media.ConvertResult, 2)
	var wg sync.WaitGroup
	for i, s := range []*testSite{a, b} {
		wg.Go(func() {
			res, err := convert(s)
			if err != nil {
				t.Errorf("instance %d: %v", i, err)
			}
			results[i] = res
		})
	}
	wg.Wait()
	return results
}

const legacyTour = `[{"_id":"5c88fa8cf4afda39709c29aa","name":"The Old Site Hiker","duration":5,"maxGroupSize":10,
"difficulty":"easy","price":397,"summary":"Breathtaking hike.","description":"Up the hill.",
"imageCover":"tour-9-cover.jpg","images":["tour-9-1.jpg","tour-9-broken.jpg"],"startDates":["2099-06-19T09:00:00.000Z"],
"startLocation":{"type":"Point","coordinates":[-106.855385,39.182677],"description":"Aspen, USA"},
"locations":[{"type":"Point","coordinates":[-106.855385,39.182677],"description":"Aspen Highlands","day":1}]}]`

// A tour whose pictures are single files from the old site (as an existing site or a
// database loaded before imports stored widths has them) gets them in every width from
// the conversion that runs after the start: its page offers srcset, the old files are
// still served, two instances converting at once make one set of files and switch the
// tour once, a second pass changes nothing, and an undecodable file is logged and left.
// Both engines, both picture storages.
func TestLegacyTourPicturesGetWidths(t *testing.T) {
	t.Parallel()
	for _, storage := range []string{"folder", "database"} {
		t.Run(storage, func(t *testing.T) {
			t.Parallel()
			eachSharedDatabase(t, func(t *testing.T, databaseURL string) {
				testLegacyTourPictures(t, storage, databaseURL)
			})
		})
	}
}

func testLegacyTourPictures(t *testing.T, storage, databaseURL string) {
	ctx := context.Background()
	dirA, dirB := t.TempDir(), t.TempDir()
	if storage == "folder" {
		dirB = dirA // several instances on a folder share it
	}
	args := []string{"-picture-storage", storage, "-database-url", databaseURL}
	a := newTestSiteEnv(t, nil, append(args, "-data-dir", dirA)...)
	b := newTestSiteEnv(t, nil, append(args, "-data-dir", dirB)...)

	cover, gallery := legacyJPEG(t, 1200, 900), legacyJPEG(t, 2000, 1333)
	files := map[string][]byte{"tour-9-cover.jpg": cover, "tour-9-1.jpg": gallery, "tour-9-broken.jpg": []byte("\xFF\xD8\xFFnot a picture")}
	for name, data := range files {
		if storage == "folder" {
			err := os.WriteFile(filepath.Join(dirA, "img", "tours", name), data, 0o600)
			if err != nil {
				t.Fatal(err)
			}
		} else if err := a.Store.Pictures("tours").Put(ctx, name, data); err != nil {
			t.Fatal(err)
		}
	}
	// A photo uploaded before photos had narrower copies: one 500 px file.
	priya, err := a.Store.UserByEmail(ctx, "priya@example.com")
	if err != nil {
		t.Fatal(err)
	}
	const oldPhoto = "user-0123456789abcdef.jpg"
	photo := legacyJPEG(t, 500, 500)
	if storage == "folder" {
		err = os.WriteFile(filepath.Join(dirA, "img", "users", oldPhoto), photo, 0o600)
	} else {
		err = a.Store.Pictures("users").Put(ctx, oldPhoto, photo)
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Store.UpdateUserProfile(ctx, priya.ID, account.Profile{Name: priya.Name, Email: priya.Email, Photo: oldPhoto}); err != nil {
		t.Fatal(err)
	}
	// Loaded as before imports stored widths: the names as the old site wrote them.
	toursFile := writeFile(t, t.TempDir(), "tours.json", legacyTour)
	if _, err := importer.Import(ctx, a.Store, importer.Files{Tours: toursFile}); err != nil {
		t.Fatal(err)
	}
	const id, path = "5c88fa8cf4afda39709c29aa", "/tour/the-old-site-hiker"
	visitor := a.client(t)
	before := a.get(t, visitor, path).body
	if hero := imgs(t, before, "tour-hero__img"); len(hero) != 1 || hero[0]["src"] != "/img/tours/tour-9-cover.jpg" || hero[0]["srcset"] != "" {
		t.Fatalf("hero before the conversion: %v", hero)
	}
	listing := func() []string {
		if storage != "folder" {
			return nil
		}
		entries, err := os.ReadDir(filepath.Join(dirA, "img", "tours"))
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		return names
	}
	filesBefore := listing()

	// Two instances at once.
	var log lockedBuffer
	logger := slog.New(slog.NewTextHandler(&log, nil))
	results := onBoth(t, a, b, func(s *testSite) (media.ConvertResult, error) { return s.ConvertPictures(ctx, logger) })
	switched := a
	if results[1].Tours == 1 {
		switched = b
	}
	if results[0].Tours+results[1].Tours != 1 || results[0].Pictures+results[1].Pictures != 2 {
		t.Fatalf("the tour was switched by %+v and %+v, want once, its cover and one gallery picture", results[0], results[1])
	}

	newCover, newGallery := media.ConvertedName(id, "tour-9-cover.jpg", true, cover), media.ConvertedName(id, "tour-9-1.jpg", false, gallery)
	page := switched.get(t, visitor, path).body
	hero := imgs(t, page, "tour-hero__img")
	if len(hero) != 1 || hero[0]["src"] != view.TourImageURL(newCover) {
		t.Fatalf("hero after the conversion: %v, want %s", hero, newCover)
	}
	switched.checkTourSrcSet(t, visitor, hero[0], web.HeroSizes)
	pics := imgs(t, page, "pictures__img")
	if len(pics) != 2 || pics[0]["src"] != view.TourImageURL(newGallery) || pics[1]["src"] != "/img/tours/tour-9-broken.jpg" || pics[1]["srcset"] != "" {
		t.Fatalf("gallery after the conversion: %v", pics)
	}
	switched.checkTourSrcSet(t, visitor, pics[0], "(max-width: 900px) 100vw, 33vw")

	// A page cached before the switch names the old files: they are still served, as they were.
	for name, data := range files {
		if got := b.get(t, visitor, "/img/tours/"+name); got.status != 200 || got.body != string(data) {
			t.Errorf("old file %s: %d, same bytes %v", name, got.status, got.body == string(data))
		}
	}
	// One set of files: the six widths, nothing else (no second set, no temporary file).
	if storage == "folder" {
		var added []string
		for _, n := range listing() {
			if !slices.Contains(filesBefore, n) {
				added = append(added, n)
			}
		}
		var want []string
		for _, n := range []string{newCover, newGallery} {
			for _, v := range media.TourPictureVariants(n) {
				want = append(want, v.File)
			}
		}
		slices.Sort(want)
		if !slices.Equal(added, want) {
			t.Errorf("files added %v, want %v", added, want)
		}
	}
	// The undecodable file: logged once by each instance's pass, and left as it was.
	if n := strings.Count(log.String(), "file=tour-9-broken.jpg"); n != 2 || !strings.Contains(log.String(), "cannot be stored in widths") {
		t.Errorf("log for the broken file (%d lines):\n%s", n, log.String())
	}

	// The photo, converted by both at once: switched once, offered with its copies.
	photoResults := onBoth(t, a, b, func(s *testSite) (media.ConvertResult, error) { return s.ConvertPhotos(ctx, logger) })
	if photoResults[0].Pictures+photoResults[1].Pictures != 1 || photoResults[0].Failed+photoResults[1].Failed != 0 {
		t.Errorf("photo switched by %+v and %+v, want once", photoResults[0], photoResults[1])
	}
	member := a.client(t)
	a.login(t, member, "priya@example.com")
	header := imgs(t, a.get(t, member, "/me").body, "nav__user-img")
	if want := view.UserPhotoURL(media.ConvertedPhotoName(priya.ID, oldPhoto, photo)); len(header) != 1 || header[0]["src"] != want {
		t.Fatalf("photo in the header %v, want %s", header, want)
	}
	a.checkPhotoSrcSet(t, member, header[0], 32)
	if got := a.get(t, visitor, "/img/users/"+oldPhoto); got.status != 200 || got.header.Get("Cache-Control") == "no-cache" {
		t.Errorf("the old photo: %d %q, want it still served", got.status, got.header.Get("Cache-Control"))
	}

	// Again: nothing to do but the broken file, logged once more.
	filesAfter := listing()
	res, err := a.ConvertPictures(ctx, logger)
	if err != nil || res != (media.ConvertResult{Failed: 1}) {
		t.Errorf("second pass: %+v %v, want only the broken file failing", res, err)
	}
	if got := listing(); !slices.Equal(got, filesAfter) {
		t.Errorf("the second pass changed the files: %v, was %v", got, filesAfter)
	}
}

// tourbook import stores the tours' picture files in every width at once: the imported
// tour's first page offers srcset, from the folder or, with -picture-storage database,
// from the database (read by an instance with a data folder of its own).
func TestImportStoresTourPicturesInWidths(t *testing.T) {
	t.Parallel()
	for _, storage := range []string{"folder", "database"} {
		t.Run(storage, func(t *testing.T) {
			t.Parallel()
			eachSharedDatabase(t, func(t *testing.T, databaseURL string) {
				data := t.TempDir()
				cover := legacyJPEG(t, 2000, 1333)
				if err := os.MkdirAll(filepath.Join(data, "img", "tours"), 0o750); err != nil {
					t.Fatal(err)
				}
				// The cover as the old site kept it; its gallery files were not copied.
				if err := os.WriteFile(filepath.Join(data, "img", "tours", "tour-9-cover.jpg"), cover, 0o600); err != nil {
					t.Fatal(err)
				}
				tours := writeFile(t, t.TempDir(), "tours.json", legacyTour)
				var out strings.Builder
				err := Run(context.Background(), []string{"import", "-data-dir", data, "-database-url", databaseURL,
					"-picture-storage", storage, "-tours", tours}, func(string) string { return "" }, &out, io.Discard)
				if err != nil || !strings.Contains(out.String(), "stored 1 tour pictures in widths (2 files not in") {
					t.Fatalf("import: %q %v", out.String(), err)
				}
				siteDir := data
				if storage == "database" {
					siteDir = t.TempDir()
				}
				s := newTestSiteEnv(t, nil, "-data-dir", siteDir, "-database-url", databaseURL, "-picture-storage", storage)
				visitor := s.client(t)
				hero := imgs(t, s.get(t, visitor, "/tour/the-old-site-hiker").body, "tour-hero__img")
				want := view.TourImageURL(media.ConvertedName("5c88fa8cf4afda39709c29aa", "tour-9-cover.jpg", true, cover))
				if len(hero) != 1 || hero[0]["src"] != want {
					t.Fatalf("hero %v, want %s", hero, want)
				}
				s.checkTourSrcSet(t, visitor, hero[0], web.HeroSizes)
			})
		})
	}
}
