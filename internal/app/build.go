package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	xdraw "golang.org/x/image/draw"

	"tourbook/internal/account"
	"tourbook/internal/api"
	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	"tourbook/internal/business"
	"tourbook/internal/catalog"
	"tourbook/internal/checkin"
	"tourbook/internal/collect"
	"tourbook/internal/config"
	"tourbook/internal/details"
	"tourbook/internal/emails"
	"tourbook/internal/fault"
	"tourbook/internal/giftcard"
	"tourbook/internal/httpx"
	"tourbook/internal/launch"
	"tourbook/internal/legal"
	"tourbook/internal/mail"
	"tourbook/internal/mail/outbox"
	"tourbook/internal/media"
	"tourbook/internal/metrics"
	"tourbook/internal/notify"
	"tourbook/internal/payment"
	"tourbook/internal/privacy"
	"tourbook/internal/promotion"
	"tourbook/internal/rebook"
	"tourbook/internal/receipt"
	"tourbook/internal/refund"
	"tourbook/internal/review"
	"tourbook/internal/seed"
	"tourbook/internal/server"
	"tourbook/internal/ssr"
	"tourbook/internal/store"
	"tourbook/internal/tour"
	"tourbook/internal/useradmin"
	"tourbook/internal/view"
	"tourbook/internal/waitlist"
	"tourbook/internal/web"
	"tourbook/ui"
)

// Site is the assembled web site: its handler and what must run beside it and be closed.
type Site struct {
	Handler    http.Handler
	Store      *store.Store
	EngineKind string
	SSRWorkers int
	Bookings   *booking.Service
	Accounts   *account.Service
	// GiftCards sells and spends gift cards (issue #24 §2).
	GiftCards *giftcard.Service
	// Mailer sends the email outbox (Store.EnqueueEmail writes to it, in the event's
	// transaction); Wake it after such a commit so the email goes out without waiting
	// for the next pass.
	Mailer *mail.Sender
	// MailSecrets holds the secrets of emails not yet sent (reset links' tokens), which
	// never reach the database.
	MailSecrets *mail.Secrets
	// Schedule writes the emails that come at a time: reminders and review requests.
	Schedule *emails.Schedule
	// News emails the operator and the guides about bookings; its digest runs daily.
	News *notify.Service
	// Zone is the site's time zone (-time-zone).
	Zone *time.Location
	// Business is the operator's name, brand, contact and legal identity (/admin/settings).
	Business *business.Service
	// Privacy exports and deletes accounts and removes old sent emails' bodies
	// (RunBackground runs its retention).
	Privacy *privacy.Service
	// Legal is the terms of booking, the privacy notice and the imprint (/admin/legal).
	Legal *legal.Service
	// Metrics are served on the debug listener (-debug-addr) at /metrics.
	Metrics *metrics.Metrics
	// Pages keeps the public pages and catalogue answers for visitors not signed in.
	Pages *server.PageCache

	engine       ssr.Engine
	ownEngine    bool // false when the engine was lent by buildOptions and outlives the site
	photos       *media.Photos
	tourPictures *media.TourPictures
	tours        *store.TourCache
}

// readyTimeout bounds the readiness checks, so a database that does not answer is a
// prompt "not ready", not a probe that times out.
const readyTimeout = 2 * time.Second

// Ready is nil when the site can serve pages: the database answers, every migration
// this binary knows is applied, and server rendering has a live runtime. Otherwise it
// is a 503 whose message says which (the cause is logged).
func (s *Site) Ready(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, readyTimeout)
	defer cancel()
	notReady := func(msg string, err error) error {
		return &fault.Error{Kind: fault.Unavailable, Message: msg, Log: "not ready", Err: err}
	}
	if err := s.Store.Ping(ctx); err != nil {
		return notReady("The database is not reachable.", err)
	}
	pending, err := s.Store.PendingMigrations(ctx)
	if err != nil {
		return notReady("The database's schema version could not be read.", err)
	}
	if pending > 0 {
		return notReady(fmt.Sprintf("The database lacks %d of this version's migrations: run tourbook migrate.", pending), nil)
	}
	if err := s.engine.Ready(); err != nil {
		return notReady("Server rendering is not running.", err)
	}
	return nil
}

