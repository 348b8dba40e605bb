package business_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/business"
	"tourbook/internal/catalog"
	"tourbook/internal/fault"
	"tourbook/internal/media"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
)

var (
	admin = account.User{ID: "u-admin", Name: "Laura Admin", Role: account.RoleAdmin}
	lead  = account.User{ID: "u-lead", Name: "Miyu Lead", Role: account.RoleLeadGuide}
)

func goodForm() business.Form {
	return business.Form{Name: " Fjord & Fell Tours ", ShortName: "Fjord & Fell", Colour: "#0B4F6C",
		ContactEmail: "hello@fjordfell.example", ContactPhone: "+47 55 12 34 56", Address: "Strandkaien 3\r\n5013 Bergen\r\nNorway",
		LegalName: "Fjord & Fell Tours AS", TaxNumber: "NO 912 345 678 MVA", Currency: "NOK", TimeZone: "Europe/Oslo",
		TaxRate: "25", Headline: "Small groups, big fjords", Introduction: "Walks and boat trips\nfrom Bergen."}
}

// TestSaveSettings: only admins; every wrong field answered at once with its label (the
// colour with its measured contrast); a good form saved tidied, kept with the logo, in
// the audit log field by field, and the listeners told.
func TestSaveSettings(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		changed := 0
		logos, err := media.NewLogos(t.TempDir(), media.Options{})
		if err != nil {
			t.Fatal(err)
		}
		svc := business.NewService(st, business.Options{Now: func() time.Time { return time.Date(2027, 3, 1, 9, 0, 0, 0, time.UTC) },
			TTL: time.Minute, Changed: func() { changed++ }, Logos: logos, Currencies: catalog.Currencies})

		for _, who := range []account.User{lead, {ID: "u", Role: account.RoleUser}, {ID: "g", Role: account.RoleGuide}} {
			if _, err := svc.Save(ctx, who, goodForm()); !errors.Is(err, account.ErrNotAllowed) {
				t.Errorf("%s saved: %v", who.Role, err)
			}
			if _, err := svc.Settings(ctx, who); !errors.Is(err, account.ErrNotAllowed) {
				t.Errorf("%s read the settings: %v", who.Role, err)
			}
			if _, err := svc.RemoveLogo(ctx, who); !errors.Is(err, account.ErrNotAllowed) {
				t.Errorf("%s removed the logo: %v", who.Role, err)
			}
		}

		bad := business.Form{Name: " ", ShortName: strings.Repeat("x", 25), Colour: "#7fd3ff", ContactEmail: "hello@",
			ContactPhone: "call us", Address: "1\n2\n3\n4\n5\n6\n7", LegalName: "A\u202eB", Currency: "xyz", TimeZone: "Mars/Olympus",
			TaxRate: "25.555", Headline: strings.Repeat("h", 121), Introduction: strings.Repeat("i", 1001)}
		_, err = svc.Save(ctx, admin, bad)
		var fe *fault.Error
		if !errors.As(err, &fe) || fe.Kind != fault.Invalid {
			t.Fatalf("bad form: %v", err)
		}
		want := map[string]string{
			"name":         "Business name cannot be empty.",
			"shortName":    "Short name must be at most 24 characters (it has 25).",
			"colour":       "Brand colour: text on #7fd3ff has a contrast of 1.65:1; choose a darker colour (at least 4.5:1).",
			"contactEmail": "Contact email must be an email address, like bookings@example.com.",
			"contactPhone": "Contact phone may hold digits, spaces, + ( ) - . and / only, like +47 55 12 34 56.",
			"address":      "Postal address must be at most 6 lines.",
			"legalName":    "Legal name contains a control character. Please remove it.",
			"currency":     "Default currency must be one of USD, EUR, GBP, CHF, CAD, AUD, NZD, NOK, SEK, DKK, ISK.",
			"timeZone":     `Default time zone: "Mars/Olympus" is not one we know. Please use an IANA name such as Europe/Oslo or America/New_York.`,
			"taxRate":      "Default tax rate must be a percentage from 0 to 100 with at most two decimals, like 25 or 12.5.",
			"headline":     "Home page headline must be at most 120 characters (it has 121).",
			"introduction": "Home page introduction must be at most 1000 characters (it has 1001).",
		}
		got := fe.FieldMessages()
		for k, m := range want {
			if got[k] != m {
				t.Errorf("%s: %q, want %q", k, got[k], m)
			}
		}
		if len(got) != len(want) {
			t.Errorf("messages about %d fields, want %d: %v", len(got), len(want), got)
		}
		for _, c := range []business.Form{{Colour: "blue"}, {Colour: "#ffff00"}} {
			f := goodForm()
			f.Colour = c.Colour
			_, err := svc.Save(ctx, admin, f)
			if !errors.As(err, &fe) || !strings.HasPrefix(fe.FieldMessages()["colour"], "Brand colour") {
				t.Errorf("colour %q: %v", c.Colour, err)
			}
		}
		if changed != 0 {
			t.Fatalf("refused saves told the listeners %d times", changed)
		}

		// A logo first: the form's save keeps it.
		logo, err := svc.SetLogo(ctx, admin, bytes.NewReader(pngOf(t, 600, 200)))
		if err != nil {
			t.Fatal(err)
		}
		p, err := svc.Save(ctx, admin, goodForm())
		if err != nil {
			t.Fatal(err)
		}
		stored := business.Profile{Name: "Fjord & Fell Tours", ShortName: "Fjord & Fell", Logo: logo.Logo, Colour: "#0b4f6c",
			ContactEmail: "hello@fjordfell.example", ContactPhone: "+47 55 12 34 56", Address: "Strandkaien 3\n5013 Bergen\nNorway",
			LegalName: "Fjord & Fell Tours AS", TaxNumber: "NO 912 345 678 MVA", Currency: "nok", TimeZone: "Europe/Oslo",
			TaxRateBasisPoints: 2500, Headline: "Small groups, big fjords", Introduction: "Walks and boat trips\nfrom Bergen."}
		if p != stored {
			t.Errorf("saved %+v\nwant %+v", p, stored)
		}
		if again, _ := svc.Settings(ctx, admin); again != stored {
			t.Errorf("read back %+v", again)
		}
		if changed != 2 {
			t.Errorf("listeners told %d times, want 2 (the logo, the form)", changed)
		}

		// The audit log: who, and each changed field's old and new value by its label.
		entries, err := st.AuditLog(ctx, audit.Filter{ObjectType: "setting", ObjectID: business.SettingKey})
		if err != nil {
			t.Fatal(err)
		}
		if len(entries) != 2 {
			t.Fatalf("%d audit entries, want 2", len(entries))
		}
		var form, upload audit.Entry
		for _, e := range entries {
			if _, ok := e.Changes["Business name"]; ok {
				form = e
			}
			if _, ok := e.Changes["Logo"]; ok {
				upload = e
			}
		}
		if c := upload.Changes["Logo"]; c.Old != "" || c.New != logo.Logo || len(upload.Changes) != 1 {
			t.Errorf("the upload's audit entry: %v", upload.Changes)
		}
		if form.ActorName != admin.Name || form.Action != "setting.update" {
			t.Errorf("entry %+v", form)
		}
		for label, c := range map[string]audit.Change{"Business name": {Old: "", New: "Fjord & Fell Tours"},
			"Default tax rate": {Old: "0", New: "25"}, "Brand colour": {Old: "", New: "#0b4f6c"}} {
			if form.Changes[label] != c {
				t.Errorf("audit %s: %v, want %v", label, form.Changes[label], c)
			}
		}
		if _, ok := form.Changes["Logo"]; ok {
			t.Error("the form's save lists the logo, which it did not change")
		}

		// Removing the logo: the name stays, the logo goes, audited.
		p, err = svc.RemoveLogo(ctx, admin)
		if err != nil || p.Logo != "" || p.Name != "Fjord & Fell Tours" {
			t.Errorf("after removing the logo: %+v %v", p, err)
		}
		if p, _ := svc.Profile(ctx); p.LogoURL(business.LogoHeader) != "" {
			t.Errorf("the removed logo is still shown: %q", p.LogoURL(business.LogoHeader))
		}
		// A save that changes nothing writes no audit entry.
		if _, err := svc.Save(ctx, admin, goodForm()); err != nil {
			t.Fatal(err)
		}
		if entries, _ := st.AuditLog(ctx, audit.Filter{ObjectType: "setting", ObjectID: business.SettingKey}); len(entries) != 3 {
			t.Errorf("%d audit entries after the logo's removal and an unchanged save, want 3", len(entries))
		}
	})
}

func pngOf(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := h / 4; y < 3*h/4; y++ {
		for x := w / 4; x < 3*w/4; x++ {
			img.Set(x, y, color.NRGBA{0x0b, 0x4f, 0x6c, 0xff})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
