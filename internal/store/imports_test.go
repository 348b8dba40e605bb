package store

import (
	"os/exec"
	"strings"
	"testing"
)

// The store only stores: it renders nothing (no emails, no pages) and calls no service,
// so neither the email writer nor the rendering engine may be among its dependencies,
// nor any package whose workflow it would then be running.
func TestStoreImportsNoRendering(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		switch dep {
		case "tourbook/internal/emails", "tourbook/internal/ssr", "tourbook/internal/web", "tourbook/internal/api":
			t.Errorf("internal/store depends on %s", dep)
		}
	}
}
