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
	return goList(t, "-deps", pkg)
}

// goListImports is the set of packages pkg's non-test files import directly.
func goListImports(t *testing.T, pkg string) map[string]bool {
	t.Helper()
	return goList(t, "-f", `{{join .Imports " "}}`, pkg)
}

// goList runs go list with args and returns the words it prints as a set.
func goList(t *testing.T, args ...string) map[string]bool {
	t.Helper()
	out, err := exec.Command("go", append([]string{"list"}, args...)...).Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = string(ee.Stderr)
		}
		t.Fatalf("go list %v: %v\n%s", args, err, msg)
	}
	set := map[string]bool{}
	for _, p := range strings.Fields(string(out)) {
		set[p] = true
	}
	return set
}
