package app

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"image"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tourbook/internal/store/testdb"
	"tourbook/internal/web"
)

// picturesInDatabase starts two instances on one database with -picture-storage
// database, and empties b's picture folder: nothing b serves may come from its own disk.
// It returns a's data folder too.
func picturesInDatabase(t *testing.T, databaseURL string) (a *testSite, dirA string, b *testSite) {
	t.Helper()
	dirA, dirB := t.TempDir(), t.TempDir()
	args := []string{"-picture-storage", "database", "-database-url", databaseURL}
	a = newTestSiteEnv(t, nil, append(args, "-data-dir", dirA)...)
	b = newTestSiteEnv(t, nil, append(args, "-data-dir", dirB)...)
	if err := os.RemoveAll(filepath.Join(dirB, "img")); err != nil {
		t.Fatal(err)
	}
	return a, dirA, b
}

// With -picture-storage database, a picture uploaded on one instance is served by
// another that has no copy of it on disk, with the headers of the folder's pictures,
// and sample and default pictures come from the database too.
func TestPicturesInTheDatabaseAcrossInstances(t *testing.T) {
	t.Parallel()
	eachSharedDatabase(t, func(t *testing.T, databaseURL string) {
		a, dirA, b := picturesInDatabase(t, databaseURL)

		admin := a.client(t)
		a.login(t, admin, "laura@example.com")
		tr := tourOf(t, a.send(t, admin, "POST", "/api/v1/tours", newTourInput("Shared Pictures")), 201)
		ct, body := pictureBody(t, "cover", "cover.png", smallPNG(t, 1800, 1200))
		withCover := tourOf(t, a.do(t, admin, "POST", "/api/v1/tours/"+tr.ID+"/pictures", ct, body), 200)
		if withCover.Cover == nil {
			t.Fatal("no cover after the upload")
		}
		if _, err := os.Stat(filepath.Join(dirA, "img", "tours", withCover.Cover.File)); err == nil {
			t.Errorf("the upload was written to a's folder too")
		}
		visitor := b.client(t)
		img := b.get(t, visitor, withCover.Cover.URL)
		cfg, format, err := image.DecodeConfig(strings.NewReader(img.body))
		if img.status != 200 || img.header.Get("Content-Type") != "image/jpeg" || err != nil || format != "jpeg" || cfg.Width != 1600 {
			t.Fatalf("a's upload on b: %d %q %v %s %d", img.status, img.header.Get("Content-Type"), err, format, cfg.Width)
		}
		if cc := img.header.Get("Cache-Control"); cc != "public, max-age=31536000, immutable" {
			t.Errorf("an upload's Cache-Control %q", cc)
		}
		etag := img.header.Get("ETag")
		if again := b.do(t, visitor, "GET", withCover.Cover.URL, "", nil, "If-None-Match", etag); etag == "" || again.status != http.StatusNotModified {
			t.Errorf("revalidation with ETag %q: %d", etag, again.status)
		}

		// A photo uploaded on b, served by a.
		priya := b.client(t)
		b.login(t, priya, "priya@example.com")
		ct, form := multipartBody(t, map[string]string{"name": "Priya Raman"}, "me.png", bytes.NewReader(smallPNG(t, 640, 480)))
		r := b.do(t, priya, http.MethodPatch, "/api/v1/users/updateMe", ct, form)
		if r.status != 200 {
			t.Fatalf("photo upload on b: %d %s", r.status, r.body)
		}
		photo := decode(t, r)["data"].(map[string]any)["user"].(map[string]any)["photo"].(string)
		if got := a.get(t, a.client(t), photo); got.status != 200 || got.header.Get("Content-Type") != "image/jpeg" {
			t.Errorf("b's photo on a: %d %q", got.status, got.header.Get("Content-Type"))
		}

		// Sample and default pictures, from the database.
		def := b.get(t, visitor, "/img/users/default.jpg")
		sum := sha256.Sum256([]byte("hannah@example.com")) // the seed's name for her photo
		sample := b.get(t, visitor, "/img/users/user-"+hex.EncodeToString(sum[:16])+".jpg")
		if sample.status != 200 || sample.header.Get("Cache-Control") == "no-cache" || sample.body == def.body {
			t.Errorf("a sample photo on b: %d %q", sample.status, sample.header.Get("Cache-Control"))
		}
		// The sample tours' pictures, in every width, from the database.
		_, slug, _ := b.firstTour(t)
		hero := imgs(t, b.get(t, visitor, "/tour/"+slug).body, "tour-hero__img")
		if len(hero) != 1 {
			t.Fatalf("%d heroes", len(hero))
		}
		b.checkTourSrcSet(t, visitor, hero[0], web.HeroSizes)
		missing := b.get(t, visitor, "/img/users/user-nobody.jpg")
		if def.status != 200 || missing.status != 200 || missing.body != def.body || missing.header.Get("Cache-Control") != "no-cache" {
			t.Errorf("a missing photo: %d, %q, the default picture: %v", missing.status, missing.header.Get("Cache-Control"), missing.body == def.body)
		}
		for _, bad := range []string{"/img/users/notes.txt", "/img/users/.upload-x.jpg.tmp", "/img/tours/..%2Fusers%2Fdefault.jpg"} {
			if got := b.get(t, visitor, bad); got.status != http.StatusNotFound {
				t.Errorf("%s: %d, want 404", bad, got.status)
			}
		}
	})
}

// eachSharedDatabase runs test, in parallel subtests, on a fresh database of every test
// engine, named by a URL that several instances with data folders of their own share.
func eachSharedDatabase(t *testing.T, test func(t *testing.T, databaseURL string)) {
	t.Helper()
	for _, engine := range testdb.Engines() {
		t.Run(engine, func(t *testing.T) {
			t.Parallel()
			databaseURL, _ := testdb.Database(t, engine)
			if databaseURL == "" {
				databaseURL = "sqlite:" + filepath.Join(t.TempDir(), "shared.db")
			}
			test(t, databaseURL)
		})
	}
}
