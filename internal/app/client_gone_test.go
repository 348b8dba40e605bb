package app

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"tourbook/internal/config"
)

// A visitor who goes away while a page renders is logged once, at INFO, as 499, on both
// engines: no error page is rendered for nobody and no ERROR line is written, so alerts
// on ERROR stay meaningful.
func TestClientGoneMidRenderLogsOne499(t *testing.T) {
	for _, engine := range []string{"v8", "quickjs"} {
		t.Run(engine, func(t *testing.T) {
			logs := &lockedBuffer{}
			cfg, err := config.Parse([]string{"-data-dir", t.TempDir(), "-ssr-workers", "1", "-ssr-engine", engine,
				"-addr", "127.0.0.1:8080", "-tile-url", "https://tiles.example.test/{z}/{x}/{y}.png"},
				func(string) string { return "" }, io.Discard)
			if err != nil {
				t.Fatal(err)
			}
			site, err := Build(context.Background(), cfg, slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelInfo})))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { site.Close() })
			if site.EngineKind != engine {
				t.Skipf("engine %s is not built in (got %s)", engine, site.EngineKind)
			}
			before := len(logs.String())

			ctx, cancel := context.WithCancel(context.Background())
			cancel() // the client has closed the connection
			req := httptest.NewRequest(http.MethodGet, cfg.BaseURL.String()+"/login", nil).WithContext(ctx)
			rec := httptest.NewRecorder()
			site.Handler.ServeHTTP(rec, req)

			got := logs.String()[before:]
			var lines []string
			for _, l := range strings.Split(strings.TrimSpace(got), "\n") {
				if strings.Contains(l, "path=/login") {
					lines = append(lines, l)
				}
			}
			if len(lines) != 1 || !strings.Contains(lines[0], "level=INFO") || !strings.Contains(lines[0], "status=499") {
				t.Errorf("want one INFO line with status=499 for /login, got:\n%s", got)
			}
			if strings.Contains(got, "level=ERROR") || strings.Contains(got, "status=500") {
				t.Errorf("a client gone is logged as a server error:\n%s", got)
			}
			if rec.Code != 499 || rec.Body.Len() != 0 {
				t.Errorf("answered %d with %d bytes; want 499 and nothing", rec.Code, rec.Body.Len())
			}
		})
	}
}
