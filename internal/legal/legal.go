// Package legal is the site's legal pages: the terms of booking, the privacy notice and
// the imprint, which an admin writes in Markdown in the back office and visitors read at
// /terms, /privacy and /imprint. Every save of a text is a new numbered version and old
// versions stay (a booking names the version of the terms its traveller accepted at
// checkout, and /terms/v/{n} still shows it). Markdown is rendered with goldmark and the
// HTML sanitised with bluemonday, so what an admin types never runs in a visitor's
// browser.
package legal

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/microcosm-cc/bluemonday"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/fault"
)

// Kind is one of the legal pages.
type Kind string

const (
	Terms   Kind = "terms"
	Privacy Kind = "privacy"
	Imprint Kind = "imprint"
)

// Kinds are the legal pages in the order the back office shows them.
func Kinds() []Kind { return []Kind{Terms, Privacy, Imprint} }

// Valid says whether k is one of Kinds.
func (k Kind) Valid() bool { return k == Terms || k == Privacy || k == Imprint }

// Title is the page's name as visitors read it.
func (k Kind) Title() string {
	switch k {
	case Terms:
		return "Terms of booking"
	case Privacy:
		return "Privacy notice"
	case Imprint:
		return "Imprint"
	}
	return string(k)
}

// Path is the page's public address.
func (k Kind) Path() string { return "/" + string(k) }

// VersionPath is the address of version n of the page (only the terms' old versions are
// linked, but every kind keeps them).
func (k Kind) VersionPath(n int) string { return k.Path() + "/v/" + strconv.Itoa(n) }

// MaxLength bounds a text, in characters: a long terms of booking is some 15,000; the
// bound keeps a page (and every version kept) a sensible size.
const MaxLength = 50_000

// Version is one saved text.
type Version struct {
	Kind     Kind
	Number   int // from 1, per kind
	Markdown string
	// CreatedAt is when it was saved; AuthorID and AuthorName who saved it.
	CreatedAt  time.Time
	AuthorID   string
	AuthorName string
}

// ErrNotFound: no such version, or nothing written yet.
var ErrNotFound = fault.New(fault.NotFound, "legal text not found", "There is no such page.")

// Store keeps the versions.
type Store interface {
	// AddLegalVersion stores v as the next version of its kind (setting v.Number), with
	// entry in the audit log (its Changes get the version numbers), in one transaction.
	AddLegalVersion(ctx context.Context, v *Version, entry audit.Entry) error
	// LegalVersion is version n of kind, or the latest when n is 0; ErrNotFound when
	// there is none.
	LegalVersion(ctx context.Context, kind Kind, n int) (Version, error)
	// LegalVersions are every version of kind, newest first, without their Markdown.
	LegalVersions(ctx context.Context, kind Kind) ([]Version, error)
}

// Options configure a Service.
type Options struct {
	Now func() time.Time
	// Changed is told after every save (the page cache forgets its pages).
	Changed func()
}

// Service reads, renders and saves the legal pages. It keeps nothing in memory: the
// version a checkout must accept is always the database's, on every instance.
type Service struct {
	store   Store
	now     func() time.Time
	changed func()
}

// NewService makes a Service over st.
func NewService(st Store, o Options) *Service {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Changed == nil {
		o.Changed = func() {}
	}
	return &Service{store: st, now: o.Now, changed: o.Changed}
}

// Page is a version with its HTML, ready to show.
type Page struct {
	Version
	HTML string
}

// Current is the latest version of kind; ErrNotFound while nothing is written.
func (s *Service) Current(ctx context.Context, kind Kind) (Page, error) {
	return s.Page(ctx, kind, 0)
}

// Page is version n of kind (0: the latest); ErrNotFound when there is none.
func (s *Service) Page(ctx context.Context, kind Kind, n int) (Page, error) {
	if !kind.Valid() || n < 0 {
		return Page{}, ErrNotFound
	}
	v, err := s.store.LegalVersion(ctx, kind, n)
	if err != nil {
		return Page{}, err
	}
	return Page{Version: v, HTML: Render(v.Markdown)}, nil
}

// TermsVersion is the number of the current terms of booking, which a checkout must
// accept; 0 while none are written (no checkbox, no refusal).
func (s *Service) TermsVersion(ctx context.Context) (int, error) {
	v, err := s.store.LegalVersion(ctx, Terms, 0)
	if errors.Is(err, ErrNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("current terms of booking: %w", err)
	}
	return v.Number, nil
}

// TermsWritten reports whether any terms of booking are written (the dashboard's
// checklist for a new site).
func (s *Service) TermsWritten(ctx context.Context) (bool, error) {
	n, err := s.TermsVersion(ctx)
	return n > 0, err
}

// Editor is what the back office's legal page shows: each kind's current text (Number 0
// when none) and the versions of the terms.
type Editor struct {
	Texts         []Version
	TermsVersions []Version
}

