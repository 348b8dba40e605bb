// Package view holds what the site shows of tours, bookings, reviews and the back
// office: the JSON shapes the React pages receive as props and the JSON API answers with,
// and the functions that build them from the domain types. Pages (internal/web) and the
// API (internal/api) both use it, so neither imports the other.
package view

import (
	"math"
	"net/url"
	"strconv"
	"strings"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/booking"
	"tourbook/internal/format"
	"tourbook/internal/media"
	"tourbook/internal/money"
	"tourbook/internal/review"
	"tourbook/internal/tour"
)

// The JSON the React pages receive. ui/src/props.ts re-exports the TypeScript types
// generated from these; the SSR test renders every page from them.

// PageData is what the document carries in #page-props and what renderPage receives.
// ui/src/props.ts declares it by hand, typed by the page's name (PageData<'tour'>).
//
//tsgen:skip
type PageData struct {
	Page  string       `json:"page"`
	Site  SiteConfig   `json:"site"`
	User  *SessionUser `json:"user"`
	Props any          `json:"props"`
}

// SiteConfig is the site's configuration that every page receives: the business's
// name, logo and contact (its profile, /admin/settings) and the map's tiles.
type SiteConfig struct {
	// Name is the business's name ("Fjord & Fell Tours"): the header without a logo, the
	// footer, the logo's text.
	Name string `json:"name"`
	// ShortName fits a phone's header ("Fjord & Fell").
	ShortName string `json:"shortName"`
	// Logo is the header's logo picture, "" without one (the name is shown instead).
	Logo string `json:"logo"`
	// ContactEmail, ContactPhone and the postal address's lines are the footer's; each
	// may be empty.
	ContactEmail string   `json:"contactEmail"`
	ContactPhone string   `json:"contactPhone"`
	Address      []string `json:"address"`
	// Leaflet tile URL template, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png.
	TileURL string `json:"tileUrl"`
	// HTML of the attribution, e.g. &copy; <a
	// href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors.
	// Server configuration, trusted.
	TileAttribution string `json:"tileAttribution"`
}

// SessionUser is the signed-in user as every page receives them.
type SessionUser struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Email string `json:"email"`
	// URL of the 500x500 photo.
	Photo string `json:"photo"`
	// The photo's widths ("url 64w, …"), or "" for a photo stored as one file.
	PhotoSrcSet string       `json:"photoSrcSet"`
	Role        account.Role `json:"role"`
}

// TourCard is a tour as lists show it.
type TourCard struct {
	ID           string          `json:"id"`
	Slug         string          `json:"slug"`
	Name         string          `json:"name"`
	Difficulty   tour.Difficulty `json:"difficulty"`
	DurationDays int             `json:"durationDays"`
	Summary      string          `json:"summary"`
	CoverImage   string          `json:"coverImage"`
	// Srcset of the cover when it is stored in several widths, else "".
	CoverSrcSet string `json:"coverSrcSet"`
	// Description of the start location, e.g. "Banff, CAN".
	StartLocation string `json:"startLocation"`
	// Next start date with room, formatted ("June 2027"), or null.
	NextDate     *string `json:"nextDate"`
	Stops        int     `json:"stops"`
	MaxGroupSize int     `json:"maxGroupSize"`
	// Formatted price per person, e.g. "$497".
	Price string `json:"price"`
	// Formatted average, e.g. "4.8".
	RatingsAverage  string `json:"ratingsAverage"`
	RatingsQuantity int    `json:"ratingsQuantity"`
}

// TourLocation is a stop of a tour; coordinates are [longitude, latitude] (SPEC.md §3).
type TourLocation struct {
	Coordinates [2]float64 `json:"coordinates"` // [lng, lat], SPEC.md §3
	Day         int        `json:"day"`
	Description string     `json:"description"`
}

// StartDateOption is a departure a traveller may choose on the tour page.
type StartDateOption struct {
	// ISO date, yyyy-mm-dd: the value sent to the checkout call.
	Date string `json:"date"`
	// Formatted for people, e.g. "Tue 15 June 2027".
	Label string `json:"label"`
	// Local start time with its zone, e.g. "08:30 GMT (Atlantic/Reykjavik)".
	StartTime string `json:"startTime"`
	// Where the group meets, or "".
	MeetingPoint string `json:"meetingPoint"`
	SeatsLeft    int    `json:"seatsLeft"`
	// False for past or full dates.
	Bookable bool `json:"bookable"`
	// Prices is what one traveller of each price category pays on this date, in minor
	// units, in the order of the tour's BookingForm.Categories: the running total's.
	Prices []int64 `json:"prices"`
	// BalanceDue is the day the balance is due when this date's checkout asks only a
	// deposit (BookingForm.Deposit), "Fri 2 May 2031"; "" when it is paid in full.
	BalanceDue string `json:"balanceDue"`
}

