package legal_test

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/fault"
	"tourbook/internal/legal"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
)

// TestSaveKeepsEveryVersion: on both databases, each save of a changed text is the next
// version (the old ones stay readable, with who saved them and when), a save of the same
// text makes none, each save is in the audit log and tells the listeners, and the terms
// a checkout must accept follow the latest.
func TestSaveKeepsEveryVersion(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		now := time.Date(2027, 3, 1, 9, 0, 0, 0, time.UTC)
		changed := 0
		svc := legal.NewService(st, legal.Options{Now: func() time.Time { return now }, Changed: func() { changed++ }})
		admin := storetest.AddUser(t, st, "Laura Admin", account.RoleAdmin)

		if n, err := svc.TermsVersion(ctx); err != nil || n != 0 {
			t.Fatalf("terms before any save: %d %v", n, err)
		}
		if _, err := svc.Current(ctx, legal.Terms); !errors.Is(err, legal.ErrNotFound) {
			t.Fatalf("current terms before any save: %v", err)
		}
		first, err := svc.Save(ctx, admin, legal.Terms, "\r\n# Terms\r\n\r\nPay **before** you go.\r\n")
		if err != nil || !first.New || first.Number != 1 || first.Markdown != "# Terms\n\nPay **before** you go." {
			t.Fatalf("first save: %+v %v", first, err)
		}
		now = now.Add(time.Hour)
		if same, err := svc.Save(ctx, admin, legal.Terms, "# Terms\n\nPay **before** you go.\n"); err != nil || same.New || same.Number != 1 {
			t.Fatalf("the same text again: %+v %v", same, err)
		}
		second, err := svc.Save(ctx, admin, legal.Terms, "# Terms\n\nPay when you book.")
		if err != nil || second.Number != 2 {
			t.Fatalf("second save: %+v %v", second, err)
		}
		if _, err := svc.Save(ctx, admin, legal.Privacy, "We keep your email."); err != nil {
			t.Fatal(err)
		}
		if changed != 3 {
			t.Errorf("listeners told %d times, want 3 (the unchanged save is no change)", changed)
		}
		if n, _ := svc.TermsVersion(ctx); n != 2 {
			t.Errorf("terms to accept: version %d, want 2", n)
		}
		old, err := svc.Page(ctx, legal.Terms, 1)
		if err != nil || !strings.Contains(old.HTML, "<strong>before</strong>") || old.AuthorName != "Laura Admin" ||
			!old.CreatedAt.Equal(time.Date(2027, 3, 1, 9, 0, 0, 0, time.UTC)) {
			t.Errorf("version 1: %+v %v", old, err)
		}
		if _, err := svc.Page(ctx, legal.Terms, 3); !errors.Is(err, legal.ErrNotFound) {
			t.Errorf("version 3: %v", err)
		}
		if p, err := svc.Current(ctx, legal.Privacy); err != nil || p.Number != 1 {
			t.Errorf("privacy numbered apart from the terms: %+v %v", p, err)
		}

		ed, err := svc.Editor(ctx, admin)
		if err != nil {
			t.Fatal(err)
		}
		if len(ed.Texts) != 3 || ed.Texts[0].Number != 2 || ed.Texts[1].Number != 1 || ed.Texts[2].Number != 0 || ed.Texts[2].Kind != legal.Imprint {
			t.Errorf("editor texts %+v", ed.Texts)
		}
		if len(ed.TermsVersions) != 2 || ed.TermsVersions[0].Number != 2 || ed.TermsVersions[1].Number != 1 {
			t.Errorf("terms versions %+v", ed.TermsVersions)
		}

		log, err := st.AuditLog(ctx, audit.Filter{ObjectType: "legal", ObjectID: "terms"})
		if err != nil {
			t.Fatal(err)
		}
		if len(log) != 2 || log[0].Action != "legal.save" || log[0].ActorName != "Laura Admin" ||
			log[0].Changes["version"].New != float64(2) || log[1].Changes["version"].Old != nil {
			t.Errorf("audit log %+v", log)
		}
	})
}

// TestOnlyAdminsWriteAndBoundedTexts: every other role is refused; an empty or too long
// text is a field error that names the page.
func TestOnlyAdminsWriteAndBoundedTexts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		svc := legal.NewService(st, legal.Options{})
		for _, role := range []account.Role{account.RoleLeadGuide, account.RoleGuide, account.RoleUser} {
			u := account.User{ID: "u", Name: "N", Role: role}
			if _, err := svc.Save(ctx, u, legal.Terms, "x"); !errors.Is(err, account.ErrNotAllowed) {
				t.Errorf("%s saves: %v", role, err)
			}
			if _, err := svc.Editor(ctx, u); !errors.Is(err, account.ErrNotAllowed) {
				t.Errorf("%s reads the editor: %v", role, err)
			}
			if _, err := svc.Preview(u, legal.Terms, "x"); !errors.Is(err, account.ErrNotAllowed) {
				t.Errorf("%s previews: %v", role, err)
			}
		}
		admin := storetest.AddUser(t, st, "Ada", account.RoleAdmin)
		for _, c := range []struct{ text, want string }{
			{" \n\t", "Please write the terms of booking: it cannot be empty."},
			{strings.Repeat("é", legal.MaxLength+1), "Terms of booking is 50,001 characters long: at most 50,000."},
		} {
			_, err := svc.Save(ctx, admin, legal.Terms, c.text)
			var fe *fault.Error
			if !errors.As(err, &fe) || fe.FieldMessages()["markdown"] != c.want {
				t.Errorf("save %.20q: %v, want %q", c.text, err, c.want)
			}
		}
		if _, err := svc.Save(ctx, admin, legal.Terms, strings.Repeat("é", legal.MaxLength)); err != nil {
			t.Errorf("a text of exactly the bound: %v", err)
		}
		if _, err := svc.Save(ctx, admin, legal.Kind("cookies"), "x"); !errors.Is(err, legal.ErrNotFound) {
			t.Errorf("an unknown page: %v", err)
		}
	})
}

