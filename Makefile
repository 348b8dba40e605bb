# Tourbook — every command a developer or CI needs. `make help` lists them.
SHELL := /bin/bash
.DEFAULT_GOAL := help

PORT ?= 8080
BIN := bin/tourbook
GO_SOURCES := $(shell find cmd internal -type f) ui/ui.go
UI_SOURCES := $(shell find ui/src ui/public ui/scripts -type f 2>/dev/null) ui/package.json ui/package-lock.json ui/vite.config.ts ui/vite.server.config.ts ui/tsconfig.json
APT_UPDATED := .cache/apt-updated
# apt-get needs root: as another user, ask sudo.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: help run build ui generate check-generated test test-go test-ui test-e2e test-lighthouse lint fuzz bench clean deps deps-chromium

help: ## List the targets
	@grep -hE '^[a-zA-Z_-]+:.*## ' $(MAKEFILE_LIST) | awk 'BEGIN {FS = ":.*## "}; {printf "  make %-12s %s\n", $$1, $$2}'

run: build ## Build everything and start the site with sample data on http://localhost:$(PORT)
	PORT=$(PORT) ./$(BIN) serve --sample-data

build: $(BIN) ## Build the UI and the tourbook binary

$(BIN): deps ui/dist/server/render.js $(GO_SOURCES) go.mod go.sum
	go build -o $(BIN) ./cmd/tourbook

ui: ui/dist/server/render.js ## Build the UI (client assets and server bundle)

ui/node_modules/.package-lock.json: ui/package.json ui/package-lock.json
	cd ui && npm ci --no-audit --no-fund
	@touch $@

ui/dist/server/render.js: ui/node_modules/.package-lock.json $(UI_SOURCES)
	cd ui && npm run build

# V8 comes from Debian's libnode (the Go module proxy has no V8 binding): the cgo engine
# links against it. Unpacked once under /opt/libnode108, beside (not over) the Node.js the
# UI build uses; see internal/ssr/README.md.
LIBNODE := /opt/libnode108/usr/lib/x86_64-linux-gnu/libnode.so.108
deps: ## Install the system packages the build needs (Debian's libnode for V8)
	@test -e $(LIBNODE) || $(SUDO) sh internal/ssr/install-libnode.sh

deps-chromium: ## Install Debian's Chromium for the browser tests
	@command -v chromium >/dev/null 2>&1 || { $(MAKE) --no-print-directory $(APT_UPDATED) && $(SUDO) apt-get install -y -qq chromium; }

$(APT_UPDATED):
	@mkdir -p $(dir $@)
	$(SUDO) apt-get update -qq
	@touch $@

# Files generated from Go declarations, so that the contract between Go and TypeScript is
# written once: the page props' and API answers' types from internal/view (cmd/tsgen), and
# pages as internal/view's builders make them, for the UI's tests (TestPageFixtures).
GENERATED_TS := ui/src/generated/view.ts

generate: ## Regenerate the files made from Go declarations (the UI's types and Go-built page fixtures)
	go run ./cmd/tsgen -o $(GENERATED_TS)
	go test ./internal/view -run '^TestPageFixtures$$' -count=1 -update

check-generated: ## Fail when a generated file differs from what `make generate` writes
	@tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	go run ./cmd/tsgen -o "$$tmp/view.ts" || exit 1; \
	if ! diff -u $(GENERATED_TS) "$$tmp/view.ts"; then echo "$(GENERATED_TS) is stale: run make generate"; exit 1; fi
	go test ./internal/view -run '^TestPageFixtures$$' -count=1

# Two pairs, each of a CPU-bound run and one that mostly waits, so that both cores work:
# the Go tests beside Vitest (the end of the Go run, internal/app's last tests, leaves a
# core idle that Vitest fills), then the browser tests beside Lighthouse (both mostly wait
# on pages: 105 % and 40 % CPU alone). Each one's output is printed whole when it ends.
test: lint ## Every test: lint, Go (SQLite, and PostgreSQL when TOURBOOK_TEST_POSTGRES_URL is set), UI unit tests, browser tests, Lighthouse
	@# Measured alone on the 2-core machine: Go 240 s at 143 % CPU, Vitest 110 s (two
	@# workers), browser tests 232 s at 105 % on three workers, Lighthouse 52 s at 42 %.
	@# Beside the browser tests, internal/app took 361 s instead of 101: the Go tests go
	@# beside Vitest, and the browser tests beside Lighthouse after.
	$(MAKE) --no-print-directory -j2 --output-sync=target test-go test-ui
	$(MAKE) --no-print-directory -j2 --output-sync=target test-e2e test-lighthouse

