package archtest

import (
	"os/exec"
	"strings"
	"testing"
)

// TestImports fails when a package depends, directly or through another package, on one
// it must not: the JSON API shares its answers with the pages through internal/view, not
// by importing the page handlers, and the store only stores (it renders no email and runs
// no JavaScript).
func TestImports(t *testing.T) {
	rules := []struct {
		pkg       string
		forbidden []string
	}{
		{"tourbook/internal/api", []string{"tourbook/internal/web"}},
		{"tourbook/internal/store", []string{"tourbook/internal/emails", "tourbook/internal/ssr"}},
	}
	for _, r := range rules {
		t.Run(r.pkg, func(t *testing.T) {
			deps := goListDeps(t, r.pkg)
			for _, f := range r.forbidden {
				if deps[f] {
					t.Errorf("%s depends on %s (go list -deps %s)", r.pkg, f, r.pkg)
				}
			}
		})
	}
}

// goListDeps is the set of packages pkg depends on, itself included, with the build
// tags of a default build.
func goListDeps(t *testing.T, pkg string) map[string]bool {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", pkg).Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = string(ee.Stderr)
		}
		t.Fatalf("go list -deps %s: %v\n%s", pkg, err, msg)
	}
	deps := map[string]bool{}
	for _, p := range strings.Fields(string(out)) {
		deps[p] = true
	}
	return deps
}
