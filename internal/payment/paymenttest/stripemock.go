// Package paymenttest starts stripe-mock, Stripe's own fake of its API, for the tests
// of the Stripe provider and of the site with it.
package paymenttest

import (
	"bytes"
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
	// Its HTTPS listener defaults to port 12112: a second stripe-mock (another package
	// testing at the same time) would fail on it, so it gets a free port too.
	cmd := exec.Command(bin, "-http-addr", addr, "-https-addr", "127.0.0.1:")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = io.Discard, &out
	if err := cmd.Start(); err != nil {
		t.Fatalf("start stripe-mock: %v", err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() { cmd.Process.Kill(); <-exited })
	// Loading its OpenAPI spec takes a second or more on a busy machine.
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		select {
		case err := <-exited:
			exited <- err // for the cleanup
			t.Fatalf("stripe-mock exited before listening (%v): %s", err, out.String())
		default:
		}
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return "http://" + addr
		}
	}
	t.Fatal("stripe-mock did not start listening within 30 s")
	return ""
}