// Guide is one of a tour's guides on its page.
type Guide struct {
	Name string       `json:"name"`
	Role account.Role `json:"role"`
	// Human label of the role, e.g. "Lead guide".
	RoleLabel   string `json:"roleLabel"`
	Photo       string `json:"photo"`
	PhotoSrcSet string `json:"photoSrcSet"`
}

// Review is a shown review of a tour.
type Review struct {
	ID              string `json:"id"`
	Text            string `json:"text"`
	Rating          int    `json:"rating"`
	UserName        string `json:"userName"`
	UserPhoto       string `json:"userPhoto"`
	UserPhotoSrcSet string `json:"userPhotoSrcSet"`
	Date            string `json:"date"`   // when it was written
	Edited          bool   `json:"edited"` // changed by its author since
}

// Picture is an image with the widths it is stored in ("" srcSet: one file only).
type Picture struct {
	Src    string `json:"src"`
	SrcSet string `json:"srcSet"`
}

// TourDetail is a tour as its page shows it.
type TourDetail struct {
	TourCard
	Description string `json:"description"`
	// IANA zone the departures' start times are in.
	TimeZone   string            `json:"timeZone"`
	Pictures   []Picture         `json:"pictures"`
	Guides     []Guide           `json:"guides"`
	Locations  []TourLocation    `json:"locations"`
	StartDates []StartDateOption `json:"startDates"`
	// Reviews is page ReviewPage (the first unless the address asked for another) of
	// the shown reviews, newest first, of ReviewPages.
	Reviews     []Review `json:"reviews"`
	ReviewPage  int      `json:"reviewPage"`
	ReviewPages int      `json:"reviewPages"`
	// ReviewPageSize is how many reviews a page holds (review.PageSize).
	ReviewPageSize int `json:"reviewPageSize"`
	// CancellationPolicy is the policy new bookings are made under.
	CancellationPolicy []PolicyTier `json:"cancellationPolicy"`
	// Booking is what the booking panel asks beyond the date: how many of each price
	// category, extras, the travellers' details and the operator's questions.
	Booking BookingForm `json:"booking"`
}

// PolicyTier is one line of a cancellation policy (format.Policy).
type PolicyTier struct {
	// E.g. "7 to 29 days before departure".
	When string `json:"when"`
	// E.g. "50% refund", "Full refund", "No refund".
	Refund string `json:"refund"`
}

// BookingRow is one booking on the traveller's /my-tours.
type BookingRow struct {
	ID string `json:"id"`
	// "TB-7KQ4M2": what the traveller quotes when they call.
	Reference string   `json:"reference"`
	Tour      TourCard `json:"tour"`
	// Formatted start date.
	Date         string `json:"date"`
	Participants int    `json:"participants"`
	// Formatted amount paid, e.g. "$994.00".
	Amount string         `json:"amount"`
	Status booking.Status `json:"status"`
	// Human label of the status, e.g. "Paid".
	StatusLabel string `json:"statusLabel"`
	// TourURL is the tour's page, "" once the tour is no longer on sale.
	TourURL string `json:"tourUrl"`
	// Ticket is the ticket of a paid booking, for the traveller to show at the
	// departure; nil otherwise.
	Ticket *TicketView `json:"ticket"`
	// DetailsNeeded: "Details needed by Fri 11 June 2027" while required names or
	// answers are missing and can still be given on the booking's page; "" otherwise.
	DetailsNeeded string `json:"detailsNeeded"`
}

// OverviewProps are the props of /, the tours' overview.
type OverviewProps struct {
	Tours []TourCard `json:"tours"`
	// Headline and Introduction are the business's words for the home page
	// (/admin/settings); "" for none.
	Headline     string `json:"headline"`
	Introduction string `json:"introduction"`
}

// TourProps are the props of /tour/{slug}.
type TourProps struct {
	Tour TourDetail `json:"tour"`
	// Waitlist is the signed-in traveller's entries on this tour's departures.
	Waitlist []WaitlistPlace `json:"waitlist"`
	// WaitlistDates are the departures (yyyy-mm-dd) whose waiting list is open: not
	// closed and not too close to their start for an offer.
	WaitlistDates []string `json:"waitlistDates"`
	// Reviewing is the signed-in user's review or right to write one; nil for visitors.
	Reviewing *ReviewStanding `json:"reviewing"`
	// ReviewLimits bound the review form's text.
	ReviewLimits ReviewLimits `json:"reviewLimits"`
	// TermsVersion is the version of the terms of booking the booking panel asks the
	// traveller to accept (its checkbox links /terms); 0 while none are written: no box.
	TermsVersion int `json:"termsVersion"`
}