// Close releases the JS engine (unless it was lent) and the database.
func (s *Site) Close() error {
	var err error
	if s.ownEngine {
		err = s.engine.Close()
	}
	return errors.Join(err, s.Store.Close())
}

// RunBackground does the chores until ctx is done, and returns when all have stopped:
// once, giving the tours' single-file pictures their widths (ConvertPictures); then
// periodically, releasing the seats of abandoned checkouts, deleting expired sessions and
// forgetting old failed logins; and sending the email outbox every few seconds.
func (s *Site) RunBackground(ctx context.Context, log *slog.Logger) {
	var expiry sync.WaitGroup
	expiry.Go(func() { s.Bookings.RunExpiry(ctx, time.Minute) })
	expiry.Go(func() { s.Mailer.Run(ctx, 5*time.Second) })
	expiry.Go(func() { s.Schedule.Run(ctx, 10*time.Minute) })
	expiry.Go(func() { s.News.Run(ctx, 10*time.Minute) })
	expiry.Go(func() { s.Privacy.RunRetention(ctx, time.Hour) })
	expiry.Go(func() {
		// A moment's wait leaves the CPUs to a start's first requests.
		select {
		case <-ctx.Done():
		case <-time.After(convertDelay):
			_, _ = s.ConvertPictures(ctx, log)
			_, _ = s.ConvertPhotos(ctx, log)
		}
	})
	defer expiry.Wait()
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		now := time.Now()
		if _, err := s.Store.DeleteExpiredSessions(ctx, now); err != nil && ctx.Err() == nil {
			log.Warn("delete expired sessions", "error", err)
		}
		// A day is far beyond any login window: what is older counts for nothing.
		if _, err := s.Store.PurgeLoginFailures(ctx, now.Add(-24*time.Hour)); err != nil && ctx.Err() == nil {
			log.Warn("purge login failures", "error", err)
		}
		if _, err := s.Store.PurgePasswordResets(ctx, now.Add(-24*time.Hour)); err != nil && ctx.Err() == nil {
			log.Warn("purge password resets", "error", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// convertDelay is how long after the start RunBackground converts single-file pictures.
var convertDelay = time.Second

// ConvertPictures gives the tours' pictures stored as one file (imported, or from before
// pictures had widths) their widths, once (media.ConvertTours): serve runs it in the
// background after the site listens, so it never delays a start. Each switched tour is
// forgotten by the tour cache and the page cache at once.
func (s *Site) ConvertPictures(ctx context.Context, log *slog.Logger) (media.ConvertResult, error) {
	res, err := s.tourPictures.ConvertTours(ctx, s.Store, s.tours.Invalidate, log)
	logConversion(ctx, log, "tour pictures", res, err)
	return res, err
}

// ConvertPhotos gives the users' photos stored as one file (imported, or uploaded before
// photos had copies) their narrower copies, once (media.ConvertPhotos), in the
// background like ConvertPictures.
func (s *Site) ConvertPhotos(ctx context.Context, log *slog.Logger) (media.ConvertResult, error) {
	res, err := s.photos.ConvertPhotos(ctx, s.Store, s.tours.Invalidate, log)
	logConversion(ctx, log, "photos", res, err)
	return res, err
}

// logConversion logs what a pass of ConvertPictures or ConvertPhotos did, when it did
// anything.
func logConversion(ctx context.Context, log *slog.Logger, what string, res media.ConvertResult, err error) {
	switch {
	case err != nil && ctx.Err() == nil:
		log.Warn("store "+what+" in widths", "error", err)
	case res.Pictures > 0 || res.Failed > 0:
		log.Info(what+" stored in widths", "switched", res.Pictures, "missing", res.Missing, "failed", res.Failed)
	}
}

func openStore(ctx context.Context, cfg config.Config, log *slog.Logger) (*store.Store, error) {
	if cfg.DatabaseURL == "" {
		if err := os.MkdirAll(cfg.DataDir, 0o750); err != nil {
			return nil, fmt.Errorf("create data folder: %w", err)
		}
	}
	st, err := store.Open(ctx, cfg.DatabaseURL, cfg.DataDir, log)
	if err != nil {
		return nil, err
	}
	if err := st.Migrate(ctx); err != nil {
		st.Close()
		return nil, fmt.Errorf("migrate the %s database: %w", st.Dialect(), err)
	}
	return st, nil
}

// Build opens the database, loads the JS engine and wires every handler.
func Build(ctx context.Context, cfg config.Config, log *slog.Logger) (*Site, error) {
	return build(ctx, cfg, log, buildOptions{})
}

// buildOptions are what tests change in a site: production builds with the zero value.
type buildOptions struct {
	// engine, when set, renders this site's pages and emails instead of an engine of its
	// own; the site does not close it. One engine serves a whole test binary.
	engine ssr.Engine
	// argon2 is the cost of the password hashes the site writes and wants (zero:
	// account.DefaultArgon2). Tests lower it: at 64 MiB a hash, logins were much of a
	// test's time under the race detector.
	argon2 account.Argon2Params
	// scaler resizes uploaded pictures (nil: media's Catmull-Rom); tests take a cheaper
	// one for the same reason.
	scaler xdraw.Scaler
}

func build(ctx context.Context, cfg config.Config, log *slog.Logger, opts buildOptions) (*Site, error) {
	now := time.Now
	if cfg.TestClockFile != "" {
		log.Warn("the site's clock is moved by a test file (TOURBOOK_TEST_CLOCK_FILE): never set it in production", "file", cfg.TestClockFile)
		now = testClock(cfg.TestClockFile)
	}
	if cfg.DefaultBaseURLExposed() {
		log.Warn("the base URL is the default but the site listens beyond loopback: every visitor is redirected to "+cfg.BaseURL.Host+
			", which on another machine is not this site; set -base-url (TOURBOOK_BASE_URL) to the address visitors use",
			"base_url", cfg.BaseURL.String(), "addr", cfg.Addr)
	}
	phases := newPhases()
	// Metrics: a registry of this site's own (tests build several sites in one process).
	site := &Site{Metrics: metrics.New(prometheus.NewRegistry())}
	site.EngineKind, site.SSRWorkers = ssrEngine(cfg)
	// Server rendering needs nothing from the database: its runtimes load the bundle
	// while the database opens.
	engine := func() (ssr.Engine, error) { return opts.engine, nil }
	if opts.engine == nil {
		engine, site.ownEngine = startEngine(cfg, site.EngineKind, site.SSRWorkers, log, site.Metrics), true
	}
	argon := opts.argon2
	if argon == (account.Argon2Params{}) {
		argon = account.DefaultArgon2
	}
	hashPassword := account.HashWith(argon)
	ok := false
	defer func() {
		if !ok {
			if e, err := engine(); err == nil && site.ownEngine {
				e.Close()
			}
			if site.Store != nil {
				site.Store.Close()
			}
		}
	}()
	st, err := openStore(ctx, cfg, log)
	if err != nil {
		return nil, err
	}
	site.Store = st
	site.Metrics.AddPools(st.Pools())
	site.Metrics.AddOutbox(st.EmailBacklog)
	phases.done("database")

	images := imagesDir(cfg)
	for _, sub := range pictureFolders {
		if err := os.MkdirAll(filepath.Join(images, sub), 0o750); err != nil {
			return nil, fmt.Errorf("create image folder: %w", err)
		}
	}
	if cfg.SampleData {
		if err := seed.Load(ctx, st, images, hashPassword, now()); err != nil {
			return nil, fmt.Errorf("load sample data: %w", err)
		}
	}
	if err := seed.EnsureDefaultImages(images); err != nil {
		return nil, err
	}
	phases.done("sample data and images")
	buckets, err := pictureBuckets(ctx, cfg, st, log)
	if err != nil {
		return nil, err
	}
	phases.done("picture buckets")

	manifest, err := ui.Manifest()
	if err != nil {
		return nil, err
	}
	if site.engine, err = engine(); err != nil {
		return nil, err
	}
	phases.done("ssr engine (waited for)")
	renderer, err := ssr.NewRenderer(site.engine, manifest)
	if err != nil {
		return nil, err
	}

	// Tour pages read the catalogue from memory and the seats from the database.
	tours := store.NewTourCache(st, cfg.TourCacheTTL)
	// Photos, tour pictures and the logo decode in one set of slots (one per core):
	// uploads of all kinds at once cannot hold more CPU and memory than that.
	decodes := media.NewDecodeSlots(0)
	// The business's profile is read as often as the tour texts and kept as long; a save
	// forgets this instance's pages at once (others within the cache times). Pages and
	// emails read it as they are made.
	logos, err := media.NewLogos(filepath.Join(images, "brand"), media.Options{Bucket: buckets["brand"], Scaler: opts.scaler, Slots: decodes})
	if err != nil {
		return nil, err
	}
	site.Business = business.NewService(st, business.Options{Now: now, TTL: cfg.TourCacheTTL, Changed: tours.Invalidate,
		Logos: logos, Currencies: catalog.Currencies})

	// Email: the outbox's sender, or holding emails when no SMTP server is configured.
	var transport mail.Transport
	if cfg.SMTP.Configured() {
		smtp, err := mail.NewSMTP(cfg.SMTP)
		if err != nil {
			return nil, err
		}
		// Emails are signed with the business's short name as they go out.
		smtp.FromName = site.Business.SenderName
		transport = smtp
		log.Info("emails go out through SMTP", "server", cfg.SMTP.String(), "from", cfg.SMTP.From)
	} else {
		log.Info("no SMTP server configured (-smtp-url): emails are held in the outbox, not sent")
	}
	// Emails are written by the server bundle's templates, in the same engine as pages,
	// and go to the outbox with the event that causes them. Drafts (emails whose content
	// is only known inside their transaction) are rendered after the commit by queued, or
	// by the sender if the process stopped in between.
	writer := emails.NewForBusiness(site.engine, cfg.BaseURL.String(), site.Business)
	drafts := emails.NewDrafts(writer, st, log)
	// Secret links (password resets) live in memory only, put into their email by the
	// sender at send time.
	site.MailSecrets = mail.NewSecrets(now)
	site.Mailer = mail.NewSender(st, mail.SenderOptions{Transport: transport, Now: now, Logger: log, Render: drafts.Render,
		Secrets: site.MailSecrets})
	queued := func() {
		drafts.RenderPending()
		site.Mailer.Wake()
	}

	// The public pages and the catalogue's API answers as made for visitors not signed
	// in, forgotten at every change.
	cookies := httpx.Cookies{Secure: cfg.Secure()}
	pages := server.NewPageCache(cfg.PageCacheTTL, now, func(r *http.Request) bool { return cookies.Token(r) == "" })
	tours.OnChange(pages.Invalidate)
	site.Pages = pages
	// The legal pages: a save forgets the cached pages (the legal pages, and the tour
	// pages whose booking panel names the terms' version).
	site.Legal = legal.NewService(st, legal.Options{Now: now, Changed: tours.Invalidate})

	// Accounts.
	photos, err := media.NewPhotos(filepath.Join(images, "users"), media.Options{Bucket: buckets["users"], Scaler: opts.scaler, Slots: decodes})
	if err != nil {
		return nil, err
	}
	accounts, err := account.NewService(tours, account.Options{Now: now, Logger: log, Photos: photos,
		Welcome: writer, Notices: writer, Queued: site.Mailer.Wake, Argon2: argon})
	if err != nil {
		return nil, err
	}
	site.Accounts = accounts

	// Payments.
	var provider booking.Provider
	var sandbox http.Handler
	switch cfg.Payment.Provider {
	case "stripe":
		provider, err = payment.NewStripe(payment.StripeOptions{
			SecretKey: cfg.Payment.StripeSecretKey, WebhookSecret: cfg.Payment.StripeWebhookSecret,
			APIBaseURL: cfg.Payment.StripeAPIBaseURL,
		})
		if err != nil {
			return nil, err
		}
	default:
		// Without a configured secret the database keeps one, so a webhook signed by one
		// instance is accepted by whichever instance the load balancer hands it to.
		secret := cfg.Payment.SandboxWebhookSecret
		if secret == "" {
			if secret, err = st.SandboxWebhookSecret(ctx, payment.NewWebhookSecret()); err != nil {
				return nil, err
			}
		}
		sb := payment.NewSandbox(payment.SandboxOptions{
			BaseURL:       cfg.BaseURL.String(),
			WebhookURL:    cfg.BaseURL.String() + "/webhook-checkout",
			WebhookSecret: secret,
			HTTPClient:    &http.Client{Timeout: 10 * time.Second},
			Store:         st, // checkouts and refunds in the database: any instance, any restart
			Now:           now,
			Logger:        log,
			Merchant:      site.Business.Name,
		})
		provider, sandbox = sb, sb.Handler()
	}
	base := cfg.BaseURL.String()
	zone, err := siteZone(ctx, st, cfg.TimeZone)
	if err != nil {
		return nil, err
	}
	site.Zone = zone
	// Booking news for the operator and the departures' guides, at once or daily.
	news := notify.NewService(st, writer, notify.Options{Now: now, Logger: log, Zone: zone, BaseURL: base, Queued: site.Mailer.Wake})
	site.News = news
	bookingMail := emails.NewBookings(writer, st, now)
	site.Schedule = emails.NewSchedule(st, bookingMail, now, log, site.Mailer.Wake)
	// Waiting lists: the services that free seats offer them in the same transaction,
	// with the drafts of the emails.
	waiting := waitlist.NewService(st, tours, waitlist.Options{Now: now, Logger: log, Changed: tours.Invalidate,
		Queued: queued, Mailer: writer, Tx: inTx(st, func(tx *store.Store) waitlist.Tx { return tx })})
	// Reviews: a write forgets the cached catalogue and public pages (ratings changed).
	reviews := review.NewService(st, tours, review.Options{Now: now, Logger: log, Changed: tours.Invalidate,
		Tx: inTx(st, func(tx *store.Store) review.Tx { return tx })})
	// Receipts and credit notes: numbered in the transactions of the payments and refunds
	// below, with the business's legal identity as it is when each is issued.
	receipts := receipt.NewService(st, receipt.Options{Zone: zone})
	// Collecting what bookings owe: money recorded by operators, payment links (whose
	// checkouts the booking service's fulfilment hands over), refunds owed paid back.
	collector := collect.NewService(st, provider, collect.Options{Now: now, Logger: log, BaseURL: base,
		Mailer: bookingMail, Queued: queued, Changed: tours.Invalidate, Receipts: receipts,
		Tx: inTx(st, func(tx *store.Store) collect.Tx { return tx })})
	// Promo codes (issue #24 §1): checked at checkout, their uses reserved with the holds.
	promos := promotion.NewService(st, promotion.Options{Now: now, Zone: zone})
	// Gift cards (issue #24 §2): sold in the business's currency, spent at checkout,
	// their purchases fulfilled before the payment links by the bookings' webhook.
	giftCards := giftcard.NewService(st, giftcard.Options{Now: now, Logger: log, Provider: provider, BaseURL: base,
		Queued: queued, Mailer: emails.NewGiftCards(writer), Tx: inTx(st, func(tx *store.Store) giftcard.Tx { return tx }),
		Currency: func(ctx context.Context) string {
			p, err := site.Business.Profile(ctx)
			if err != nil {
				return business.DefaultCurrency
			}
			return p.Currency
		}})
	site.GiftCards = giftCards
	// Seats change through the tour cache, which tells the page cache.
	bookings := booking.NewService(tours, tours, provider, booking.Options{
		Now: now, BaseURL: base, Logger: log, Mailer: bookingMail, Queued: queued, Counter: site.Metrics,
		Tx: inTx(st, func(tx *store.Store) booking.Tx { return tx }), SeatsChanged: tours.SeatsChanged,
		Offers: st, Waitlist: waiting, Limits: checkoutLimits(cfg.CheckoutLimits), Links: giftCards.Links(collector), Notifier: news,
		Receipts: receipts, Promotions: promos, GiftCards: giftCards,
		Terms: site.Legal, // while terms are written, a checkout accepts their current version
		Details: func(t tour.Tour, units []booking.Unit, given booking.Details) ([]booking.Traveller, []booking.Answer, error) {
			return details.Check(t, units, details.Given(given))
		},
		// Stripe shows the picture on its checkout page: it needs an absolute URL.
		ImageURL: func(t tour.Tour) string { return base + view.TourImageURL(t.CoverImage) },
	})
	site.Bookings = bookings

	// The back office's catalogue: changes forget the public pages' cached tours at once.
	tourPictures, err := media.NewTourPictures(filepath.Join(images, "tours"), media.Options{Bucket: buckets["tours"], Scaler: opts.scaler, Slots: decodes})
	if err != nil {
		return nil, err
	}
	site.photos, site.tourPictures, site.tours = photos, tourPictures, tours
	cat := catalog.NewService(st, ownedPictures{tourPictures}, catalog.Options{Now: now, Changed: tours.Invalidate, Logger: log,
		Tx: inTx(st, func(tx *store.Store) catalog.Tx { return tx }), Waitlist: waiting, Queued: queued,
		DefaultTaxRate: func(ctx context.Context) (int, error) {
			p, err := site.Business.Profile(ctx)
			return p.TaxRateBasisPoints, err
		}})

	// The bookings back office: the dashboard, the bookings and the operators' bookings
	// (PaymentLinks is not wired yet: "Send a payment link" is refused).
	office := backoffice.NewService(st, backoffice.Options{Now: now, Changed: tours.Invalidate,
		Logger: log, HashPassword: hashPassword, Queued: queued, Mailer: bookingMail,
		Tx: inTx(st, func(tx *store.Store) backoffice.Tx { return tx }), Waitlist: waiting, PaymentLinks: collector, Notifier: news,
		Receipts: receipts})
	// Cancelling and refunding: refunds go through the same provider as payments. A
	// departure's cancellation moves the bookings the operator chose with rebooks.
	var rebooks *rebook.Service
	refunds := refund.NewService(st, provider, cat, refund.Options{Now: now, Changed: tours.Invalidate,
		Logger: log, Mailer: bookingMail, Queued: queued,
		Counter: site.Metrics, Tx: inTx(st, func(tx *store.Store) refund.Tx { return tx }), Waitlist: waiting,
		Notifier: news, Cancelled: collector.CloseLinks, Receipts: receipts, GiftCards: giftCards, Move: func(ctx context.Context, actor account.User, id, date, note string, message booking.CustomerText) (backoffice.BookingRow, error) {
			return rebooks.Move(ctx, actor, id, date, note, message)
		}})
	// Changing bookings: seats under the departures' locks, refunds through refunds.
	rebooks = rebook.NewService(st, refunds, rebook.Options{Now: now, Changed: tours.Invalidate, Logger: log,
		Mailer: bookingMail, Queued: queued, Tx: inTx(st, func(tx *store.Store) rebook.Tx { return tx }), Waitlist: waiting,
		PriceChanged: collector.CloseLinks})

	// Moderation: hiding a review forgets the cached catalogue (ratings changed).
	moderation := review.NewModeration(st, tours.Invalidate)
	// User administration: a changed role or name shows on tour pages.
	userAdmin := useradmin.NewService(st, useradmin.Options{Changed: tours.Invalidate,
		Tx: inTx(st, func(tx *store.Store) useradmin.Tx { return tx })})
	// Personal data: a copy of an account's data, deleting accounts (a deleted author's
	// reviews change on the tour pages), the outbox's retention.
	site.Privacy = privacy.NewService(st, privacy.Options{Now: now, Logger: log, Passwords: accounts, Photos: photos,
		DefaultPhoto: media.DefaultPhoto, Changed: tours.Invalidate, Tx: inTx(st, func(tx *store.Store) privacy.Tx { return tx })})
	// The dashboard's checklist for a new site. The terms are read from a site setting
	// until the legal pages' package answers launch.Terms.
	checklist := launch.NewService(st, site.Business, site.Legal,
		launch.Options{Payments: cfg.Payment.Provider, EmailConfigured: cfg.SMTP.Configured(), Now: now})
	// Departures' manifests and check-in.
	departures := checkin.NewService(st, checkin.Options{Now: now, Logger: log})
	// The email outbox as admins see it.
	emailOutbox := outbox.NewService(st, now)

	resets := account.NewResets(st, writer, account.ResetOptions{Now: now, Logger: log, BaseURL: base,
		Queued: site.Mailer.Wake, Hash: hashPassword, Secrets: site.MailSecrets})

	// A site without an administrator waits for its first one (README, Running it for
	// real): the start-up log gives a one-time address where it is made in the browser.
	setup := useradmin.NewSetup(userAdmin, st, hashPassword)
	if pending, err := setup.Pending(ctx); err != nil {
		return nil, err
	} else if pending {
		token, err := setup.NewLink(ctx)
		if err != nil {
			return nil, err
		}
		log.Warn("this site has no administrator yet: every visitor sees \"This site is being set up\" until you make one at the address below, which works once (or run tourbook admin create)",
			"setup_url", base+"/setup/"+token)
	}

	siteCfg := view.SiteConfig{TileURL: cfg.TileURL, TileAttribution: cfg.TileAttribution}
	wh := &web.Handler{Store: tours, Renderer: renderer, Bookings: bookings, Catalog: cat, Office: office, Collect: collector, Rebook: rebooks, Refunds: refunds, Outbox: emailOutbox, Moderation: moderation, Users: userAdmin, Departures: departures, Resets: resets, FirstStart: setup,
		Calendars: bookingMail, Waitlist: waiting, Reviews: reviews, Tickets: st, Receipts: receipts, Site: siteCfg, BaseURL: base, Log: log, Now: now,
		News: news, Zone: zone, Retention: site.Privacy, Launch: checklist, Business: site.Business, Legal: site.Legal, Promotions: promos,
		GiftCards: giftCards}
	ah := &api.Handler{
		Tours: tours, Accounts: accounts, Photos: photos, Bookings: bookings, Catalog: cat, Office: office, Collect: collector, Rebook: rebooks, Refunds: refunds, Outbox: emailOutbox, Moderation: moderation, Users: userAdmin, CheckIns: departures, Resets: resets, FirstStart: setup,
		Waitlist: waiting, Offers: bookings, Reviews: reviews, News: news, Privacy: site.Privacy, Zone: zone, Business: site.Business, Legal: site.Legal,
		Promotions: promos, PromoQuotes: bookings, GiftCards: giftCards, Cookies: cookies, SessionTTL: accounts.SessionTTL(),
		ClientIP: httpx.ClientIP{Trusted: cfg.TrustedProxies},
		Log:      log, Now: now,
	}
	ah.MailQueued = site.Mailer.Wake // a resent email goes out now, not at the next tick
	ah.Details = details.NewService(st, details.Options{Now: now, Logger: log,
		Tx: inTx(st, func(tx *store.Store) details.Tx { return tx })})
	site.Handler, err = server.New(server.Deps{
		Config: cfg, Log: log, Web: wh, API: ah, Auth: accounts, Sandbox: sandbox,
		Assets: ui.Client(), TourPictures: buckets["tours"], UserPhotos: buckets["users"], Brand: buckets["brand"], Pages: pages,
		Requests: site.Metrics, Ready: site.Ready, Setup: setup,
	})
	if err != nil {
		return nil, err
	}
	phases.done("handlers")
	log.Debug("start-up", phases.attrs()...)
	ok = true
	return site, nil
}

// ssrEngine is the server-rendering engine cfg asks for and how many runtimes it gets.
func ssrEngine(cfg config.Config) (kind string, workers int) {
	kind, workers = cfg.SSREngine, cfg.SSRWorkers
	if kind == "" {
		kind = ssr.Kinds()[0]
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	return kind, workers
}

// startEngine starts the server-rendering engine in the background; the function it
// returns waits for it. V8 keeps its compiled bundle in the data folder's cache/ for the
// next start (ssr's codecache.go).
func startEngine(cfg config.Config, kind string, workers int, log *slog.Logger, obs ssr.Observer) func() (ssr.Engine, error) {
	type started struct {
		engine ssr.Engine
		err    error
	}
	done := make(chan started, 1)
	go func() {
		t0 := time.Now()
		bundle, err := ui.ServerBundle()
		if err != nil {
			done <- started{err: err}
			return
		}
		e, err := ssr.NewEngineWith(kind, bundle, workers, ssr.Options{Logger: log, Observer: obs,
			CodeCacheDir: filepath.Join(cfg.DataDir, "cache")})
		if err != nil {
			err = fmt.Errorf("start %s engine: %w", kind, err)
		}
		log.Debug("start-up: ssr engine", "kind", kind, "took", time.Since(t0).Round(time.Microsecond))
		done <- started{e, err}
	}()
	return sync.OnceValues(func() (ssr.Engine, error) {
		s := <-done
		return s.engine, s.err
	})
}

// phases times Build's steps, for the debug log: where start-up goes.
type phases struct {
	last time.Time
	list []any
}

func newPhases() *phases { return &phases{last: time.Now()} }
func (p *phases) done(name string) {
	now := time.Now()
	p.list = append(p.list, name, now.Sub(p.last).Round(time.Microsecond))
	p.last = now
}
func (p *phases) attrs() []any { return p.list }

// pictureBuckets opens where the pictures are kept, by folder (pictureFolders). With
// -picture-storage database, the pictures of the local folder that the database lacks
// are copied in first: sample, default and imported pictures are drawn or copied as
// files, and a site moving from its folder to the database brings its uploads along.
// inTx gives a service the store's transactions (store.Store.InTx) with the
// transaction's *store.Store typed as the service's own Tx; as, a conversion, is the
// compile-time proof that *store.Store has that Tx.
func inTx[T any](st *store.Store, as func(*store.Store) T) func(context.Context, func(T) error) error {
	return func(ctx context.Context, fn func(T) error) error {
		return st.InTx(ctx, func(tx *store.Store) error { return fn(as(tx)) })
	}
}

func pictureBuckets(ctx context.Context, cfg config.Config, st *store.Store, log *slog.Logger) (map[string]media.Bucket, error) {
	buckets := map[string]media.Bucket{}
	for _, sub := range pictureFolders {
		dir := filepath.Join(imagesDir(cfg), sub)
		if cfg.PictureStorage != "database" {
			folder, err := media.NewFolder(dir)
			if err != nil {
				return nil, err
			}
			buckets[sub] = folder
			continue
		}
		b := st.Pictures(sub)
		n, err := media.CopyMissing(ctx, dir, b)
		if err != nil {
			return nil, fmt.Errorf("copy %s pictures into the database: %w", sub, err)
		}
		if n > 0 {
			log.Info("copied pictures from the data folder into the database", "folder", sub, "pictures", n)
		}
		buckets[sub] = b
	}
	return buckets, nil
}

// ownedPictures tells the catalogue which files are uploads it may delete: sample and
// imported pictures are never removed.
type ownedPictures struct{ *media.TourPictures }

func (ownedPictures) Owns(name string) bool { return media.IsTourPictureName(name) }

// checkoutLimits turns the command line's limits (0: none) into the booking service's
// (negative: none; 0 would be its default).
func checkoutLimits(c config.CheckoutLimits) booking.Limits {
	off := func(n int) int {
		if n <= 0 {
			return -1
		}
		return n
	}
	return booking.Limits{CheckoutsPerAccount: off(c.PerAccount), CheckoutsPerClient: off(c.PerClient), HeldSeats: off(c.HeldSeats)}
}

// siteZone is the site's time zone: the configured one, else the first tour's, else UTC.
func siteZone(ctx context.Context, st *store.Store, configured string) (*time.Location, error) {
	name := configured
	if name == "" {
		first, err := st.FirstTourZone(ctx)
		if err != nil {
			return nil, err
		}
		name = first
	}
	if name == "" {
		return time.UTC, nil
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, fmt.Errorf("time zone %q: %w", name, err)
	}
	return loc, nil
}
