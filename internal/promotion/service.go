package promotion

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/fault"
	"tourbook/internal/money"
)

// Store is what the service reads and writes outside a checkout (*store.Store has it).
type Store interface {
	PromotionByCode(ctx context.Context, code string) (Promotion, error)
	PromotionByID(ctx context.Context, id string) (Promotion, error)
	// Promotions lists every promotion, newest first, with its uses at now.
	Promotions(ctx context.Context, now time.Time) ([]Listed, error)
	// PromotionUses counts the uses of a promotion at now (Use), all and userID's.
	PromotionUses(ctx context.Context, promotionID, userID string, now time.Time) (all, mine int, err error)
	// CreatePromotion and UpdatePromotion write entry in the audit log with it.
	CreatePromotion(ctx context.Context, p *Promotion, entry *audit.Entry) error
	UpdatePromotion(ctx context.Context, p Promotion, entry *audit.Entry) error
}

// Tx is what a checkout's hold transaction offers (*store.Store bound to one has it).
type Tx interface {
	// LockPromotion reads the promotion with the code and locks it until the
	// transaction ends: every reservation of it queues there.
	LockPromotion(ctx context.Context, code string) (Promotion, error)
	PromotionUses(ctx context.Context, promotionID, userID string, now time.Time) (all, mine int, err error)
	AddPromotionUse(ctx context.Context, u Use) error
	// PromotionCodeOfBooking is the code a booking used (ErrNotFound: none).
	PromotionCodeOfBooking(ctx context.Context, bookingID string) (string, error)
}

// Options configures NewService.
type Options struct {
	Now func() time.Time
	// Zone is the site's: a code's booking dates are its days.
	Zone *time.Location
}

// Service checks promo codes against orders, reserves their uses and lets admins write
// them.
type Service struct {
	store Store
	now   func() time.Time
	zone  *time.Location
}

// NewService returns a promotion service.
func NewService(st Store, o Options) *Service {
	s := &Service{store: st, now: o.Now, zone: o.Zone}
	if s.now == nil {
		s.now = time.Now
	}
	if s.zone == nil {
		s.zone = time.UTC
	}
	return s
}

// Check says whether code applies to o and what it takes off, without reserving a use:
// the booking panel's "Apply". Its refusals are *fault.Error a traveller reads.
func (s *Service) Check(ctx context.Context, code string, o Order) (Applied, error) {
	norm, err := readCode(code)
	if err != nil {
		return Applied{}, err
	}
	p, err := s.store.PromotionByCode(ctx, norm)
	if errors.Is(err, ErrNotFound) {
		return Applied{}, unknownCode(norm)
	}
	if err != nil {
		return Applied{}, fmt.Errorf("promo code %s: %w", norm, err)
	}
	now := s.now()
	all, mine, err := s.store.PromotionUses(ctx, p.ID, o.UserID, now)
	if err != nil {
		return Applied{}, fmt.Errorf("uses of promo code %s: %w", norm, err)
	}
	return s.apply(p, o, now, all, mine)
}

// ReserveIn checks code against o again in tx, under the promotion's lock, and records
// bookingID's use of it: two checkouts never together pass a limit, whichever instance
// serves them. The use is the booking's for as long as it holds seats or is paid.
func (s *Service) ReserveIn(ctx context.Context, tx Tx, code string, o Order, bookingID string) (Applied, error) {
	norm, err := readCode(code)
	if err != nil {
		return Applied{}, err
	}
	p, err := tx.LockPromotion(ctx, norm)
	if errors.Is(err, ErrNotFound) {
		return Applied{}, unknownCode(norm)
	}
	if err != nil {
		return Applied{}, fmt.Errorf("lock promo code %s: %w", norm, err)
	}
	now := s.now()
	all, mine, err := tx.PromotionUses(ctx, p.ID, o.UserID, now)
	if err != nil {
		return Applied{}, fmt.Errorf("uses of promo code %s: %w", norm, err)
	}
	a, err := s.apply(p, o, now, all, mine)
	if err != nil {
		return a, err
	}
	err = tx.AddPromotionUse(ctx, Use{PromotionID: p.ID, BookingID: bookingID, UserID: o.UserID,
		DiscountMinor: a.DiscountMinor, Currency: a.Currency, At: now})
	if err != nil {
		return Applied{}, fmt.Errorf("record use of promo code %s by booking %s: %w", norm, bookingID, err)
	}
	return a, nil
}

