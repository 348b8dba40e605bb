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

# The browser tests' packages (Playwright, Lighthouse), installed once for every target
# that needs them (two of them run at once). Lighthouse's puppeteer downloads no browser.
E2E_MODULES := e2e/node_modules/.package-lock.json
$(E2E_MODULES): e2e/package.json e2e/package-lock.json
	cd e2e && PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund
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

# The order fills both cores, measured on this 2-core machine: Lighthouse (40 % CPU, it
# mostly waits on its page loads) beside lint; the Go tests alone (CPU-bound, two
# commands at once: internal/app, the longest package, from the first second); then the
# browser tests (105 % CPU on three workers, mostly waiting on pages) beside Vitest,
# which takes the core they leave. Each one's output is printed whole when it ends.
test: build ## Every test: lint, Go (SQLite, and PostgreSQL when TOURBOOK_TEST_POSTGRES_URL is set), UI unit tests, browser tests, Lighthouse
	$(MAKE) --no-print-directory -j2 --output-sync=target lint test-lighthouse
	$(MAKE) --no-print-directory test-go
	$(MAKE) --no-print-directory -j2 --output-sync=target test-e2e test-ui

lint: check-generated deps ui $(E2E_MODULES) ## Generated files up to date, go vet, gofmt, the TypeScript type check and the JavaScript budget
	@out=$$(gofmt -l cmd internal ui/ui.go); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	go vet ./cmd/... ./internal/... ./ui/...
	@# Only internal/ssr has files for -tags purego (its engine without V8): vetting the
	@# rest again without cgo compiled every dependency a third way for nothing.
	CGO_ENABLED=0 go vet -tags purego ./internal/ssr/
	cd ui && npm run typecheck && npm run budget
	cd e2e && npx tsc --noEmit -p .

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
GO_TEST := PATH=$(CURDIR)/.cache/bin:$$PATH TOURBOOK_BIN=$(CURDIR)/$(BIN) go test $(RACE) -parallel 8 -count=1
test-go: $(BIN) $(STRIPE_MOCK) ## Go tests with the race detector, and the fault tests against bin/tourbook
	@if [ -n "$$TOURBOOK_TEST_POSTGRES_URL" ]; then echo "Go tests on SQLite and PostgreSQL"; else echo "Go tests on SQLite (set TOURBOOK_TEST_POSTGRES_URL to add PostgreSQL)"; fi
	@# Compiled once for both commands (each would compile the packages it lacks, twice).
	go build $(RACE) ./cmd/... ./internal/... ./ui/...
	$(MAKE) --no-print-directory -j2 --output-sync=target test-go-app test-go-rest

# internal/app, the longest package (mostly waiting), in a command of its own so that it
# starts at once instead of at its turn among two packages at a time.
.PHONY: test-go-app test-go-rest
test-go-app:
	$(GO_TEST) ./internal/app
test-go-rest:
	$(GO_TEST) $$(go list ./cmd/... ./internal/... ./ui/... | grep -vx 'tourbook/internal/app')

test-ui: ui/node_modules/.package-lock.json ## UI unit tests (Vitest)
	cd ui && npm test

test-e2e: build deps-chromium $(E2E_MODULES) ## Browser tests: Playwright in Debian's Chromium against the real binary
	cd e2e && TOURBOOK_BIN=$(CURDIR)/$(BIN) npx playwright test

# Lighthouse from npm (pinned in e2e/package.json) in Debian's Chromium; nothing is
# downloaded: puppeteer's browser download is off and CHROME_PATH is Debian's.
test-lighthouse: build deps-chromium $(E2E_MODULES) ## Lighthouse (mobile) on /, a tour page and /login: each category at least 95, scores printed
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
