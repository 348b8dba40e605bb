package view

import (
	"time"

	"tourbook/internal/account"
	"tourbook/internal/format"
	"tourbook/internal/money"
	"tourbook/internal/tour"
)

// The back office's tours: the catalogue list and the tour editor.

// AdminTourRow is one row of /admin/tours.
type AdminTourRow struct {
	ID     string      `json:"id"`
	Slug   string      `json:"slug"`
	Name   string      `json:"name"`
	Status tour.Status `json:"status"`
	// "Draft", "Published", "Archived".
	StatusLabel string `json:"statusLabel"`
	// Formatted price per person, e.g. "$497".
	Price string `json:"price"`
	// Departures still to come.
	UpcomingDepartures int `json:"upcomingDepartures"`
	// The next departure's date, formatted ("Tue 15 June 2027"), or null.
	NextDeparture *string `json:"nextDeparture"`
}

// AdminStop is a stop as the editor and the API hold it: [lng, lat] like everywhere else.
type AdminStop struct {
	Coordinates [2]float64 `json:"coordinates"`
	Day         int        `json:"day"`
	Description string     `json:"description"`
}

// AdminDeparture is one departure of a tour; its date (yyyy-mm-dd, local to the tour) is
// its key.
type AdminDeparture struct {
	Date string `json:"date"`
	// "Tue 15 June 2027".
	Label string `json:"label"`
	// "09:00", local time in the tour's zone.
	StartTime string `json:"startTime"`
	// "09:00 GMT (Atlantic/Reykjavik)".
	StartTimeLabel string `json:"startTimeLabel"`
	Capacity       int    `json:"capacity"`
	// Seats paid for or held by an open checkout.
	Taken        int    `json:"taken"`
	SeatsLeft    int    `json:"seatsLeft"`
	MeetingPoint string `json:"meetingPoint"`
	// Closed for sale by an operator (and reopenable, unless cancelled).
	Closed bool `json:"closed"`
	// Cancelled by an operator, for good: never reopened or changed.
	Cancelled bool `json:"cancelled"`
	// "/admin/tours/{id}/departures/{date}".
	ManifestURL string `json:"manifestUrl"`
	// Already started.
	Past bool `json:"past"`
	// Has bookings, so it cannot be deleted.
	HasBookings bool `json:"hasBookings"`
	// The departure's own prices by price category id, in minor units; a category not
	// named costs its usual price.
	Prices map[string]int64 `json:"prices"`
}

// AdminPicture is one of a tour's pictures in the editor.
type AdminPicture struct {
	// The stored file name: what the picture calls take.
	File string `json:"file"`
	URL  string `json:"url"`
}

// AdminPlace is the tour's start: [lng, lat] and a description.
type AdminPlace struct {
	Coordinates [2]float64 `json:"coordinates"`
	Description string     `json:"description"`
}

// AdminTour is a tour as the back office edits it; also what every admin tour call
// answers with.
type AdminTour struct {
	ID string `json:"id"`
	// Sent back with every save: a save over a newer version is refused.
	Version      int             `json:"version"`
	Status       tour.Status     `json:"status"`
	Name         string          `json:"name"`
	Slug         string          `json:"slug"`
	Summary      string          `json:"summary"`
	Description  string          `json:"description"`
	Difficulty   tour.Difficulty `json:"difficulty"`
	DurationDays int             `json:"durationDays"`
	MaxGroupSize int             `json:"maxGroupSize"`
	// Minor units (cents), as is priceDiscount.
	Price         int64 `json:"price"`
	PriceDiscount int64 `json:"priceDiscount"`
	// ISO 4217, lower case.
	Currency string `json:"currency"`
	// IANA zone of the departures' start times, e.g. "Atlantic/Reykjavik".
	TimeZone string `json:"timeZone"`
	// TaxRate is the tax included in the price, in basis points (2500 = 25 %).
	TaxRate       int         `json:"taxRate"`
	StartLocation AdminPlace  `json:"startLocation"`
	Locations     []AdminStop `json:"locations"`
	// User ids of the tour's guides, in order.
	Guides     []string         `json:"guides"`
	Cover      *AdminPicture    `json:"cover"`
	Pictures   []AdminPicture   `json:"pictures"`
	Departures []AdminDeparture `json:"departures"`
	// "/tour/{slug}".
	PublicURL string `json:"publicUrl"`
	// CancellationPolicy is the tiers, the furthest from departure first.
	CancellationPolicy []AdminTier `json:"cancellationPolicy"`
	// What a booking buys and is asked (issue #23). The first category's price is the
	// tour's price less its discount.
	PriceCategories []CategoryView `json:"priceCategories"`
	Extras          []ExtraView    `json:"extras"`
	// Whose details a booking asks for: nobody (""), the lead traveller or everyone.
	Travellers tour.TravellerDetails `json:"travellers"`
	Questions  []QuestionView        `json:"questions"`
	// Hours before the local start until which travellers may change their answers; 0
	// is the usual 48.
	AnswersCutoffHours int `json:"answersCutoffHours"`
	// What a booking pays at checkout when its departure is far enough away.
	Deposit DepositView `json:"deposit"`
}

