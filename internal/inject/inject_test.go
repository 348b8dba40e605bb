package inject

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"
)

func TestDefaultsFillOnlyWhatIsMissing(t *testing.T) {
	if got := Clock(nil)(); time.Since(got) > time.Minute || time.Since(got) < 0 {
		t.Errorf("Clock(nil) = %v, want the real time", got)
	}
	fixed := time.Date(2026, 7, 26, 14, 5, 0, 0, time.UTC)
	if got := Clock(func() time.Time { return fixed })(); !got.Equal(fixed) {
		t.Errorf("Clock(fixed) = %v, want %v", got, fixed)
	}

	Logger(nil).Error("discarded") // must not panic
	var buf bytes.Buffer
	Logger(slog.New(slog.NewTextHandler(&buf, nil))).Info("kept")
	if !bytes.Contains(buf.Bytes(), []byte("kept")) {
		t.Errorf("Logger(log) wrote %q, want the given log", buf.String())
	}

	Hook(nil)() // does nothing, must not panic
	called := 0
	Hook(func() { called++ })()
	if called != 1 {
		t.Errorf("Hook(fn) called fn %d times, want 1", called)
	}

	missing := errors.New("no transactions")
	if err := Tx[int](nil, missing)(context.Background(), func(int) error { t.Fatal("ran without a transaction"); return nil }); !errors.Is(err, missing) {
		t.Errorf("Tx(nil) = %v, want %v", err, missing)
	}
	ran := false
	tx := func(ctx context.Context, fn func(int) error) error { ran = true; return fn(7) }
	if err := Tx(tx, missing)(context.Background(), func(n int) error {
		if n != 7 {
			t.Errorf("fn got %d, want 7", n)
		}
		return nil
	}); err != nil || !ran {
		t.Errorf("Tx(tx) = %v, ran %v; want nil, true", err, ran)
	}
}
