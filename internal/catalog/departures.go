package catalog

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/fault"
	"tourbook/internal/input"
	"tourbook/internal/money"
	"tourbook/internal/plaintext"
	"tourbook/internal/tour"
)

// DepartureInput adds one departure (Date) or a series (every chosen weekday From..To).
type DepartureInput struct {
	Date         string       `json:"date"`
	From         string       `json:"from"`
	To           string       `json:"to"`
	Weekdays     []int        `json:"weekdays"` // 0 Sunday … 6 Saturday
	StartTime    string       `json:"startTime"`
	Capacity     input.Number `json:"capacity"` // empty or not given: the tour's group size
	MeetingPoint string       `json:"meetingPoint"`
}

// departureLabels are the departure forms' fields as the operator sees them.
var departureLabels = map[string]string{
	"date": "Date", "from": "From", "to": "To", "weekdays": "On these days", "startTime": "Start time",
	"capacity": "Capacity", "meetingPoint": "Meeting point",
}

// FieldLabel is the label of a field of the form, by its key.
func (DepartureInput) FieldLabel(key string) string { return departureLabels[key] }

// FieldLabel is the label of a field of the form, by its key.
func (DepartureChange) FieldLabel(key string) string { return departureLabels[key] }

// Added says what AddDepartures did.
type Added struct {
	Added   int // new departures
	Skipped int // days the tour already departs, or whose start time has passed
}

const dateLayout = "2 January 2006"

func parseDay(label, s string) (time.Time, error) {
	d, err := time.Parse(time.DateOnly, strings.TrimSpace(s))
	if err != nil {
		return time.Time{}, invalid("%s must be a date (YYYY-MM-DD).", label)
	}
	return d, nil
}

func checkStartTime(s string) (string, error) {
	if s == "" {
		return tour.DefaultStartTime, nil
	}
	if _, err := tour.ParseStartTime(s); err != nil {
		return "", invalid("Start time must be hours and minutes, like 09:30.")
	}
	return s, nil
}

func checkCapacity(c int) error {
	if c < 1 || c > maxCapacity {
		return fault.FieldError("capacity", fmt.Sprintf("Capacity must be between 1 and %d seats. To stop sales, close the departure instead.", maxCapacity))
	}
	return nil
}

// note adds err's message to f under key, when err is a refusal; other errors are kept
// in *other.
func note(f *fault.Fields, key string, err error) {
	var fe *fault.Error
	if errors.As(err, &fe) {
		if len(fe.Fields) > 0 {
			f.Add(key, "%s", fe.Fields[0].Message)
		} else {
			f.Add(key, "%s", fe.Message)
		}
	}
}

// AddDepartures schedules one date or a weekly series on a tour. Days the tour already
// departs are left as they are and counted as skipped, as are days of a series whose
// start time has passed.
func (s *Service) AddDepartures(ctx context.Context, actor account.User, id string, in DepartureInput) (tour.Tour, Added, error) {
	if err := mustEdit(actor); err != nil {
		return tour.Tour{}, Added{}, err
	}
	t, err := s.store.TourByIDAnyStatus(ctx, id, s.now())
	if err != nil {
		return tour.Tour{}, Added{}, err
	}
	// Every field is checked before any is refused, so the form shows all that is wrong.
	var f fault.Fields
	base := tour.StartDate{}
	if base.StartTime, err = checkStartTime(in.StartTime); err != nil {
		note(&f, "startTime", err)
	}
	if !in.Capacity.Empty() {
		if c, ok := in.Capacity.Int(); !ok {
			f.Add("capacity", "Capacity must be a whole number, e.g. 12, or empty for the group size.")
		} else if err := checkCapacity(c); err != nil {
			note(&f, "capacity", err)
		} else {
			base.Capacity = c
		}
	}
	if base.MeetingPoint, err = plaintext.Clean("Meeting point", in.MeetingPoint, maxPlaceLen, false, false); err != nil {
		note(&f, "meetingPoint", err)
	}
	now, loc := s.now(), t.Zone()
	var days []time.Time
	skipped := 0
	if in.From == "" && in.To == "" {
		d, err := parseDay("Date", in.Date)
		switch {
		case err != nil:
			note(&f, "date", err)
		case !f.Has("startTime") && !tour.StartsAt(d, base.StartTime, loc).After(now):
			f.Add("date", "%s at %s (%s) has already passed. Please choose a later date.", d.Format(dateLayout), base.StartTime, t.TimeZone)
		default:
			days = append(days, d)
		}
	} else if !f.Has("startTime") {
		days, skipped, err = series(&f, in, base.StartTime, loc, now)
		if err != nil {
			return tour.Tour{}, Added{}, err
		}
	}
	if err := f.Err(); err != nil {
		return tour.Tour{}, Added{}, err
	}
	list := make([]tour.StartDate, len(days))
	for i, d := range days {
		list[i] = base
		list[i].Date = d
	}
	n := 0
	if len(list) > 0 {
		e := entry(actor, "departure.add", id)
		if n, err = s.store.AddDepartures(ctx, id, list, e); err != nil {
			return tour.Tour{}, Added{}, err
		}
	}
	if n > 0 {
		s.changed()
	}
	t, err = s.Tour(ctx, actor, id)
	return t, Added{Added: n, Skipped: skipped + len(list) - n}, err
}