// Editor reads the back office's legal page (admins).
func (s *Service) Editor(ctx context.Context, actor account.User) (Editor, error) {
	if !account.CanAdminister(actor) {
		return Editor{}, account.ErrNotAllowed
	}
	var e Editor
	for _, k := range Kinds() {
		v, err := s.store.LegalVersion(ctx, k, 0)
		if errors.Is(err, ErrNotFound) {
			v, err = Version{Kind: k}, nil
		}
		if err != nil {
			return Editor{}, err
		}
		e.Texts = append(e.Texts, v)
	}
	list, err := s.store.LegalVersions(ctx, Terms)
	if err != nil {
		return Editor{}, err
	}
	e.TermsVersions = list
	return e, nil
}

// Saved is what a save did: the version now current, and whether the save made it (a
// text the same as the current one makes no new version).
type Saved struct {
	Version
	New bool
}

// Save stores markdown as the next version of kind (admins): in the audit log, and the
// listeners told. A text the same as the current version is no new version: travellers
// would be asked to accept the same terms again.
func (s *Service) Save(ctx context.Context, actor account.User, kind Kind, markdown string) (Saved, error) {
	if !account.CanAdminister(actor) {
		return Saved{}, account.ErrNotAllowed
	}
	if !kind.Valid() {
		return Saved{}, ErrNotFound
	}
	markdown, err := Check(kind, markdown)
	if err != nil {
		return Saved{}, err
	}
	current, err := s.store.LegalVersion(ctx, kind, 0)
	switch {
	case err == nil && current.Markdown == markdown:
		return Saved{Version: current}, nil
	case err != nil && !errors.Is(err, ErrNotFound):
		return Saved{}, err
	}
	v := Version{Kind: kind, Markdown: markdown, CreatedAt: s.now(), AuthorID: actor.ID, AuthorName: actor.Name}
	entry := audit.Entry{At: v.CreatedAt, ActorID: actor.ID, ActorName: actor.Name, Action: "legal.save",
		ObjectType: "legal", ObjectID: string(kind)}
	if err := s.store.AddLegalVersion(ctx, &v, entry); err != nil {
		return Saved{}, fmt.Errorf("save %s: %w", kind, err)
	}
	s.changed()
	return Saved{Version: v, New: true}, nil
}

// Preview is markdown as its page would show it (admins), checked as a save checks it.
func (s *Service) Preview(actor account.User, kind Kind, markdown string) (string, error) {
	if !account.CanAdminister(actor) {
		return "", account.ErrNotAllowed
	}
	if !kind.Valid() {
		return "", ErrNotFound
	}
	markdown, err := Check(kind, markdown)
	if err != nil {
		return "", err
	}
	return Render(markdown), nil
}

// Check is markdown as it is kept (line ends made "\n", spaces trimmed at both ends), or
// the field error that says why it cannot be: empty, or longer than MaxLength.
func Check(kind Kind, markdown string) (string, error) {
	if !utf8.ValidString(markdown) {
		return "", fault.FieldError("markdown", kind.Title()+" must be plain text.")
	}
	markdown = strings.TrimSpace(strings.ReplaceAll(strings.ReplaceAll(markdown, "\r\n", "\n"), "\r", "\n"))
	if markdown == "" {
		return "", fault.FieldError("markdown", "Please write the "+strings.ToLower(kind.Title())+": it cannot be empty.")
	}
	if n := utf8.RuneCountInString(markdown); n > MaxLength {
		return "", fault.FieldError("markdown", fmt.Sprintf("%s is %s characters long: at most %s.",
			kind.Title(), thousands(n), thousands(MaxLength)))
	}
	return markdown, nil
}

// thousands writes n with commas between groups of three digits.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// markdown is CommonMark with GitHub's tables, strikethrough and autolinks. Raw HTML in
// the text is left out (goldmark's default), and the policy below removes whatever else
// could run or load: scripts, event attributes, javascript: and data: links, styles.
var (
	markdown = goldmark.New(goldmark.WithExtensions(extension.GFM))
	policy   = bluemonday.UGCPolicy().RequireNoFollowOnLinks(false)
)

// Render is markdown as sanitised HTML.
func Render(md string) string {
	var buf bytes.Buffer
	if err := markdown.Convert([]byte(md), &buf); err != nil {
		// goldmark fails only when the writer does; a bytes.Buffer does not.
		return ""
	}
	return policy.Sanitize(buf.String())
}

// ParseNumber reads a version number as addresses and the checkout's query write it:
// decimal digits without sign or leading zero, from 1 to 1,000,000,000. Every other
// spelling is refused, so each version has one address.
func ParseNumber(s string) (int, bool) {
	if s == "" || len(s) > 10 || s[0] == '0' {
		return 0, false
	}
	n := 0
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	if n > 1_000_000_000 {
		return 0, false
	}
	return n, true
}