// MyToursProps are the props of /my-tours.
type MyToursProps struct {
	Bookings []BookingRow `json:"bookings"`
	// Waitlist is the traveller's waiting list entries: open offers first get a banner.
	Waitlist []WaitlistPlace `json:"waitlist"`
	// TermsVersion is the version of the terms of booking an offer's payment accepts
	// (a checkbox on its banner); 0 while none are written.
	TermsVersion int `json:"termsVersion"`
}

// ErrorProps are the props of the error page.
type ErrorProps struct {
	Status  int    `json:"status"`
	Title   string `json:"title"`
	Message string `json:"message"`
}

// EmptyProps are the props of a page that needs none (log in, sign up, the account).
type EmptyProps struct{}

// ResetPasswordProps are the props of /reset-password/{token}.
type ResetPasswordProps struct {
	Token  string `json:"token"`
	Usable bool   `json:"usable"`
}

// SetupProps is the first-start setup page's: the token of its one-time address.
type SetupProps struct {
	Token string `json:"token"`
}

// Image URLs: files live in the data folder and are served under /img/.
// A tour without a cover (an import that named none) shows the default picture.
func TourImageURL(file string) string {
	if file == "" {
		file = media.DefaultTourPicture
	}
	return "/img/tours/" + file
}

// TourImageSrcSet is the srcset of a tour picture uploaded in several widths, and ""
// for one stored as a single file (sample and imported pictures).
func TourImageSrcSet(file string) string {
	return srcSet(media.TourPictureVariants(file), TourImageURL)
}

// srcSet is the srcset of a picture's stored widths, "" for a picture stored once.
func srcSet(vs []media.Variant, url func(string) string) string {
	var b strings.Builder
	for i, v := range vs {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(url(v.File) + " " + strconv.Itoa(v.Width) + "w")
	}
	return b.String()
}

func UserPhotoURL(file string) string {
	if file == "" {
		file = media.DefaultPhoto
	}
	return "/img/users/" + file
}

// UserPhotoSrcSet is the srcset of a photo stored with narrower copies (the default
// photo's too), "" for one stored as one file.
func UserPhotoSrcSet(file string) string {
	if file == "" {
		file = media.DefaultPhoto
	}
	return srcSet(media.PhotoVariants(file), UserPhotoURL)
}

func NewSessionUser(u account.User) *SessionUser {
	return &SessionUser{ID: u.ID, Name: u.Name, Email: u.Email, Photo: UserPhotoURL(u.Photo), PhotoSrcSet: UserPhotoSrcSet(u.Photo), Role: u.Role}
}

func NewTourCard(t tour.Tour, now time.Time) TourCard {
	c := TourCard{
		ID: t.ID, Slug: t.Slug, Name: t.Name, Difficulty: t.Difficulty,
		DurationDays: t.DurationDays, Summary: t.Summary, CoverImage: TourImageURL(t.CoverImage), CoverSrcSet: TourImageSrcSet(t.CoverImage),
		StartLocation: t.StartLocation.Description, Stops: len(t.Locations),
		MaxGroupSize: t.MaxGroupSize, Price: money.FormatShort(t.UnitPriceMinor(), t.Currency),
		RatingsAverage: RatingLabel(t.RatingsAverage), RatingsQuantity: t.RatingsCount,
	}
	if d, ok := t.NextDate(now); ok {
		s := d.Date.Format("January 2006")
		c.NextDate = &s
	}
	return c
}

// RatingLabel is a rating average as pages show it: one decimal ("4.5").
// RoundRating is a rating average to one decimal, halves up as people round: 4.25 is 4.3
// (formatting alone rounds it to even, 4.2), and so is 87/20, which is a hair under 4.35
// as a float: the nudge, far below the 1/(20·count) between an average and the nearest
// other half, lets every true half round up.
func RoundRating(avg float64) float64 { return math.Round(avg*10+1e-9) / 10 }

func RatingLabel(avg float64) string { return strconv.FormatFloat(RoundRating(avg), 'f', 1, 64) }