// StillHonoured says, in tx, whether the code a booking used may still count it: for a
// payment that comes in after the booking's hold (and so its use) ended, when the code's
// uses may have gone to others meanwhile. Only the limits are checked, under the code's
// lock, with the booking's own use not counted (its hold has ended); the dates and the
// booking's own rules were met when its checkout opened. A booking without a code: true.
func (s *Service) StillHonoured(ctx context.Context, tx Tx, bookingID, userID string) (bool, error) {
	code, err := tx.PromotionCodeOfBooking(ctx, bookingID)
	if errors.Is(err, ErrNotFound) {
		return true, nil
	}
	if err != nil {
		return false, fmt.Errorf("promo code of booking %s: %w", bookingID, err)
	}
	p, err := tx.LockPromotion(ctx, code)
	if err != nil {
		return false, fmt.Errorf("lock promo code %s: %w", code, err)
	}
	all, mine, err := tx.PromotionUses(ctx, p.ID, userID, s.now())
	if err != nil {
		return false, fmt.Errorf("uses of promo code %s: %w", code, err)
	}
	return !(p.MaxUses > 0 && all >= p.MaxUses) && !(p.MaxPerCustomer > 0 && userID != "" && mine >= p.MaxPerCustomer), nil
}

// apply is every rule of p for o at now, given its uses so far (all, and the
// customer's): the discount, or the first rule it breaks, in words.
func (s *Service) apply(p Promotion, o Order, now time.Time, all, mine int) (Applied, error) {
	today := day(now.In(s.zone))
	switch {
	case !p.Active:
		return Applied{}, refuse(fault.Conflict, "The promo code %s is not valid at the moment.", p.Code)
	case !p.ValidFrom.IsZero() && today.Before(p.ValidFrom):
		return Applied{}, refuse(fault.Conflict, "The promo code %s is valid from %s.", p.Code, dayText(p.ValidFrom, today))
	case !p.ValidUntil.IsZero() && today.After(p.ValidUntil):
		return Applied{}, refuse(fault.Conflict, "The promo code %s expired on %s.", p.Code, dayText(p.ValidUntil, today))
	case !p.ForTour(o.TourID) || (p.Percent == 0 && !strings.EqualFold(p.Currency, o.Currency)):
		return Applied{}, refuse(fault.Conflict, "The promo code %s is not valid for this tour.", p.Code)
	case !p.DeparturesFrom.IsZero() && o.Departure.Before(p.DeparturesFrom),
		!p.DeparturesUntil.IsZero() && o.Departure.After(p.DeparturesUntil):
		return Applied{}, refuse(fault.Conflict, "The promo code %s is not valid for departures on %s: %s.", p.Code,
			dayText(o.Departure, today), departuresText(p, today))
	case p.MinTravellers > 1 && o.Travellers < p.MinTravellers:
		return Applied{}, refuse(fault.Conflict, "The promo code %s is for bookings of at least %d travellers.", p.Code, p.MinTravellers)
	case p.MaxUses > 0 && all >= p.MaxUses:
		return Applied{}, refuse(fault.Conflict, "The promo code %s is used up.", p.Code)
	case p.MaxPerCustomer > 0 && o.UserID != "" && mine >= p.MaxPerCustomer:
		return Applied{}, refuse(fault.Conflict, "You have already used the promo code %s %s, the most it allows.", p.Code, times(mine))
	}
	d := p.Discount(o.PriceMinor)
	if d <= 0 {
		return Applied{}, refuse(fault.Conflict, "The promo code %s takes nothing off this booking.", p.Code)
	}
	return Applied{PromotionID: p.ID, Code: p.Code, DiscountMinor: d, Currency: strings.ToLower(o.Currency)}, nil
}

func readCode(code string) (string, error) {
	norm, ok := NormalCode(code)
	switch {
	case norm == "":
		return "", refuse(fault.Invalid, "Please type a promo code.")
	case !ok:
		return "", refuse(fault.Invalid, "A promo code is made of letters and digits only, at most %d. Please check what you typed.", MaxCodeLength)
	}
	return norm, nil
}

func unknownCode(code string) error {
	return refuse(fault.NotFound, "There is no promo code %s. Please check its spelling.", code)
}

func refuse(kind fault.Kind, format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	return &fault.Error{Kind: kind, Message: msg}
}

func times(n int) string {
	switch n {
	case 1:
		return "once"
	case 2:
		return "twice"
	}
	return fmt.Sprintf("%d times", n)
}

// day is t's calendar day as midnight UTC, how dates are kept.
func day(t time.Time) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// dayText is "31 March" in today's year, else "31 March 2027".
func dayText(d, today time.Time) string {
	if d.Year() == today.Year() {
		return d.Format("2 January")
	}
	return d.Format("2 January 2006")
}

func departuresText(p Promotion, today time.Time) string {
	switch {
	case p.DeparturesFrom.IsZero():
		return "it is for departures until " + dayText(p.DeparturesUntil, today)
	case p.DeparturesUntil.IsZero():
		return "it is for departures from " + dayText(p.DeparturesFrom, today)
	}
	return "it is for departures from " + dayText(p.DeparturesFrom, today) + " to " + dayText(p.DeparturesUntil, today)
}

