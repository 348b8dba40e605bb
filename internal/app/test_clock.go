package app

import (
	"os"
	"strings"
	"time"
)

// testClock is time.Now moved forward (or back) by the duration written in file ("72h";
// a missing or empty file moves nothing), read at every call: the browser tests move the
// site's time past a trip without waiting (e2e/lib/server.ts). Only
// TOURBOOK_TEST_CLOCK_FILE turns it on, and the start-up warns when it does.
func testClock(file string) func() time.Time {
	return func() time.Time {
		now := time.Now()
		b, err := os.ReadFile(file)
		if err != nil {
			return now
		}
		d, err := time.ParseDuration(strings.TrimSpace(string(b)))
		if err != nil {
			return now
		}
		return now.Add(d)
	}
}