func NewTourDetail(t tour.Tour, now time.Time) TourDetail {
	loc := t.Zone()
	d := TourDetail{
		TourCard: NewTourCard(t, now), Description: t.Description, TimeZone: loc.String(),
		Pictures: []Picture{}, Guides: []Guide{}, Locations: []TourLocation{},
		StartDates: []StartDateOption{}, Reviews: []Review{}, CancellationPolicy: NewPolicyTiers(t.Policy),
		Booking: NewBookingForm(t, now),
	}
	for _, p := range t.Pictures {
		d.Pictures = append(d.Pictures, Picture{Src: TourImageURL(p), SrcSet: TourImageSrcSet(p)})
	}
	for _, g := range t.Guides {
		d.Guides = append(d.Guides, Guide{Name: g.Name, Role: account.Role(g.Role), RoleLabel: RoleLabel(g.Role), Photo: UserPhotoURL(g.Photo), PhotoSrcSet: UserPhotoSrcSet(g.Photo)})
	}
	for _, l := range t.Locations {
		d.Locations = append(d.Locations, TourLocation{Coordinates: [2]float64{l.Point.Lng, l.Point.Lat}, Day: l.Day, Description: l.Description})
	}
	for _, sd := range t.NotEnded(now) {
		d.StartDates = append(d.StartDates, StartDateOption{
			Date: sd.Date.Format(time.DateOnly), Label: FormatDate(sd.Date),
			StartTime: StartTimeLabel(t, sd), MeetingPoint: sd.MeetingPoint,
			SeatsLeft: t.SeatsLeft(sd), Bookable: t.Bookable(sd, now), Prices: departurePrices(t, sd),
			BalanceDue: formatDay(t.BalanceDueFor(sd.Date, now)),
		})
	}
	for _, r := range t.Reviews {
		d.Reviews = append(d.Reviews, NewReview(r, loc))
	}
	d.ReviewPage, d.ReviewPages, d.ReviewPageSize = 1, review.Pages(t.RatingsCount), review.PageSize
	return d
}

func NewBookingRow(b booking.Booking, t tour.Tour, now time.Time) BookingRow {
	return BookingRow{
		ID: b.ID, Reference: b.Reference, Tour: NewTourCard(t, now), Date: FormatDate(b.StartDate),
		Participants: b.Participants, Amount: money.Format(b.AmountMinor, b.Currency),
		Status: b.Status, StatusLabel: travellerStatusLabel(b), TourURL: tourURLOnSale(t),
		DetailsNeeded: DetailsNeeded(t, b, now),
	}
}

// tourURLOnSale is the tour's page, or "" when the tour is not published: its page is
// not there, but the bookings of it are still its travellers'.
func tourURLOnSale(t tour.Tour) string {
	if t.Status != tour.Published {
		return ""
	}
	return "/tour/" + url.PathEscape(t.Slug)
}

// travellerStatusLabel is a booking's state as its traveller reads it on /my-tours,
// with what was refunded.
func travellerStatusLabel(b booking.Booking) string {
	switch {
	case b.Status == booking.Refunded:
		return "Cancelled, " + money.Format(b.RefundedMinor, b.Currency) + " refunded"
	case b.Status == booking.Cancelled:
		return "Cancelled"
	}
	return StatusLabel(b.Status)
}

// NewPolicyTiers writes a cancellation policy for a page; nil for none.
func NewPolicyTiers(p tour.CancellationPolicy) []PolicyTier {
	if p == nil {
		return nil
	}
	out := []PolicyTier{}
	for _, t := range format.Policy(p) {
		out = append(out, PolicyTier{When: t.When, Refund: t.Refund})
	}
	return out
}

// RoleLabel is how a role reads on a page.
func RoleLabel(role string) string {
	switch role {
	case "lead-guide":
		return "Lead guide"
	case "guide":
		return "Tour guide"
	case "admin":
		return "Administrator"
	}
	return "Traveller"
}

// StatusLabel is how a booking's status reads on /my-tours.
func StatusLabel(s booking.Status) string {
	switch s {
	case booking.Paid:
		return "Paid"
	case booking.Pending, booking.AwaitingPayment:
		return "Awaiting payment"
	case booking.RefundDue:
		return "Refund on its way"
	case booking.Refunded:
		return "Refunded"
	case booking.Cancelled:
		return "Cancelled"
	}
	return string(s)
}

// FormatDate formats a start date for people: "Tue 15 June 2027" (format.Date).
func FormatDate(t time.Time) string { return format.Date(t) }

// formatDay is FormatDate, "" for the zero day.
func formatDay(day time.Time) string {
	if day.IsZero() {
		return ""
	}
	return FormatDate(day)
}