// TestRenderSanitises: Markdown becomes HTML, and nothing an admin types can run in a
// visitor's browser: raw HTML, javascript: and data: links, event attributes.
func TestRenderSanitises(t *testing.T) {
	for _, c := range []struct {
		md          string
		want, never []string
	}{
		{"# Terms\n\n1. *Pay* first\n2. [Contact](https://example.com/contact)",
			[]string{"<h1", "Terms</h1>", "<ol>", "<em>Pay</em>", `<a href="https://example.com/contact"`}, nil},
		{"<script>alert(1)</script>\n\nHello", []string{"Hello"}, []string{"<script", "alert(1)"}},
		{"[click](javascript:alert(1))", []string{"click"}, []string{"javascript:"}},
		{"[click](JaVaScRiPt:alert(1)) <a href=\"javascript:alert(2)\">x</a>", nil, []string{"avascript", "alert(2)"}},
		{"<img src=x onerror=alert(1)> ![p](data:text/html;base64,PHNjcmlwdD4=)", nil, []string{"onerror", "data:"}},
		{"| a | b |\n|---|---|\n| 1 | 2 |", []string{"<table>", "<td>1</td>"}, nil},
	} {
		got := legal.Render(c.md)
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("Render(%q) = %q, want %q in it", c.md, got, w)
			}
		}
		for _, n := range c.never {
			if strings.Contains(strings.ToLower(got), strings.ToLower(n)) {
				t.Errorf("Render(%q) = %q, has %q", c.md, got, n)
			}
		}
	}
}

func TestParseNumber(t *testing.T) {
	for s, want := range map[string]int{"1": 1, "12": 12, "1000000000": 1_000_000_000} {
		if n, ok := legal.ParseNumber(s); !ok || n != want {
			t.Errorf("ParseNumber(%q) = %d %v", s, n, ok)
		}
	}
	for _, s := range []string{"", "0", "01", "-1", "+1", "1.0", "1e3", " 1", "1000000001", "99999999999", "٣"} {
		if n, ok := legal.ParseNumber(s); ok {
			t.Errorf("ParseNumber(%q) = %d, want refused", s, n)
		}
	}
}

// FuzzParseNumber: a number is read only from its one spelling, and always within bounds.
func FuzzParseNumber(f *testing.F) {
	for _, s := range []string{"1", "42", "007", "-3", "1000000000", "4294967297", "1x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, ok := legal.ParseNumber(s)
		if !ok {
			return
		}
		if n < 1 || n > 1_000_000_000 || strconv.Itoa(n) != s {
			t.Fatalf("ParseNumber(%q) = %d", s, n)
		}
	})
}

// FuzzRender: whatever is typed, the page has no script, style or frame, no event
// attribute and no link or source but http(s), mailto, tel or a relative one.
func FuzzRender(f *testing.F) {
	for _, s := range []string{"# a", "<script>x</script>", "[a](javascript:b)", "<a href=\"javascript:x\">y</a>",
		"<img src=x onerror=y>", "<div onclick=x>z</div>", "[a](jav&#x09;ascript:b)", "<svg><script>x</script></svg>",
		"![a](data:image/png;base64,AAAA)", "[a](vbscript:x)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, md string) {
		out := legal.Render(md)
		doc, err := html.Parse(strings.NewReader(out))
		if err != nil {
			t.Fatal(err)
		}
		for n := range doc.Descendants() {
			if n.Type != html.ElementNode {
				continue
			}
			switch n.DataAtom {
			case atom.Script, atom.Style, atom.Iframe, atom.Object, atom.Embed, atom.Form, atom.Svg:
				t.Fatalf("Render(%q) = %q has <%s>", md, out, n.Data)
			}
			for _, a := range n.Attr {
				name := strings.ToLower(a.Key)
				if strings.HasPrefix(name, "on") || name == "style" {
					t.Fatalf("Render(%q) = %q has %s=", md, out, a.Key)
				}
				if name != "href" && name != "src" {
					continue
				}
				v := strings.ToLower(strings.TrimSpace(a.Val))
				if scheme, _, found := strings.Cut(v, ":"); found && !strings.ContainsAny(scheme, "/?#") &&
					scheme != "http" && scheme != "https" && scheme != "mailto" && scheme != "tel" {
					t.Fatalf("Render(%q) = %q links %q", md, out, a.Val)
				}
			}
		}
	})
}
