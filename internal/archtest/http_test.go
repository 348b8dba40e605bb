package archtest

import "testing"

// domainPackages hold the rules of the business. They return *fault.Error (or their own
// error types with a fault.Kind) and internal/httpx alone decides the HTTP status, so none
// of them imports net/http or the HTTP layer. A package that talks to the payment
// provider (internal/payment, an HTTP client by nature) may still be among their
// dependencies: the rule is on what they import themselves.
var domainPackages = []string{
	"tourbook/internal/account",
	"tourbook/internal/backoffice",
	"tourbook/internal/booking",
	"tourbook/internal/catalog",
	"tourbook/internal/checkin",
	"tourbook/internal/fault",
	"tourbook/internal/launch",
	"tourbook/internal/mail/outbox",
	"tourbook/internal/privacy",
	"tourbook/internal/refund",
	"tourbook/internal/review",
	"tourbook/internal/ticket",
	"tourbook/internal/tour",
	"tourbook/internal/useradmin",
	"tourbook/internal/waitlist",
}

// TestDomainKnowsNoHTTP fails when a domain package imports net/http (for a status code
// or anything else) or one of the HTTP layer's packages.
func TestDomainKnowsNoHTTP(t *testing.T) {
	forbidden := []string{"net/http", "tourbook/internal/httpx", "tourbook/internal/web", "tourbook/internal/api", "tourbook/internal/server"}
	for _, pkg := range domainPackages {
		t.Run(pkg, func(t *testing.T) {
			imports := goListImports(t, pkg)
			for _, f := range forbidden {
				if imports[f] {
					t.Errorf("%s imports %s: return a *fault.Error with a fault.Kind and let httpx map it", pkg, f)
				}
			}
		})
	}
}
