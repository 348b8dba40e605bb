package emails

import (
	"fmt"
	"net/url"

	"tourbook/internal/account"
	"tourbook/internal/format"
	tbmail "tourbook/internal/mail"
	"tourbook/internal/money"
	"tourbook/internal/tour"
	"tourbook/internal/waitlist"
)

// WaitlistOffer is the draft of the email telling a traveller that seats are held for
// them from the waiting list until the offer's deadline (mail.Message.Props: rendered
// after the commit). The waiting list calls it inside the transaction that makes the
// offer, with everything it needs in o: it reads nothing and renders nothing.
func (w *Writer) WaitlistOffer(o waitlist.Offer) (*tbmail.Message, error) {
	t := tour.Tour{TimeZone: o.TimeZone}
	d := tour.StartDate{Date: o.StartDate, StartTime: o.StartTime}
	m, err := draft("waitlistOffer", account.User{Name: o.UserName, Email: o.UserEmail}, map[string]any{
		"name": o.UserName, "tourName": o.TourName, "date": format.Date(d.Date), "startTime": format.StartTime(t, d),
		"participants": o.Participants, "amount": money.Format(o.AmountMinor, o.Currency),
		"deadline": format.Moment(o.OfferUntil, t.Zone()), "payUrl": w.site.URL + "/my-tours",
	})
	if err != nil {
		return nil, fmt.Errorf("waiting list offer of entry %s: %w", o.ID, err)
	}
	// One email per offer: an entry offered again after an offer lapsed gets a new one.
	m.IdemKey = "waitlist-offer:" + o.BookingID
	return m, nil
}

// WaitlistCancelled is the draft of the email telling a traveller on a departure's
// waiting list, waiting or with seats offered (o.Status), that the operator cancelled the
// departure and their place has ended, with the operator's reason. Like WaitlistOffer it
// is written inside the transaction that ends the list and reads nothing.
func (w *Writer) WaitlistCancelled(o waitlist.Offer, message string) (*tbmail.Message, error) {
	t := tour.Tour{TimeZone: o.TimeZone}
	d := tour.StartDate{Date: o.StartDate, StartTime: o.StartTime}
	offered := ""
	if o.Status == waitlist.Offered {
		offered = money.Format(o.AmountMinor, o.Currency)
	}
	m, err := draft("waitlistCancelled", account.User{Name: o.UserName, Email: o.UserEmail}, map[string]any{
		"name": o.UserName, "tourName": o.TourName, "date": format.Date(d.Date), "startTime": format.StartTime(t, d),
		"participants": o.Participants, "message": message, "offered": offered,
		"tourUrl": w.site.URL + "/tour/" + url.PathEscape(o.TourSlug),
	})
	if err != nil {
		return nil, fmt.Errorf("waiting list of entry %s cancelled: %w", o.ID, err)
	}
	// One email per entry: the entry ends with it.
	m.IdemKey = "waitlist-cancelled:" + o.ID
	return m, nil
}