// seriesDays reads a series' first and last dates and its weekdays; what is wrong with
// them is noted in f (want is nil then).
func seriesDays(f *fault.Fields, fromText, toText string, weekdays []int) (from, to time.Time, want map[time.Weekday]bool) {
	from, err := parseDay("From", fromText)
	note(f, "from", err)
	to, err = parseDay("To", toText)
	note(f, "to", err)
	switch {
	case f.Has("from") || f.Has("to"):
	case to.Before(from):
		f.Add("to", "The series ends before it starts. Please check the two dates.")
	case to.Sub(from) > maxSeriesDays*24*time.Hour:
		f.Add("to", "A series can span at most %d days. Please choose a shorter range and do the rest in parts.", maxSeriesDays)
	}
	if len(weekdays) == 0 {
		f.Add("weekdays", "Please choose at least one weekday for the series.")
	}
	want = map[time.Weekday]bool{}
	for _, w := range weekdays {
		if w < 0 || w > 6 {
			f.Add("weekdays", "Weekdays are numbered 0 (Sunday) to 6 (Saturday).")
		}
		want[time.Weekday(w)] = true
	}
	if f.Err() != nil {
		return from, to, nil
	}
	return from, to, want
}

// series lists the days of a weekly series, and how many of them had already started;
// what is wrong with its fields is noted in f.
func series(f *fault.Fields, in DepartureInput, startTime string, loc *time.Location, now time.Time) ([]time.Time, int, error) {
	from, to, want := seriesDays(f, in.From, in.To, in.Weekdays)
	if want != nil && !tour.StartsAt(to, startTime, loc).After(now) {
		f.Add("to", "The whole series is in the past. Please choose later dates.")
	}
	if f.Err() != nil {
		return nil, 0, nil
	}
	var days []time.Time
	past := 0
	for d := from; !d.After(to); d = d.AddDate(0, 0, 1) {
		if !want[d.Weekday()] {
			continue
		}
		if !tour.StartsAt(d, startTime, loc).After(now) {
			past++
			continue
		}
		days = append(days, d)
	}
	return days, past, nil
}

// UpdateDeparture changes a departure's start time, capacity, meeting point or whether
// it is on sale.
func (s *Service) UpdateDeparture(ctx context.Context, actor account.User, id, date string, c DepartureChange) (tour.Tour, error) {
	if err := mustEdit(actor); err != nil {
		return tour.Tour{}, err
	}
	d, err := parseDay("The departure's date", date)
	if err != nil {
		return tour.Tour{}, err
	}
	if c, err = checkChange(c); err != nil {
		return tour.Tour{}, err
	}
	if err := s.readPrices(ctx, actor, id, &c); err != nil {
		return tour.Tour{}, err
	}
	if err := s.updateDepartures(ctx, id, []time.Time{d}, c, actor, "departure.update", nil); err != nil {
		return tour.Tour{}, err
	}
	return s.Tour(ctx, actor, id)
}

