package app

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"
)

// The first run on a data folder leaves the V8 code cache there after its first page, and
// the next start on it serves the same pages (that V8 starts from the file, and refuses
// another bundle's or a damaged one, is internal/ssr's TestCodeCache… tests).
func TestRestartUsesTheCodeCache(t *testing.T) {
	t.Parallel()
	dataDir := t.TempDir()
	first := newTestSiteWith(t, siteOptions{ownEngine: true}, "-data-dir", dataDir)
	_, slug, _ := first.firstTour(t)
	page := first.get(t, http.DefaultClient, "/tour/"+slug)
	if page.status != http.StatusOK {
		t.Fatalf("tour page: %d", page.status)
	}
	first.stop() // Close waits for the cache file
	files, err := filepath.Glob(filepath.Join(dataDir, "cache", "v8-*.cache"))
	if err != nil {
		t.Fatal(err)
	}
	if want := map[bool]int{true: 1, false: 0}[first.EngineKind == "v8"]; len(files) != want {
		t.Fatalf("%s engine left the cache files %v, want %d", first.EngineKind, files, want)
	}

	again := newTestSiteWith(t, siteOptions{ownEngine: true}, "-data-dir", dataDir)
	got := again.get(t, http.DefaultClient, "/tour/"+slug)
	// The two sites differ in their address only.
	if want := strings.ReplaceAll(page.body, first.URL, again.URL); got.status != http.StatusOK || got.body != want {
		t.Errorf("the tour page after a restart: %d, the same as before: %v", got.status, got.body == want)
	}
}
