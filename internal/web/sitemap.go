package web

import (
	"encoding/xml"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"tourbook/internal/legal"
)

// The addresses search engines are told about (/sitemap.xml) and kept away from
// (/robots.txt). Only published tours are listed: the store's ListTours returns no
// draft or archived one.

type sitemapURLSet struct {
	XMLName xml.Name     `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
	URLs    []sitemapURL `xml:"url"`
}

type sitemapURL struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"`
}

// publicPages are the indexable pages besides the tours, in the order listed.
var publicPages = []string{"/", "/signup", "/login"}

// Sitemap is /sitemap.xml: the public pages, the legal pages written and every published
// tour, each tour and legal page with the time it last changed; the overview changes
// with its newest tour.
func (h *Handler) Sitemap(w http.ResponseWriter, r *http.Request) {
	tours, err := h.Store.ListTours(r.Context(), h.Now())
	if err != nil {
		h.Error(w, r, err)
		return
	}
	set := sitemapURLSet{}
	var newest time.Time
	tourURLs := make([]sitemapURL, 0, len(tours))
	for _, t := range tours {
		changed := t.CreatedAt
		if t.UpdatedAt.After(changed) {
			changed = t.UpdatedAt
		}
		if changed.After(newest) {
			newest = changed
		}
		tourURLs = append(tourURLs, sitemapURL{Loc: h.BaseURL + "/tour/" + url.PathEscape(t.Slug), LastMod: lastMod(changed)})
	}
	for _, p := range publicPages {
		u := sitemapURL{Loc: h.BaseURL + p}
		if p == "/" {
			u.LastMod = lastMod(newest)
		}
		set.URLs = append(set.URLs, u)
	}
	// The legal pages written so far, each as of its current version.
	if h.Legal != nil {
		for _, k := range legal.Kinds() {
			p, err := h.Legal.Page(r.Context(), k, 0)
			if errors.Is(err, legal.ErrNotFound) {
				continue
			}
			if err != nil {
				h.Error(w, r, err)
				return
			}
			set.URLs = append(set.URLs, sitemapURL{Loc: h.BaseURL + k.Path(), LastMod: lastMod(p.CreatedAt)})
		}
	}
	set.URLs = append(set.URLs, tourURLs...)
	out, err := xml.Marshal(set)
	if err != nil {
		h.Error(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_, _ = w.Write([]byte(xml.Header))
	_, _ = w.Write(out)
}

// lastMod is a W3C date-time in UTC, "" for an unknown time.
func lastMod(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// privatePaths are kept out of search engines: they need a login, or hold a token.
// The pages say noindex as well, for engines that reach them through a link.
var privatePaths = []string{"/admin", "/api/", "/me", "/my-tours", "/bookings/", "/sandbox/", "/reset-password/"}

// Robots is /robots.txt.
func (h *Handler) Robots(w http.ResponseWriter, r *http.Request) {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for _, p := range privatePaths {
		b.WriteString("Disallow: " + p + "\n")
	}
	b.WriteString("\nSitemap: " + h.BaseURL + "/sitemap.xml\n")
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	_, _ = w.Write([]byte(b.String()))
}