// DepositView is a tour's deposit (tour.Deposit) as the tour editor shows it.
type DepositView struct {
	// "" none, "percent" a percentage of the price, "amount" an amount per traveller.
	Kind    tour.DepositKind `json:"kind" tstype:"'' | 'percent' | 'amount'"`
	Percent int              `json:"percent"`
	// Minor units per traveller who takes a seat.
	Amount int64 `json:"amount"`
	// The balance is due this many days before the departure's day.
	BalanceDays int `json:"balanceDays"`
}

// CategoryView is a price category (tour.PriceCategory) as the tour editor and the
// public tours API show it.
type CategoryView struct {
	// Lower-case letters, digits and '-'; never changes once booked.
	ID   string `json:"id"`
	Name string `json:"name"`
	// Minor units.
	Price int64 `json:"price"`
	// 0 is no bound, for the ages and for the minimum and maximum per booking.
	MinAge    int  `json:"minAge"`
	MaxAge    int  `json:"maxAge"`
	TakesSeat bool `json:"takesSeat"`
	Min       int  `json:"min"`
	Max       int  `json:"max"`
	// Another category's id, booked only alongside it; "" none.
	OnlyWith string `json:"onlyWith"`
}

// ExtraView is an optional item a booking may add (tour.Extra), as the tour editor and
// the public tours API show it.
type ExtraView struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description"`
	// Minor units.
	Price int64 `json:"price"`
	// "booking" or "traveller".
	Per tour.ExtraPer `json:"per"`
	// Per departure; 0 is no limit.
	Stock int `json:"stock"`
}

// QuestionView is one of the operator's questions (tour.Question) as the tour editor, the
// tours API and the details form on /my-tours/{id} read it. The booking panel's is
// QuestionField (tour_prices.go): the same question with its empty fields left out, to
// keep the tour page's props small.
type QuestionView struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	Help  string `json:"help"`
	// text, longtext, choice, choices, yesno, date, number, phone.
	Type tour.QuestionType `json:"type"`
	// The choices of a choice or choices question.
	Options      []string `json:"options"`
	Required     bool     `json:"required"`
	PerTraveller bool     `json:"perTraveller"`
	// The price category ids a per-traveller question is asked of; none: everyone.
	Categories []string `json:"categories"`
}

// NewQuestionViews are t's questions, in its order.
func NewQuestionViews(t tour.Tour) []QuestionView {
	out := make([]QuestionView, 0, len(t.Questions))
	for _, q := range t.Questions {
		out = append(out, QuestionView{ID: q.ID, Label: q.Label, Help: q.Help, Type: q.Type,
			Options: nonNilStrings(q.Options), Required: q.Required, PerTraveller: q.PerTraveller,
			Categories: nonNilStrings(q.Categories)})
	}
	return out
}

// AdminTier is a refund tier: cancelling at least DaysBefore days before the departure's
// day refunds Percent.
type AdminTier struct {
	DaysBefore int `json:"daysBefore"`
	Percent    int `json:"percent"`
}

// GuideOption is a user who may guide tours, for the guides picker.
type GuideOption struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// "Lead guide" or "Tour guide".
	RoleLabel string `json:"roleLabel"`
}

// AdminToursProps are the props of /admin/tours.
type AdminToursProps struct {
	Tours   []AdminTourRow `json:"tours"`
	Query   string         `json:"query"`
	Status  string         `json:"status" tstype:"TourStatus | ''"`
	CanEdit bool           `json:"canEdit"`
}

// AdminTourProps are the props of /admin/tours/new and /admin/tours/{id}.
type AdminTourProps struct {
	Tour   *AdminTour    `json:"tour"`
	Guides []GuideOption `json:"guides"`
	// Suggestions for the time-zone field (any IANA name is accepted)
	TimeZones  []string `json:"timeZones"`
	Currencies []string `json:"currencies"`
	CanEdit    bool     `json:"canEdit"`
}

// TourStatusLabel is how a tour's status reads in the back office.
func TourStatusLabel(s tour.Status) string {
	switch s {
	case tour.Draft:
		return "Draft"
	case tour.Archived:
		return "Archived"
	}
	return "Published"
}

func NewAdminTourRow(t tour.Tour, now time.Time) AdminTourRow {
	r := AdminTourRow{ID: t.ID, Slug: t.Slug, Name: t.Name, Status: t.Status,
		StatusLabel: TourStatusLabel(t.Status), Price: money.FormatShort(t.UnitPriceMinor(), t.Currency)}
	for _, d := range t.StartDates {
		if t.Started(d, now) {
			continue
		}
		if r.UpcomingDepartures == 0 {
			label := FormatDate(d.Date)
			r.NextDeparture = &label
		}
		r.UpcomingDepartures++
	}
	return r
}