// checkChange checks and tidies the fields a change gives.
func checkChange(c DepartureChange) (DepartureChange, error) {
	c.Cancel = false
	if c.StartTime != nil {
		st, err := checkStartTime(*c.StartTime)
		if err != nil {
			return c, err
		}
		c.StartTime = &st
	}
	if c.Capacity != nil {
		if err := checkCapacity(*c.Capacity); err != nil {
			return c, err
		}
	}
	if c.MeetingPoint != nil {
		mp, err := plaintext.Clean("Meeting point", *c.MeetingPoint, maxPlaceLen, false, false)
		if err != nil {
			return c, err
		}
		c.MeetingPoint = &mp
	}
	return c, nil
}

// readPrices reads a change's own prices (PriceInput, or Prices given by Go callers)
// into Prices, checked against the tour's price categories: only its categories' ids,
// each price from 0 to the highest; a blank one left out (the category's usual price).
func (s *Service) readPrices(ctx context.Context, actor account.User, id string, c *DepartureChange) error {
	if c.PriceInput == nil && c.Prices == nil {
		return nil
	}
	t, err := s.Tour(ctx, actor, id)
	if err != nil {
		return err
	}
	in := map[string]money.Amount{}
	if c.PriceInput != nil {
		in = *c.PriceInput
	} else {
		for k, v := range *c.Prices {
			in[k] = money.MinorAmount(v)
		}
	}
	var f fault.Fields
	prices := map[string]int64{}
	for _, k := range slices.Sorted(maps.Keys(in)) {
		a := in[k]
		cat, ok := t.Category(k)
		if !ok {
			f.Add("prices", "Own prices: %q is not one of the tour's price categories (%s).", k, categoryIDs(t))
			continue
		}
		if a.Blank() {
			continue
		}
		key, label := "prices."+k, "Own price for "+cat.Name
		var v int64
		labelledAmount(&f, key, label, a, t.Currency, false, &v)
		if !f.Has(key) {
			checkPrice(&f, key, "Own price for "+cat.Name, v, t.Currency)
		}
		prices[k] = v
	}
	if err := f.Err(); err != nil {
		return err
	}
	c.Prices, c.PriceInput = &prices, nil
	return nil
}

// categoryIDs lists a tour's price category ids for a message: "adult, child".
func categoryIDs(t tour.Tour) string {
	var ids []string
	for _, c := range t.PriceCategoriesOf() {
		ids = append(ids, c.ID)
	}
	return strings.Join(ids, ", ")
}

// SeriesChange changes every departure of a tour From..To (both included) on the chosen
// Weekdays (0 Sunday … 6 Saturday) that has not started and is not cancelled.
type SeriesChange struct {
	From     string `json:"from"`
	To       string `json:"to"`
	Weekdays []int  `json:"weekdays"`
	DepartureChange
}

// Updated says what UpdateSeries did.
type Updated struct {
	Updated int // departures changed
	Skipped int // departures of the range left alone: started or cancelled
}

// UpdateSeries changes, or closes or reopens, a series of departures at once, in one
// transaction: when one of them cannot take the change (a capacity below its seats
// taken), none is changed. Each departure changed gets its audit entry.
func (s *Service) UpdateSeries(ctx context.Context, actor account.User, id string, in SeriesChange) (tour.Tour, Updated, error) {
	if err := mustEdit(actor); err != nil {
		return tour.Tour{}, Updated{}, err
	}
	var f fault.Fields
	from, to, want := seriesDays(&f, in.From, in.To, in.Weekdays)
	if err := f.Err(); err != nil {
		return tour.Tour{}, Updated{}, err
	}
	c, err := checkChange(in.DepartureChange)
	if err != nil {
		return tour.Tour{}, Updated{}, err
	}
	if err := s.readPrices(ctx, actor, id, &c); err != nil {
		return tour.Tour{}, Updated{}, err
	}
	if c.StartTime == nil && c.Capacity == nil && c.MeetingPoint == nil && c.Closed == nil && c.Prices == nil {
		return tour.Tour{}, Updated{}, invalid("Please choose what to change: the start time, the capacity, the meeting point, the prices, or closing or reopening for sale.")
	}
	t, err := s.Tour(ctx, actor, id)
	if err != nil {
		return tour.Tour{}, Updated{}, err
	}
	now := s.now()
	var days []time.Time
	skipped := 0
	for _, d := range t.StartDates {
		if d.Date.Before(from) || d.Date.After(to) || !want[d.Date.Weekday()] {
			continue
		}
		if d.Cancelled() || t.Started(d, now) {
			skipped++
			continue
		}
		days = append(days, d.Date)
	}
	if len(days) == 0 {
		return tour.Tour{}, Updated{}, invalid("No departure of this tour from %s to %s on the chosen weekdays can be changed: there are none, or they have started or were cancelled.",
			from.Format(dateLayout), to.Format(dateLayout))
	}
	if err := s.updateDepartures(ctx, id, days, c, actor, "departure.update", map[string]any{"series": true}); err != nil {
		return tour.Tour{}, Updated{}, err
	}
	t, err = s.Tour(ctx, actor, id)
	return t, Updated{Updated: len(days), Skipped: skipped}, err
}

