package view

import (
	"time"

	"tourbook/internal/format"
	"tourbook/internal/money"
	"tourbook/internal/tour"
	"tourbook/internal/waitlist"
)

// WaitlistPlace is one of the traveller's waiting list entries: a place in the queue, or
// seats held for them until a deadline (an offer).
type WaitlistPlace struct {
	ID       string `json:"id"`
	TourName string `json:"tourName"`
	TourSlug string `json:"tourSlug"`
	Date     string `json:"date"` // yyyy-mm-dd
	// "Tue 15 June 2027".
	DateLabel string `json:"dateLabel"`
	// "08:30 GMT (Atlantic/Reykjavik)".
	StartTime    string          `json:"startTime"`
	Participants int             `json:"participants"`
	Status       waitlist.Status `json:"status" tstype:"'waiting' | 'offered'"` // "waiting" | "offered"
	// Position is 1 for the first in the queue; 0 for an offer.
	Position int `json:"position"`
	// Amount and OfferUntil are "" while waiting.
	Amount string `json:"amount"`
	// "Mon 14 June 2027, 09:00 CEST (Europe/Oslo)", "" while waiting.
	OfferUntil string `json:"offerUntil"`
}

func NewWaitlistPlace(p waitlist.Place) WaitlistPlace {
	t := tour.Tour{TimeZone: p.TimeZone}
	w := WaitlistPlace{ID: p.ID, TourName: p.TourName, TourSlug: p.TourSlug,
		Date: p.StartDate.Format(time.DateOnly), DateLabel: FormatDate(p.StartDate),
		StartTime:    format.StartTime(t, tour.StartDate{Date: p.StartDate, StartTime: p.StartTime}),
		Participants: p.Participants, Status: p.Status, Position: p.Position}
	if p.Status == waitlist.Offered {
		w.Amount = money.Format(p.AmountMinor, p.Currency)
		w.OfferUntil = format.Moment(p.OfferUntil, t.Zone())
	}
	return w
}

// WaitlistDates are the departures of t whose waiting list takes entries at now.
func WaitlistDates(t tour.Tour, now time.Time) []string {
	out := []string{}
	for _, d := range t.StartDates {
		if _, open := waitlist.OfferDeadline(now, t.StartsAt(d)); open && !d.Closed {
			out = append(out, d.Date.Format(time.DateOnly))
		}
	}
	return out
}