func NewAdminTour(t tour.Tour, now time.Time) AdminTour {
	a := AdminTour{
		ID: t.ID, Version: t.Version, Status: t.Status, Name: t.Name, Slug: t.Slug,
		Summary: t.Summary, Description: t.Description, Difficulty: t.Difficulty,
		DurationDays: t.DurationDays, MaxGroupSize: t.MaxGroupSize, Price: t.PriceMinor,
		PriceDiscount: t.DiscountMinor, Currency: t.Currency, TimeZone: t.TimeZone, TaxRate: t.TaxRate,
		StartLocation: AdminPlace{Coordinates: [2]float64{t.StartLocation.Point.Lng, t.StartLocation.Point.Lat},
			Description: t.StartLocation.Description},
		Locations: []AdminStop{}, Guides: []string{}, Pictures: []AdminPicture{}, Departures: []AdminDeparture{},
		PublicURL: "/tour/" + t.Slug, CancellationPolicy: []AdminTier{},
		PriceCategories: NewCategoryViews(t), Extras: NewExtraViews(t), Travellers: t.Travellers,
		Questions: NewQuestionViews(t), AnswersCutoffHours: t.AnswersCutoffHours,
		Deposit: DepositView{Kind: t.Deposit.Kind, Percent: t.Deposit.Percent, Amount: t.Deposit.AmountMinor, BalanceDays: t.Deposit.BalanceDays},
	}
	for _, tier := range t.Policy {
		a.CancellationPolicy = append(a.CancellationPolicy, AdminTier(tier))
	}
	for _, l := range t.Locations {
		a.Locations = append(a.Locations, AdminStop{Coordinates: [2]float64{l.Point.Lng, l.Point.Lat}, Day: l.Day, Description: l.Description})
	}
	for _, g := range t.Guides {
		a.Guides = append(a.Guides, g.UserID)
	}
	if t.CoverImage != "" {
		a.Cover = &AdminPicture{File: t.CoverImage, URL: TourImageURL(t.CoverImage)}
	}
	for _, p := range t.Pictures {
		a.Pictures = append(a.Pictures, AdminPicture{File: p, URL: TourImageURL(p)})
	}
	for _, d := range t.StartDates {
		a.Departures = append(a.Departures, AdminDeparture{
			Date: d.Date.Format(time.DateOnly), Label: FormatDate(d.Date),
			StartTime: startTimeOf(d), StartTimeLabel: StartTimeLabel(t, d),
			Capacity: t.CapacityOf(d), Taken: d.Taken, SeatsLeft: t.SeatsLeft(d),
			MeetingPoint: d.MeetingPoint, Closed: d.Closed, Cancelled: d.Cancelled(), ManifestURL: ManifestURL(t.ID, d.Date),
			Past: t.Started(d, now), HasBookings: d.Bookings > 0, Prices: ownPrices(d),
		})
	}
	return a
}

func startTimeOf(d tour.StartDate) string {
	if d.StartTime == "" {
		return tour.DefaultStartTime
	}
	return d.StartTime
}

// StartTimeLabel is a departure's local start time with its zone (format.StartTime).
func StartTimeLabel(t tour.Tour, d tour.StartDate) string { return format.StartTime(t, d) }

func NewGuideOptions(users []account.User) []GuideOption {
	out := make([]GuideOption, 0, len(users))
	for _, u := range users {
		out = append(out, GuideOption{ID: u.ID, Name: u.Name, RoleLabel: RoleLabel(string(u.Role))})
	}
	return out
}

// NewCategoryViews is a tour's price categories (Tour.PriceCategoriesOf), in order.
func NewCategoryViews(t tour.Tour) []CategoryView {
	out := []CategoryView{}
	for _, c := range t.PriceCategoriesOf() {
		out = append(out, CategoryView{ID: c.ID, Name: c.Name, Price: c.PriceMinor, MinAge: c.MinAge, MaxAge: c.MaxAge,
			TakesSeat: c.TakesSeat, Min: c.Min, Max: c.Max, OnlyWith: c.OnlyWith})
	}
	return out
}

// NewExtraViews is a tour's extras, in order.
func NewExtraViews(t tour.Tour) []ExtraView {
	out := []ExtraView{}
	for _, e := range t.Extras {
		out = append(out, ExtraView{ID: e.ID, Name: e.Name, Description: e.Description, Price: e.PriceMinor,
			Per: e.Per, Stock: e.Stock})
	}
	return out
}

// ownPrices is a departure's own prices, never nil.
func ownPrices(d tour.StartDate) map[string]int64 {
	out := make(map[string]int64, len(d.Prices))
	for k, v := range d.Prices {
		out[k] = v
	}
	return out
}

func nonNilStrings(list []string) []string {
	if list == nil {
		return []string{}
	}
	return list
}
