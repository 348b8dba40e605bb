package app

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"tourbook/internal/audit"
	"tourbook/internal/business"
	"tourbook/internal/media"
)

// logoUpload is the settings page's logo form: multipart "logo" named name.
func logoUpload(t *testing.T, name string, data []byte) (string, *bytes.Buffer) {
	t.Helper()
	return formWithFile(t, nil, "logo", name, bytes.NewReader(data))
}

// TestBusinessSettings, through the real router on both databases: the page shows the
// sample business; a save with wrong fields answers each field's message (the colour's
// with its measured contrast) and changes nothing; a good save changes the home page a
// visitor was served from the cache, and is in the audit log; a logo upload is served in
// its three sizes as PNGs cached for good, SVG is refused in words, and the logo can go.
func TestBusinessSettings(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		admin, visitor := s.client(t), s.client(t)
		s.login(t, admin, "laura@example.com")

		page := s.get(t, admin, "/admin/settings")
		if page.status != 200 || !strings.Contains(page.body, "Cairn &amp; Compass Journeys") || !strings.Contains(page.body, `id="settings-colour"`) {
			t.Fatalf("settings page: %d %.300s", page.status, page.body)
		}
		home := s.get(t, visitor, "/")
		if !strings.Contains(home.body, "Small groups, wild places, unhurried days") {
			t.Fatalf("the home page lacks the sample headline")
		}
		s.get(t, visitor, "/") // now kept in the page cache

		form := map[string]any{"name": "", "shortName": "", "colour": "#7fd3ff", "currency": "usd", "timeZone": "Europe/London", "taxRate": "20"}
		r := s.send(t, admin, "PUT", "/api/v1/admin/settings/business", form)
		m := decode(t, r)
		fields, _ := m["fields"].(map[string]any)
		if r.status != 400 || m["status"] != "fail" ||
			fields["colour"] != "Brand colour: text on #7fd3ff has a contrast of 1.65:1; choose a darker colour (at least 4.5:1)." ||
			fields["name"] != "Business name cannot be empty." {
			t.Fatalf("bad form: %d %s", r.status, r.body)
		}
		if p, _ := s.Business.Profile(t.Context()); p.Name != "Cairn & Compass Journeys" {
			t.Fatalf("a refused save changed the name to %q", p.Name)
		}

		form = map[string]any{"name": "Fjord & Fell Tours", "shortName": "Fjord & Fell", "colour": "#0B4F6C", "contactEmail": "hello@fjordfell.example",
			"currency": "nok", "timeZone": "Europe/Oslo", "taxRate": "25", "headline": "Fjords by boat, fells on foot"}
		r = s.send(t, admin, "PUT", "/api/v1/admin/settings/business", form)
		if r.status != 200 {
			t.Fatalf("save: %d %s", r.status, r.body)
		}
		saved := decode(t, r)["data"].(map[string]any)["settings"].(map[string]any)
		if saved["name"] != "Fjord & Fell Tours" || saved["colour"] != "#0b4f6c" || saved["taxRate"] != "25" || saved["logo"] == nil {
			t.Errorf("saved %v", saved)
		}
		home = s.get(t, visitor, "/")
		if !strings.Contains(home.body, "Fjords by boat, fells on foot") || strings.Contains(home.body, "Small groups, wild places") {
			t.Errorf("the visitor's home page after the save still shows the old headline")
		}
		entries, err := s.Store.AuditLog(t.Context(), audit.Filter{ObjectType: "setting", ObjectID: business.SettingKey})
		if err != nil || len(entries) != 1 || entries[0].ActorName != "Laura Bennett" ||
			entries[0].Changes["Business name"] != (audit.Change{Old: "Cairn & Compass Journeys", New: "Fjord & Fell Tours"}) {
			t.Errorf("audit log %+v %v", entries, err)
		}

		// The sample logo, then an upload in its three sizes.
		if r := s.get(t, visitor, "/img/brand/"+media.LogoFile("sample-logo", "header")); r.status != 200 || r.header.Get("Content-Type") != "image/png" {
			t.Errorf("sample logo: %d %s", r.status, r.header.Get("Content-Type"))
		}
		ct, body := logoUpload(t, "logo.png", smallPNG(t, 800, 200))
		r = s.do(t, admin, "POST", "/api/v1/admin/settings/business/logo", ct, body)
		if r.status != 200 {
			t.Fatalf("logo upload: %d %s", r.status, r.body)
		}
		logo := decode(t, r)["data"].(map[string]any)["settings"].(map[string]any)["logo"].(map[string]any)
		for size, bounds := range map[string][2]int{"header": {384, 96}, "email": {400, 100}, "favicon": {180, 180}} {
			url, _ := logo[size].(string)
			if !strings.HasPrefix(url, "/img/brand/logo-") {
				t.Fatalf("%s logo at %q", size, url)
			}
			got := s.get(t, visitor, url)
			if got.status != 200 || got.header.Get("Content-Type") != "image/png" || !strings.Contains(got.header.Get("Cache-Control"), "immutable") {
				t.Errorf("%s: %d %s %s", url, got.status, got.header.Get("Content-Type"), got.header.Get("Cache-Control"))
				continue
			}
			cfg, err := png.DecodeConfig(strings.NewReader(got.body))
			if err != nil || cfg.Width != bounds[0] || cfg.Height != bounds[1] {
				t.Errorf("%s is %d×%d (%v), want %v", size, cfg.Width, cfg.Height, err, bounds)
			}
		}
		if p, _ := s.Business.Profile(t.Context()); p.Name != "Fjord & Fell Tours" || p.LogoURL(business.LogoEmail) != logo["email"] {
			t.Errorf("after the upload: %+v", p)
		}

		ct, body = logoUpload(t, "logo.png", []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`))
		r = s.do(t, admin, "POST", "/api/v1/admin/settings/business/logo", ct, body)
		if m := decode(t, r); r.status != 415 || !strings.HasPrefix(m["message"].(string), "SVG logos are not accepted.") {
			t.Errorf("SVG: %d %s", r.status, r.body)
		}

		r = s.send(t, admin, "DELETE", "/api/v1/admin/settings/business/logo", nil)
		if r.status != 200 || decode(t, r)["data"].(map[string]any)["settings"].(map[string]any)["logo"] != nil {
			t.Errorf("remove: %d %s", r.status, r.body)
		}
		if r := s.get(t, visitor, "/img/brand/logo-00000000000000000000000000000000-header.png"); r.status != 404 {
			t.Errorf("a logo that never was: %d", r.status)
		}
	})
}

// With -picture-storage database, the logo uploaded on one instance, and the sample
// logo, are served by another that has no picture on its disk.
func TestLogoInTheDatabaseAcrossInstances(t *testing.T) {
	t.Parallel()
	eachSharedDatabase(t, func(t *testing.T, databaseURL string) {
		a, _, b := picturesInDatabase(t, databaseURL)
		admin := a.client(t)
		a.login(t, admin, "laura@example.com")
		ct, body := logoUpload(t, "logo.webp", smallPNG(t, 300, 300))
		r := a.do(t, admin, "POST", "/api/v1/admin/settings/business/logo", ct, body)
		if r.status != 200 {
			t.Fatalf("upload: %d %s", r.status, r.body)
		}
		url := decode(t, r)["data"].(map[string]any)["settings"].(map[string]any)["logo"].(map[string]any)["favicon"].(string)
		visitor := b.client(t)
		for _, u := range []string{url, "/img/brand/" + media.LogoFile("sample-logo", "email")} {
			if got := b.get(t, visitor, u); got.status != 200 || got.header.Get("Content-Type") != "image/png" {
				t.Errorf("%s on b: %d %s", u, got.status, got.header.Get("Content-Type"))
			}
		}
	})
}
