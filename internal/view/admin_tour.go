package view

import (
	"time"

	"tourbook/internal/account"
	"tourbook/internal/format"
	"tourbook/internal/money"
	"tourbook/internal/tour"
)

// The back office's tours: the catalogue list and the tour editor.

type AdminTourRow struct {
	ID                 string  `json:"id"`
	Slug               string  `json:"slug"`
	Name               string  `json:"name"`
	Status             string  `json:"status"`
	StatusLabel        string  `json:"statusLabel"`
	Price              string  `json:"price"`
	UpcomingDepartures int     `json:"upcomingDepartures"`
	NextDeparture      *string `json:"nextDeparture"`
}

type AdminStop struct {
	Coordinates [2]float64 `json:"coordinates"`
	Day         int        `json:"day"`
	Description string     `json:"description"`
}

type AdminDeparture struct {
	Date           string `json:"date"`
	Label          string `json:"label"`
	StartTime      string `json:"startTime"`
	StartTimeLabel string `json:"startTimeLabel"`
	Capacity       int    `json:"capacity"`
	Taken          int    `json:"taken"`
	SeatsLeft      int    `json:"seatsLeft"`
	MeetingPoint   string `json:"meetingPoint"`
	Closed         bool   `json:"closed"`
	Past           bool   `json:"past"`
	HasBookings    bool   `json:"hasBookings"`
}

type AdminPicture struct {
	File string `json:"file"`
	URL  string `json:"url"`
}

type AdminPlace struct {
	Coordinates [2]float64 `json:"coordinates"`
	Description string     `json:"description"`
}

type AdminTour struct {
	ID            string           `json:"id"`
	Version       int              `json:"version"`
	Status        string           `json:"status"`
	Name          string           `json:"name"`
	Slug          string           `json:"slug"`
	Summary       string           `json:"summary"`
	Description   string           `json:"description"`
	Difficulty    string           `json:"difficulty"`
	DurationDays  int              `json:"durationDays"`
	MaxGroupSize  int              `json:"maxGroupSize"`
	Price         int64            `json:"price"`
	PriceDiscount int64            `json:"priceDiscount"`
	Currency      string           `json:"currency"`
	TimeZone      string           `json:"timeZone"`
	StartLocation AdminPlace       `json:"startLocation"`
	Locations     []AdminStop      `json:"locations"`
	Guides        []string         `json:"guides"`
	Cover         *AdminPicture    `json:"cover"`
	Pictures      []AdminPicture   `json:"pictures"`
	Departures    []AdminDeparture `json:"departures"`
	PublicURL     string           `json:"publicUrl"`
	// CancellationPolicy is the tiers, the furthest from departure first.
	CancellationPolicy []AdminTier `json:"cancellationPolicy"`
}

type AdminTier struct {
	DaysBefore int `json:"daysBefore"`
	Percent    int `json:"percent"`
}

type GuideOption struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	RoleLabel string `json:"roleLabel"`
}

type AdminToursProps struct {
	Tours   []AdminTourRow `json:"tours"`
	Query   string         `json:"query"`
	Status  string         `json:"status"`
	CanEdit bool           `json:"canEdit"`
}

type AdminTourProps struct {
	Tour       *AdminTour    `json:"tour"`
	Guides     []GuideOption `json:"guides"`
	TimeZones  []string      `json:"timeZones"`
	Currencies []string      `json:"currencies"`
	CanEdit    bool          `json:"canEdit"`
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
	r := AdminTourRow{ID: t.ID, Slug: t.Slug, Name: t.Name, Status: string(t.Status),
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
		ID: t.ID, Version: t.Version, Status: string(t.Status), Name: t.Name, Slug: t.Slug,
		Summary: t.Summary, Description: t.Description, Difficulty: string(t.Difficulty),
		DurationDays: t.DurationDays, MaxGroupSize: t.MaxGroupSize, Price: t.PriceMinor,
		PriceDiscount: t.DiscountMinor, Currency: t.Currency, TimeZone: t.TimeZone,
		StartLocation: AdminPlace{Coordinates: [2]float64{t.StartLocation.Point.Lng, t.StartLocation.Point.Lat},
			Description: t.StartLocation.Description},
		Locations: []AdminStop{}, Guides: []string{}, Pictures: []AdminPicture{}, Departures: []AdminDeparture{},
		PublicURL: "/tour/" + t.Slug, CancellationPolicy: []AdminTier{},
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
			MeetingPoint: d.MeetingPoint, Closed: d.Closed, Past: t.Started(d, now), HasBookings: d.Bookings > 0,
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
