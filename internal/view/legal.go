package view

import (
	"time"

	"tourbook/internal/legal"
)

// LegalPageProps are the props of /terms, /privacy, /imprint and /terms/v/{n}.
type LegalPageProps struct {
	// Kind is "terms", "privacy" or "imprint"; Title the page's name.
	Kind  string `json:"kind"`
	Title string `json:"title"`
	// HTML is the text, rendered from Markdown and sanitised (internal/legal); "" while
	// the page is not written yet.
	HTML string `json:"html"`
	// Version is the version shown (0: none written); SavedOn the day it was saved.
	Version int    `json:"version"`
	SavedOn string `json:"savedOn"`
	// CurrentURL is the current version's address when an older one is shown; "" on the
	// current one.
	CurrentURL string `json:"currentUrl"`
}

// NewLegalPage is the props of a legal page showing p; current is the kind's latest
// version number.
func NewLegalPage(p legal.Page, current int) LegalPageProps {
	out := LegalPageProps{Kind: string(p.Kind), Title: p.Kind.Title(), HTML: p.HTML, Version: p.Number, SavedOn: FormatDate(p.CreatedAt)}
	if p.Number != current {
		out.CurrentURL = p.Kind.Path()
	}
	return out
}

// UnwrittenLegalPage is the props of a legal page nobody has written yet.
func UnwrittenLegalPage(kind legal.Kind) LegalPageProps {
	return LegalPageProps{Kind: string(kind), Title: kind.Title()}
}

// AdminLegalProps are the props of /admin/legal.
type AdminLegalProps struct {
	// Texts are the three pages' current texts, in the order of the editors.
	Texts []AdminLegalText `json:"texts"`
	// TermsVersions are every version of the terms, newest first.
	TermsVersions []AdminLegalVersion `json:"termsVersions"`
	// MaxLength bounds each text, in characters.
	MaxLength int `json:"maxLength"`
}

// AdminLegalText is one page's editor.
type AdminLegalText struct {
	Kind     string `json:"kind"`
	Title    string `json:"title"`
	Path     string `json:"path"`
	Markdown string `json:"markdown"`
	// Version is the current one (0: not written yet), saved at SavedAt by SavedBy.
	Version AdminLegalVersion `json:"version"`
}

// AdminLegalVersion is one saved version.
type AdminLegalVersion struct {
	Number  int    `json:"number"`
	SavedAt string `json:"savedAt"`
	SavedBy string `json:"savedBy"`
	URL     string `json:"url"`
}

// NewAdminLegalVersion describes v, its time in the site's zone.
func NewAdminLegalVersion(v legal.Version, loc *time.Location) AdminLegalVersion {
	if v.Number == 0 {
		return AdminLegalVersion{}
	}
	return AdminLegalVersion{Number: v.Number, SavedAt: FormatTime(v.CreatedAt, loc), SavedBy: v.AuthorName, URL: v.Kind.VersionPath(v.Number)}
}

// NewAdminLegal is the props of /admin/legal.
func NewAdminLegal(e legal.Editor, loc *time.Location) AdminLegalProps {
	p := AdminLegalProps{Texts: []AdminLegalText{}, TermsVersions: []AdminLegalVersion{}, MaxLength: legal.MaxLength}
	for _, v := range e.Texts {
		p.Texts = append(p.Texts, AdminLegalText{Kind: string(v.Kind), Title: v.Kind.Title(), Path: v.Kind.Path(),
			Markdown: v.Markdown, Version: NewAdminLegalVersion(v, loc)})
	}
	for _, v := range e.TermsVersions {
		p.TermsVersions = append(p.TermsVersions, NewAdminLegalVersion(v, loc))
	}
	return p
}