// Input is a promotion as the admin's form sends it.
type Input struct {
	Code string `json:"code"`
	// Kind is "percent" or "amount".
	Kind            string       `json:"kind"`
	Percent         int          `json:"percent"`
	Amount          money.Amount `json:"amount"`
	Currency        string       `json:"currency"`
	TourIDs         []string     `json:"tourIds"`
	ValidFrom       string       `json:"validFrom"` // YYYY-MM-DD or ""
	ValidUntil      string       `json:"validUntil"`
	DeparturesFrom  string       `json:"departuresFrom"`
	DeparturesUntil string       `json:"departuresUntil"`
	MaxUses         int          `json:"maxUses"`
	MaxPerCustomer  int          `json:"maxPerCustomer"`
	MinTravellers   int          `json:"minTravellers"`
	Active          bool         `json:"active"`
}

// FieldLabel names a field as the form labels it.
func (Input) FieldLabel(key string) string {
	return map[string]string{"code": "Code", "kind": "Kind", "percent": "Percentage", "amount": "Amount",
		"currency": "Currency", "tourIds": "Tours", "validFrom": "Valid from", "validUntil": "Valid until",
		"departuresFrom": "Departures from", "departuresUntil": "Departures until", "maxUses": "Maximum uses",
		"maxPerCustomer": "Maximum uses per customer", "minTravellers": "Minimum travellers", "active": "On"}[key]
}

// MaxLimit bounds the counts of a promotion's form.
const MaxLimit = 1_000_000

// read checks in and returns the promotion it describes (without ID and times); every
// field wrong is named at once.
func (in Input) read() (Promotion, error) {
	var f fault.Fields
	p := Promotion{MaxUses: in.MaxUses, MaxPerCustomer: in.MaxPerCustomer, MinTravellers: in.MinTravellers,
		Active: in.Active, TourIDs: in.TourIDs}
	code, ok := NormalCode(in.Code)
	switch {
	case code == "":
		f.Add("code", "Code cannot be empty.")
	case !ok:
		f.Add("code", "Code must be letters and digits only, at most %d.", MaxCodeLength)
	}
	p.Code = code
	switch in.Kind {
	case "percent":
		if in.Percent < 1 || in.Percent > 99 {
			// 100 % would leave nothing to pay by card, which a checkout refuses.
			f.Add("percent", "Percentage must be a whole number from 1 to 99.")
		}
		p.Percent = in.Percent
	case "amount":
		p.Currency = strings.ToLower(strings.TrimSpace(in.Currency))
		if len(p.Currency) != 3 || strings.Trim(p.Currency, "abcdefghijklmnopqrstuvwxyz") != "" {
			f.Add("currency", "Currency must be a three-letter code such as EUR.")
			break
		}
		minor, problem := in.Amount.Read("Amount", p.Currency)
		switch {
		case problem != "":
			f.Add("amount", "%s", problem)
		case minor <= 0:
			f.Add("amount", "Amount must be more than zero.")
		}
		p.AmountMinor = minor
	default:
		f.Add("kind", "Please choose a percentage or a fixed amount.")
	}
	var err error
	for _, d := range []struct {
		key string
		to  *time.Time
		in  string
	}{{"validFrom", &p.ValidFrom, in.ValidFrom}, {"validUntil", &p.ValidUntil, in.ValidUntil},
		{"departuresFrom", &p.DeparturesFrom, in.DeparturesFrom}, {"departuresUntil", &p.DeparturesUntil, in.DeparturesUntil}} {
		s := strings.TrimSpace(d.in)
		if s == "" {
			continue
		}
		if *d.to, err = time.Parse(time.DateOnly, s); err != nil {
			f.Add(d.key, "%s must be a date such as 2027-03-31.", in.FieldLabel(d.key))
		}
	}
	if !p.ValidFrom.IsZero() && !p.ValidUntil.IsZero() && p.ValidUntil.Before(p.ValidFrom) {
		f.Add("validUntil", "Valid until must not be before Valid from.")
	}
	if !p.DeparturesFrom.IsZero() && !p.DeparturesUntil.IsZero() && p.DeparturesUntil.Before(p.DeparturesFrom) {
		f.Add("departuresUntil", "Departures until must not be before Departures from.")
	}
	for key, n := range map[string]int{"maxUses": in.MaxUses, "maxPerCustomer": in.MaxPerCustomer, "minTravellers": in.MinTravellers} {
		if n < 0 || n > MaxLimit {
			f.Add(key, "%s must be a whole number from 0 (no limit) to %d.", in.FieldLabel(key), MaxLimit)
		}
	}
	if len(in.TourIDs) > 1000 {
		f.Add("tourIds", "Please choose at most 1000 tours.")
	}
	return p, f.Err()
}

