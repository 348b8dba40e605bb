package catalog

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/fault"
	"tourbook/internal/tour"
)

// DepartureInput adds one departure (Date) or a series (every chosen weekday From..To).
type DepartureInput struct {
	Date         string `json:"date"`
	From         string `json:"from"`
	To           string `json:"to"`
	Weekdays     []int  `json:"weekdays"` // 0 Sunday … 6 Saturday
	StartTime    string `json:"startTime"`
	Capacity     int    `json:"capacity"` // 0: the tour's group size
	MeetingPoint string `json:"meetingPoint"`
}

// Added says what AddDepartures did.
type Added struct {
	Added   int // new departures
	Skipped int // days the tour already departs, or whose start time has passed
}

const dateLayout = "2 January 2006"

func parseDay(field, s string) (time.Time, error) {
	d, err := time.Parse(time.DateOnly, strings.TrimSpace(s))
	if err != nil {
		return time.Time{}, invalid("Please give the %s as a date (YYYY-MM-DD).", field)
	}
	return d, nil
}

func checkStartTime(s string) (string, error) {
	if s == "" {
		return tour.DefaultStartTime, nil
	}
	if _, err := tour.ParseStartTime(s); err != nil {
		return "", invalid("Please give the start time as hours and minutes, like 09:30.")
	}
	return s, nil
}

func checkCapacity(c int) error {
	if c < 1 || c > maxCapacity {
		return invalid("The capacity must be between 1 and %d seats. To stop sales, close the departure instead.", maxCapacity)
	}
	return nil
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
	base := tour.StartDate{Capacity: in.Capacity}
	if base.StartTime, err = checkStartTime(in.StartTime); err != nil {
		return tour.Tour{}, Added{}, err
	}
	if in.Capacity != 0 {
		if err := checkCapacity(in.Capacity); err != nil {
			return tour.Tour{}, Added{}, err
		}
	}
	if base.MeetingPoint, err = cleanText("meeting point", in.MeetingPoint, maxPlaceLen, false, false); err != nil {
		return tour.Tour{}, Added{}, err
	}
	now, loc := s.now(), t.Zone()
	var days []time.Time
	skipped := 0
	if in.From == "" && in.To == "" {
		d, err := parseDay("date", in.Date)
		if err != nil {
			return tour.Tour{}, Added{}, err
		}
		if !tour.StartsAt(d, base.StartTime, loc).After(now) {
			return tour.Tour{}, Added{}, invalid("%s at %s (%s) has already passed. Please choose a later date.",
				d.Format(dateLayout), base.StartTime, t.TimeZone)
		}
		days = append(days, d)
	} else {
		if days, skipped, err = series(in, base.StartTime, loc, now); err != nil {
			return tour.Tour{}, Added{}, err
		}
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

// series lists the days of a weekly series, and how many of them had already started.
func series(in DepartureInput, startTime string, loc *time.Location, now time.Time) ([]time.Time, int, error) {
	from, err := parseDay("first date of the series", in.From)
	if err != nil {
		return nil, 0, err
	}
	to, err := parseDay("last date of the series", in.To)
	if err != nil {
		return nil, 0, err
	}
	if to.Before(from) {
		return nil, 0, invalid("The series ends before it starts. Please check the two dates.")
	}
	if to.Sub(from) > maxSeriesDays*24*time.Hour {
		return nil, 0, invalid("A series can span at most %d days. Please add a longer schedule in parts.", maxSeriesDays)
	}
	if len(in.Weekdays) == 0 {
		return nil, 0, invalid("Please choose at least one weekday for the series.")
	}
	want := map[time.Weekday]bool{}
	for _, w := range in.Weekdays {
		if w < 0 || w > 6 {
			return nil, 0, invalid("Weekdays are numbered 0 (Sunday) to 6 (Saturday).")
		}
		want[time.Weekday(w)] = true
	}
	if !tour.StartsAt(to, startTime, loc).After(now) {
		return nil, 0, invalid("The whole series is in the past. Please choose later dates.")
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
	d, err := parseDay("date", date)
	if err != nil {
		return tour.Tour{}, err
	}
	if c.StartTime != nil {
		st, err := checkStartTime(*c.StartTime)
		if err != nil {
			return tour.Tour{}, err
		}
		c.StartTime = &st
	}
	if c.Capacity != nil {
		if err := checkCapacity(*c.Capacity); err != nil {
			return tour.Tour{}, err
		}
	}
	if c.MeetingPoint != nil {
		mp, err := cleanText("meeting point", *c.MeetingPoint, maxPlaceLen, false, false)
		if err != nil {
			return tour.Tour{}, err
		}
		c.MeetingPoint = &mp
	}
	e := entry(actor, "departure.update", id)
	e.Changes.Diff("date", nil, d.Format(time.DateOnly))
	if err := s.updateDeparture(ctx, id, d, c, e); err != nil {
		return tour.Tour{}, err
	}
	return s.Tour(ctx, actor, id)
}

// DeleteDeparture removes a departure that has no bookings.
func (s *Service) DeleteDeparture(ctx context.Context, actor account.User, id, date string) (tour.Tour, error) {
	if err := mustEdit(actor); err != nil {
		return tour.Tour{}, err
	}
	d, err := parseDay("date", date)
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

// CloseDeparture takes a departure off sale because it is cancelled, with the reason in
// the audit log; the bookings on it are the back office's to cancel.
func (s *Service) CloseDeparture(ctx context.Context, actor account.User, id string, date time.Time, reason string) error {
	if err := mustEdit(actor); err != nil {
		return err
	}
	closed := true
	e := entry(actor, "departure.cancel", id)
	e.Changes.Diff("date", nil, date.Format(time.DateOnly))
	e.Changes.Diff("reason", nil, reason)
	return s.updateDeparture(ctx, id, date, DepartureChange{Closed: &closed}, e)
}

// updateDeparture applies c to a departure under its lock: its capacity never below the
// seats taken (*tour.CapacityError); seats a raised capacity or a reopened departure
// frees go to its waiting list in the same transaction.
func (s *Service) updateDeparture(ctx context.Context, tourID string, date time.Time, c DepartureChange, e audit.Entry) error {
	now := s.now()
	err := s.inTx(ctx, func(tx Tx) error {
		dep, err := tx.LockDeparture(ctx, tourID, date)
		if err != nil {
			return fmt.Errorf("update departure %s of tour %s: %w", date.Format(time.DateOnly), tourID, err)
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
		if _, _, err := tx.UpdateDeparture(ctx, tourID, date, c, now, e); err != nil {
			return err
		}
		if s.waitlist == nil {
			return nil
		}
		return s.waitlist.OfferIn(ctx, tx, tourID, date, now)
	})
	if err != nil {
		return err
	}
	s.changed()
	s.queued()
	return nil
}