lint: check-generated deps ui ## Generated files up to date, go vet, gofmt, the TypeScript type check and the JavaScript budget
	@out=$$(gofmt -l cmd internal ui/ui.go); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	go vet ./cmd/... ./internal/... ./ui/...
	@# Only internal/ssr has files for -tags purego (its engine without V8): vetting the
	@# rest again without cgo compiled every dependency a third way for nothing.
	CGO_ENABLED=0 go vet -tags purego ./internal/ssr/
	cd ui && npm run typecheck && npm run budget
	cd e2e && { [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund; } && npx tsc --noEmit -p .

# Stripe's own API fake, which the Stripe provider's tests run against (from the module proxy).
STRIPE_MOCK := .cache/bin/stripe-mock
$(STRIPE_MOCK):
	GOBIN=$(CURDIR)/.cache/bin go install github.com/stripe/stripe-mock@v0.203.0

# The race detector checks every memory access of the code it instruments, at a cost of
# up to 25 times the CPU. Third-party code that only computes, one goroutine at a time,
# is compiled without it: the SQLite engine (modernc's C translated to Go, the bulk of
# every test's work), the image codecs and scalers, argon2. Our code, the standard
# library's server, database/sql and sync, pgx, and the compressors our server pools stay
# checked: a data race in our code still fails the run. Measured with `go test -c` and
# /usr/bin/time (user CPU): internal/refund 2.2 s → 0.2 s, internal/media 40.5 s → 6.7 s.
RACE_UNCHECKED := modernc.org/... image/... golang.org/x/image/... golang.org/x/crypto/...
RACE := -race $(foreach p,$(RACE_UNCHECKED),-gcflags='$(p)=-race=false')

# The fault tests (cmd/tourbook) run the built binary, as the browser tests do. Eight
# parallel tests a package, not go test's default of one a core: internal/app's tests
# and the fault tests mostly wait (on V8 workers, PostgreSQL, child processes). Measured
# on 2 cores with other work running, internal/app without the race detector: 89 s at
# four, 54 s at eight, for the same CPU (40 s).
test-go: $(BIN) $(STRIPE_MOCK) ## Go tests with the race detector, and the fault tests against bin/tourbook
	@if [ -n "$$TOURBOOK_TEST_POSTGRES_URL" ]; then echo "Go tests on SQLite and PostgreSQL"; else echo "Go tests on SQLite (set TOURBOOK_TEST_POSTGRES_URL to add PostgreSQL)"; fi
	PATH=$(CURDIR)/.cache/bin:$$PATH TOURBOOK_BIN=$(CURDIR)/$(BIN) go test $(RACE) -parallel 8 -count=1 ./cmd/... ./internal/... ./ui/...

test-ui: ui/node_modules/.package-lock.json ## UI unit tests (Vitest)
	cd ui && npm test

test-e2e: build deps-chromium ## Browser tests: Playwright in Debian's Chromium against the real binary
	cd e2e && { [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund; }
	cd e2e && TOURBOOK_BIN=$(CURDIR)/$(BIN) npx playwright test

# Lighthouse from npm (pinned in e2e/package.json) in Debian's Chromium; nothing is
# downloaded: puppeteer's browser download is off and CHROME_PATH is Debian's.
test-lighthouse: build deps-chromium ## Lighthouse (mobile) on /, a tour page and /login: each category at least 95, scores printed
	cd e2e && { [ node_modules/.package-lock.json -nt package-lock.json ] || PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund; }
	cd e2e && CHROME_PATH=/usr/bin/chromium PUPPETEER_SKIP_DOWNLOAD=1 TOURBOOK_BIN=$(CURDIR)/$(BIN) npx playwright test -c lighthouse.config.ts

fuzz: deps ui ## Run every fuzz target for 20 s
	@for pkg in $$(go list ./internal/...); do \
	  for f in $$(go test -list '^Fuzz' $$pkg 2>/dev/null | grep '^Fuzz'); do \
	    echo "== $$pkg $$f"; go test -run '^$$' -fuzz "^$$f$$" -fuzztime 20s $$pkg || exit 1; \
	  done; done

bench: build ## Benchmarks: SSR engines, store, and the site under load (figures for the README)
	go test -run '^$$' -bench . -benchmem ./internal/ssr/ ./internal/store/ ./internal/app/
	go run ./cmd/loadbench -bin $(BIN)

clean: ## Remove build output
	rm -rf bin ui/dist .cache
