// Package paymenttest starts stripe-mock, Stripe's own fake of its API, for the tests
// of the Stripe provider and of the site with it.
package paymenttest

import (
	"io"
	"net"
	"os"
	"os/exec"
	"testing"
	"time"
)

// StripeMock returns the URL of a running stripe-mock: TOURBOOK_STRIPE_MOCK_URL when
// set, else one started from PATH for the test (make test installs it). Without either
// it skips the test, except under CI, where it fails: CI must not pass without having
// run it.
func StripeMock(t testing.TB) string {
	t.Helper()
	if base := os.Getenv("TOURBOOK_STRIPE_MOCK_URL"); base != "" {
		return base
	}
	bin, err := exec.LookPath("stripe-mock")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("stripe-mock is not on PATH: run the tests with make test, which installs it")
		}
		t.Skip("stripe-mock not available (set TOURBOOK_STRIPE_MOCK_URL or put stripe-mock on PATH)")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	cmd := exec.Command(bin, "-http-addr", addr)
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatalf("start stripe-mock: %v", err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	// Loading its OpenAPI spec takes seconds on a busy 2-core machine (the race run
	// starts it from two packages at once): wait for it generously.
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return "http://" + addr
		}
	}
	t.Fatal("stripe-mock did not start listening within 60 s")
	return ""
}