// DeleteDeparture removes a departure that has no bookings.
func (s *Service) DeleteDeparture(ctx context.Context, actor account.User, id, date string) (tour.Tour, error) {
	if err := mustEdit(actor); err != nil {
		return tour.Tour{}, err
	}
	d, err := parseDay("The departure's date", date)
	if err != nil {
		return tour.Tour{}, err
	}
	if err := s.store.DeleteDeparture(ctx, id, d, entry(actor, "departure.delete", id)); err != nil {
		if errors.Is(err, tour.ErrHasBookings) {
			return tour.Tour{}, &fault.Error{Kind: fault.Conflict, Err: err, Message: fmt.Sprintf(
				"The departure on %s has bookings, so it cannot be deleted. Close it for sale instead.", d.Format(dateLayout))}
		}
		return tour.Tour{}, err
	}
	s.changed()
	return s.Tour(ctx, actor, id)
}

// MarkCancelled marks a departure cancelled, for good: closed for sale, never to be
// reopened or changed, with the reason in the audit log; the bookings on it are the
// refund service's to cancel. Marking it again (a retried cancellation) changes nothing
// but is audited.
func (s *Service) MarkCancelled(ctx context.Context, actor account.User, id string, date time.Time, reason string) error {
	if err := mustEdit(actor); err != nil {
		return err
	}
	return s.updateDepartures(ctx, id, []time.Time{date}, DepartureChange{Cancel: true}, actor, "departure.cancel",
		map[string]any{"reason": reason})
}

// ErrCancelled: a cancelled departure cannot be reopened or changed.
func errCancelled(date time.Time) error {
	return &fault.Error{Kind: fault.Conflict, Message: fmt.Sprintf(
		"The departure on %s was cancelled, so it cannot be reopened or changed.", date.Format(dateLayout))}
}

// updateDepartures applies c to the departures of a tour on dates, in one transaction,
// each under its lock with its own audit entry (action, its date and extra): a capacity
// never below the seats taken (*tour.CapacityError), a cancelled departure never
// changed but to be marked cancelled again; seats a raised capacity or a reopened
// departure frees go to its waiting list in the same transaction.
func (s *Service) updateDepartures(ctx context.Context, tourID string, dates []time.Time, c DepartureChange,
	actor account.User, action string, extra map[string]any) error {
	now := s.now()
	err := s.inTx(ctx, func(tx Tx) error {
		for _, date := range dates {
			dep, err := tx.LockDeparture(ctx, tourID, date)
			if err != nil {
				return fmt.Errorf("update departure %s of tour %s: %w", date.Format(time.DateOnly), tourID, err)
			}
			if dep.Cancelled() && !c.Cancel {
				return errCancelled(dep.Date)
			}
			if c.Capacity != nil {
				taken, err := tx.SeatsTaken(ctx, tourID, date, now)
				if err != nil {
					return err
				}
				if *c.Capacity < taken {
					return fmt.Errorf("update departure %s of tour %s: %w", date.Format(time.DateOnly), tourID,
						&tour.CapacityError{Taken: taken, Date: dep.Date})
				}
			}
			e := entry(actor, action, tourID)
			e.Changes.Diff("date", nil, date.Format(time.DateOnly))
			for k, v := range extra {
				e.Changes.Diff(k, nil, v)
			}
			if _, _, err := tx.UpdateDeparture(ctx, tourID, date, c, now, e); err != nil {
				return err
			}
			if s.waitlist != nil && !c.Cancel {
				if err := s.waitlist.OfferIn(ctx, tx, tourID, date, now); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	s.changed()
	s.queued()
	return nil
}