// List is every promotion with its uses and the discount given: admins only.
func (s *Service) List(ctx context.Context, actor account.User) ([]Listed, error) {
	if err := mayAdminister(actor); err != nil {
		return nil, err
	}
	return s.store.Promotions(ctx, s.now())
}

// Get is one promotion: admins only.
func (s *Service) Get(ctx context.Context, actor account.User, id string) (Promotion, error) {
	if err := mayAdminister(actor); err != nil {
		return Promotion{}, err
	}
	return s.store.PromotionByID(ctx, id)
}

// Create writes a new promotion from in: admins only. A code another promotion has is
// a conflict that says so.
func (s *Service) Create(ctx context.Context, actor account.User, in Input) (Promotion, error) {
	if err := mayAdminister(actor); err != nil {
		return Promotion{}, err
	}
	p, err := in.read()
	if err != nil {
		return p, err
	}
	if err := s.store.CreatePromotion(ctx, &p, s.entry(actor, "promotion.create", Promotion{}, p)); err != nil {
		return p, codeTaken(p.Code, err)
	}
	return p, nil
}

// Update rewrites promotion id from in: admins only. Uses made stay as they were.
func (s *Service) Update(ctx context.Context, actor account.User, id string, in Input) (Promotion, error) {
	if err := mayAdminister(actor); err != nil {
		return Promotion{}, err
	}
	old, err := s.store.PromotionByID(ctx, id)
	if err != nil {
		return old, err
	}
	p, err := in.read()
	if err != nil {
		return p, err
	}
	p.ID, p.CreatedAt = old.ID, old.CreatedAt
	if err := s.store.UpdatePromotion(ctx, p, s.entry(actor, "promotion.update", old, p)); err != nil {
		return p, codeTaken(p.Code, err)
	}
	return s.store.PromotionByID(ctx, id)
}

// SetActive switches promotion id on or off: admins only.
func (s *Service) SetActive(ctx context.Context, actor account.User, id string, on bool) (Promotion, error) {
	if err := mayAdminister(actor); err != nil {
		return Promotion{}, err
	}
	p, err := s.store.PromotionByID(ctx, id)
	if err != nil {
		return p, err
	}
	before := p
	p.Active = on
	if err := s.store.UpdatePromotion(ctx, p, s.entry(actor, "promotion.update", before, p)); err != nil {
		return p, err
	}
	return s.store.PromotionByID(ctx, id)
}

// entry is the audit log's line for actor's change of a promotion from old to p (old
// zero: created): the fields that changed, as the form names them.
func (s *Service) entry(actor account.User, action string, old, p Promotion) *audit.Entry {
	e := &audit.Entry{At: s.now(), ActorID: actor.ID, ActorName: actor.Name, Action: action, ObjectType: "promotion", ObjectID: p.ID}
	day := func(t time.Time) string {
		if t.IsZero() {
			return ""
		}
		return t.Format(time.DateOnly)
	}
	e.Changes.Diff("code", old.Code, p.Code)
	e.Changes.Diff("percent", old.Percent, p.Percent)
	e.Changes.Diff("amount", old.AmountMinor, p.AmountMinor)
	e.Changes.Diff("currency", old.Currency, p.Currency)
	e.Changes.Diff("tourIds", append([]string{}, old.TourIDs...), append([]string{}, p.TourIDs...))
	e.Changes.Diff("validFrom", day(old.ValidFrom), day(p.ValidFrom))
	e.Changes.Diff("validUntil", day(old.ValidUntil), day(p.ValidUntil))
	e.Changes.Diff("departuresFrom", day(old.DeparturesFrom), day(p.DeparturesFrom))
	e.Changes.Diff("departuresUntil", day(old.DeparturesUntil), day(p.DeparturesUntil))
	e.Changes.Diff("maxUses", old.MaxUses, p.MaxUses)
	e.Changes.Diff("maxPerCustomer", old.MaxPerCustomer, p.MaxPerCustomer)
	e.Changes.Diff("minTravellers", old.MinTravellers, p.MinTravellers)
	e.Changes.Diff("active", old.Active, p.Active)
	return e
}

func codeTaken(code string, err error) error {
	if errors.Is(err, ErrCodeTaken) {
		return &fault.Error{Kind: fault.Conflict, Err: err, Fields: []fault.Field{{Key: "code", Message: "Another promotion has the code " + code + "."}},
			Message: "Another promotion has the code " + code + ". Please choose another code."}
	}
	return err
}

func mayAdminister(actor account.User) error {
	if !account.CanAdminister(actor) {
		return account.ErrNotAllowed
	}
	return nil
}
