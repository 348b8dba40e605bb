// Package launch is what a new site still needs before it takes bookings under the
// operator's name: the admin dashboard's checklist (the business's settings, the terms,
// a first tour, a first departure, real payments, real email), each with whether it is
// done and where to do it. It knows nothing of HTTP or SQL.
package launch

import (
	"context"
	"fmt"
	"strings"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/business"
)

// Item is one step of the checklist.
type Item struct {
	Key   string // "settings", "terms", "tour", "departure", "payments", "email"
	Label string
	Done  bool
	// Detail says what is there, or what is missing, in a few words.
	Detail string
	// URL is where it is done in the back office, or "" when it is done outside the
	// site (payments and email are the server's configuration: README).
	URL string
}

// Facts are what the checklist counts in the database (*store.Store).
type Facts interface {
	PublishedTourCount(ctx context.Context) (int, error)
	UpcomingDepartureCount(ctx context.Context, from time.Time) (int, error)
}

// Profiles reads the business's profile as saved (business.Service).
type Profiles interface {
	Stored(ctx context.Context) (business.Profile, error)
}

// Terms says whether the terms of booking are written (legal.Service).
type Terms interface {
	TermsWritten(ctx context.Context) (bool, error)
}

// Options are the site's configuration the checklist reports on.
type Options struct {
	// Payments is the payment provider: "sandbox" (takes no money) or "stripe".
	Payments string
	// EmailConfigured: an SMTP server is set, so emails go out (else they are held).
	EmailConfigured bool
	Now             func() time.Time
}

// Service makes the checklist.
type Service struct {
	facts    Facts
	profiles Profiles
	terms    Terms
	o        Options
}

// NewService makes a Service.
func NewService(facts Facts, profiles Profiles, terms Terms, o Options) *Service {
	if o.Now == nil {
		o.Now = time.Now
	}
	return &Service{facts: facts, profiles: profiles, terms: terms, o: o}
}

// Checklist is the list for the dashboard; only admins may see it.
func (s *Service) Checklist(ctx context.Context, actor account.User) ([]Item, error) {
	if !account.CanAdminister(actor) {
		return nil, account.ErrNotAllowed
	}
	p, err := s.profiles.Stored(ctx)
	if err != nil {
		return nil, fmt.Errorf("checklist: %w", err)
	}
	terms, err := s.terms.TermsWritten(ctx)
	if err != nil {
		return nil, fmt.Errorf("checklist: %w", err)
	}
	tours, err := s.facts.PublishedTourCount(ctx)
	if err != nil {
		return nil, fmt.Errorf("checklist: %w", err)
	}
	deps, err := s.facts.UpcomingDepartureCount(ctx, s.o.Now())
	if err != nil {
		return nil, fmt.Errorf("checklist: %w", err)
	}
	named := strings.TrimSpace(p.Name) != ""
	list := []Item{
		{Key: "settings", Label: "Your business’s name and details", Done: named, URL: "/admin/settings",
			Detail: pick(named, "Set: "+p.Name, "Not set: pages and emails say “"+business.DefaultName+"”")},
		{Key: "terms", Label: "Terms of booking", Done: terms, URL: "/admin/legal",
			Detail: pick(terms, "Written", "Not written yet")},
		{Key: "tour", Label: "Your first tour, published", Done: tours > 0, URL: "/admin/tours/new",
			Detail: pick(tours > 0, count(tours, "tour", "tours")+" published", "No tour is published yet")},
		{Key: "departure", Label: "A departure to book", Done: deps > 0, URL: "/admin/tours",
			Detail: pick(deps > 0, count(deps, "departure", "departures")+" to come", "No departure to come")},
		{Key: "payments", Label: "Card payments", Done: s.o.Payments == "stripe",
			Detail: pick(s.o.Payments == "stripe", "Stripe is set up", "Sandbox: test cards only, no money is taken")},
		{Key: "email", Label: "Email to your customers", Done: s.o.EmailConfigured,
			Detail: pick(s.o.EmailConfigured, "An SMTP server sends them", "No SMTP server: emails are held in the outbox")},
	}
	return list, nil
}

func pick(ok bool, yes, no string) string {
	if ok {
		return yes
	}
	return no
}

func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
