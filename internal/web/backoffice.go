package web

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	"tourbook/internal/checkin"
	"tourbook/internal/httpx"
	"tourbook/internal/launch"
	"tourbook/internal/rebook"
	"tourbook/internal/review"
	"tourbook/internal/tour"
	"tourbook/internal/view"
)

// BackOffice is what the bookings back office's pages read (backoffice.Service).
type BackOffice interface {
	Dashboard(ctx context.Context, actor account.User) ([]backoffice.DepartureStats, *backoffice.Sales, error)
	Calendar(ctx context.Context, actor account.User, q backoffice.CalendarQuery) (backoffice.Calendar, error)
	MyDepartures(ctx context.Context, actor account.User) ([]backoffice.DepartureStats, error)
	Bookings(ctx context.Context, actor account.User, f backoffice.BookingFilter) ([]backoffice.BookingRow, int, error)
	Booking(ctx context.Context, actor account.User, id string) (backoffice.Detail, error)
	NewBookingTours(ctx context.Context, actor account.User) ([]tour.Tour, time.Time, error)
}

// officeError answers a back-office page whose service failed. The services decide who
// may do what (account.Can*); a back-office user whose role may not gets the site's 404
// page, as for an address that is not there.
func (h *Handler) officeError(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, account.ErrNotAllowed) {
		h.NotFound(w, r)
		return
	}
	h.Error(w, r, err)
}

// Dashboard is /admin: the first screen of the back office, by role. Guides and lead
// guides get their own departures today and next (lead guides reach the dashboard at
// /admin/dashboard); admins the dashboard.
func (h *Handler) Dashboard(w http.ResponseWriter, r *http.Request) {
	u, ok := h.backOffice(w, r)
	if !ok {
		return
	}
	if u.Role == account.RoleGuide || u.Role == account.RoleLeadGuide {
		h.myDepartures(w, r, u)
		return
	}
	h.dashboard(w, r, u)
}

// AdminDashboard is /admin/dashboard: the dashboard, whatever the role.
func (h *Handler) AdminDashboard(w http.ResponseWriter, r *http.Request) {
	u, ok := h.backOffice(w, r)
	if !ok {
		return
	}
	h.dashboard(w, r, u)
}

// Launch is the checklist of what a new site still needs (launch.Service).
type Launch interface {
	Checklist(ctx context.Context, actor account.User) ([]launch.Item, error)
}

func (h *Handler) dashboard(w http.ResponseWriter, r *http.Request, u account.User) {
	deps, sales, err := h.Office.Dashboard(r.Context(), u)
	if err != nil {
		h.officeError(w, r, err)
		return
	}
	p := view.DashboardProps{Departures: make([]view.DashboardDeparture, 0, len(deps)), CalendarURL: "/admin/calendar"}
	for _, d := range deps {
		p.Departures = append(p.Departures, view.NewDashboardDeparture(d))
	}
	if sales != nil {
		p.Sales = &view.DashboardSales{Bookings30d: sales.Bookings, Revenue30d: view.FormatAmounts(sales.Revenue), RefundDue: sales.RefundDue}
		out, err := h.Collect.Dashboard(r.Context(), u)
		if err != nil {
			h.officeError(w, r, err)
			return
		}
		p.Collect = view.NewDashboardCollect(out, h.Zone)
	}
	p.Checklist = []view.ChecklistItem{}
	if account.CanAdminister(u) {
		items, err := h.Launch.Checklist(r.Context(), u)
		if err != nil {
			h.officeError(w, r, err)
			return
		}
		p.Checklist = view.NewChecklist(items)
	}
	h.render(w, r, page{name: "adminDashboard", title: "Dashboard · Back office", props: p})
}

func (h *Handler) myDepartures(w http.ResponseWriter, r *http.Request, u account.User) {
	deps, err := h.Office.MyDepartures(r.Context(), u)
	if err != nil {
		h.officeError(w, r, err)
		return
	}
	p := view.MyDeparturesProps{Departures: view.NewMyDepartures(deps, h.Now()), CalendarURL: "/admin/calendar"}
	if account.CanManageBookings(u) {
		p.DashboardURL = "/admin/dashboard"
	}
	h.render(w, r, page{name: "adminMyDepartures", title: "My departures · Back office", props: p})
}

// AdminCalendar is /admin/calendar?month=&day=&tour=&guide=: a month or a day of
// departures; an address that cannot be read is a 400 page saying why.
func (h *Handler) AdminCalendar(w http.ResponseWriter, r *http.Request) {
	u, ok := h.backOffice(w, r)
	if !ok {
		return
	}
	q := r.URL.Query()
	c, err := h.Office.Calendar(r.Context(), u, backoffice.CalendarQuery{Month: q.Get("month"), Day: q.Get("day"),
		Tour: q.Get("tour"), Guide: q.Get("guide")})
	if err != nil {
		h.officeError(w, r, err)
		return
	}
	p := view.NewAdminCalendarProps(c)
	title := p.MonthLabel
	if p.DayLabel != "" {
		title = p.DayLabel
	}
	h.render(w, r, page{name: "adminCalendar", title: title + " · Calendar · Back office", props: p})
}

// AdminBookings is /admin/bookings with its filters.
func (h *Handler) AdminBookings(w http.ResponseWriter, r *http.Request) {
	u, ok := h.backOffice(w, r)
	if !ok {
		return
	}
	q := r.URL.Query()
	pageNo, offset := pageOf(q)
	fl := view.BookingFilters{Tour: q.Get("tour"), Date: q.Get("date"), Status: q.Get("status"), Email: strings.TrimSpace(q.Get("email")),
		From: q.Get("from"), To: q.Get("to"), Q: strings.TrimSpace(q.Get("q"))}
	f := backoffice.BookingFilter{TourID: fl.Tour, Email: fl.Email, Query: fl.Q, Offset: offset, Limit: view.PageSize}
	// A filter that cannot be read is dropped, and the form shows it empty.
	switch st := booking.Status(fl.Status); st {
	case booking.Pending, booking.AwaitingPayment, booking.Paid, booking.RefundDue, booking.Refunded, booking.Cancelled:
		f.Status = st
	default:
		fl.Status = ""
	}
	for _, d := range []struct {
		text *string
		into *time.Time
	}{{&fl.Date, &f.Date}, {&fl.From, &f.From}, {&fl.To, &f.To}} {
		if t, err := time.Parse(time.DateOnly, *d.text); err == nil {
			*d.into = t
		} else {
			*d.text = ""
		}
	}
	rows, total, err := h.Office.Bookings(r.Context(), u, f)
	status, message := http.StatusOK, ""
	if err != nil {
		code, msg := httpx.Classify(err)
		if code != http.StatusBadRequest {
			h.officeError(w, r, err)
			return
		}
		// A search that cannot be made: the page, saying what to type instead.
		status, message = code, msg
	}
	// Names only: the filter's list must not add up every departure's seats.
	tours, err := h.Catalog.TourNames(r.Context(), u)
	if err != nil {
		h.officeError(w, r, err)
		return
	}
	p := view.AdminBookingsProps{Bookings: make([]view.AdminBookingRow, 0, len(rows)), Filters: fl, Tours: []view.IDName{},
		Paging: view.NewPaging(pageNo, total), Message: message}
	for _, b := range rows {
		p.Bookings = append(p.Bookings, view.NewAdminBookingRow(b, h.Zone, h.Now()))
	}
	for _, t := range tours {
		p.Tours = append(p.Tours, view.IDName{ID: t.ID, Name: t.Name})
	}

	title := "Bookings · Back office"
	if fl.Q != "" {
		title = "Bookings found by “" + fl.Q + "” · Back office"
	}
	h.render(w, r, page{name: "adminBookings", title: title, props: p, status: status})
}

// AdminBooking is /admin/bookings/{id}.
func (h *Handler) AdminBooking(w http.ResponseWriter, r *http.Request) {
	u, ok := h.backOffice(w, r)
	if !ok {
		return
	}
	d, err := h.Collect.Booking(r.Context(), u, r.PathValue("id"))
	if err != nil {
		h.officeError(w, r, err)
		return
	}
	p := view.AdminBookingProps{Booking: view.NewAdminBookingDetail(d.Detail, h.Zone), Collect: view.NewBookingCollect(d, h.Now(), h.Zone)}
	if p.Receipts, err = h.receiptLinks(r.Context(), d.ID, "/admin/bookings/"+url.PathEscape(d.ID)); err != nil {
		h.officeError(w, r, err)
		return
	}
	if p.Booking.Changeable && h.Rebook != nil {
		c, err := h.Rebook.Choices(r.Context(), u, d.ID)
		if err != nil {
			h.officeError(w, r, err)
			return
		}
		o := view.NewBookingChangeOptions(d.Booking, c)
		p.Options = &o
	}
	h.render(w, r, page{name: "adminBooking", title: "Booking " + d.Reference + " · Back office", props: p})
}

// Rebook is what a booking's page reads of the change form (rebook.Service).
type Rebook interface {
	Choices(ctx context.Context, actor account.User, id string) (rebook.Choices, error)
}

// AdminNewBooking is /admin/bookings/new?tour=&date=: New booking, the tour and the
// departure chosen when the address names them (the dashboard, a tour, a departure's
// row, the manifest and the calendar link here).
func (h *Handler) AdminNewBooking(w http.ResponseWriter, r *http.Request) {
	u, ok := h.backOffice(w, r)
	if !ok {
		return
	}
	tours, now, err := h.Office.NewBookingTours(r.Context(), u)
	if err != nil {
		h.officeError(w, r, err)
		return
	}
	q := r.URL.Query()
	h.render(w, r, page{name: "adminNewBooking", title: "New booking · Back office",
		props: view.NewNewBookingProps(tours, q.Get("tour"), q.Get("date"), now)})
}

// Departures is what a departure's manifest and check-in pages read (checkin.Service).
type Departures interface {
	Manifest(ctx context.Context, actor account.User, tourID, date string) (checkin.Manifest, error)
}

// manifest is the departure {id}/{date} of the request's path, and the back-office user
// asking, who may see manifests; false once the answer is sent (login, 404 for others, the error page).
func (h *Handler) manifest(w http.ResponseWriter, r *http.Request) (account.User, checkin.Manifest, bool) {
	u, ok := h.backOffice(w, r)
	if !ok {
		return u, checkin.Manifest{}, false
	}
	m, err := h.Departures.Manifest(r.Context(), u, r.PathValue("id"), r.PathValue("date"))
	if err != nil {
		h.officeError(w, r, err)
		return u, m, false
	}
	return u, m, true
}

// AdminManifest is /admin/tours/{id}/departures/{date}: who is on a departure.
func (h *Handler) AdminManifest(w http.ResponseWriter, r *http.Request) {
	u, m, ok := h.manifest(w, r)
	if !ok {
		return
	}
	p := view.NewAdminManifestProps(m, h.Now(), account.CanManageBookings(u))
	p.MoveTo = view.MoveTargets(m.Tour, m.Departure, h.Now())
	h.render(w, r, page{name: "adminManifest", title: m.Tour.Name + ", " + p.Departure.Label + " · Manifest", props: p})
}

// AdminManifestCSV is the manifest as a CSV file for a spreadsheet, the bookings coming
// only, one row per traveller (a sum of its Seat column is the departure's seats): the
// booking's check-in on its lead's row, then each traveller's category and one column
// per question (the booking's own answers on the lead's row). UTF-8 with a byte order
// mark (so Excel reads the accents), every cell quoted where needed, and cells a
// spreadsheet would run as a formula (= + - @, tab, carriage return) made text.
func (h *Handler) AdminManifestCSV(w http.ResponseWriter, r *http.Request) {
	_, m, ok := h.manifest(w, r)
	if !ok {
		return
	}
	date := m.Departure.Date.Format(time.DateOnly)
	start := view.StartTimeLabel(m.Tour, m.Departure)
	columns := m.Columns()
	header := []string{"Booking", "Name", "Email", "Seat", "Status", "Paid by", "Tour", "Date", "Start", "Arrived",
		"Checked in", "Phone", "Notes", "Traveller", "Category"}
	for _, c := range columns {
		header = append(header, SafeCell(c.Label))
	}
	rows := make([][]string, 0, len(m.Coming))
	for _, b := range m.Coming {
		arrived, checked := "", ""
		if c := view.ManifestCheckIn(m, b); c != nil {
			arrived, checked = fmt.Sprint(c.Arrived), SafeCell(c.At+" by "+c.By)
		}
		for _, tr := range checkin.TravellersOf(b) {
			seat := "0"
			if tr.Seat {
				seat = "1"
			}
			row := []string{b.ID, SafeCell(tr.Name), SafeCell(b.CustomerEmail), seat, view.StatusLabel(b.Status),
				view.SourceLabel(b.Source), SafeCell(m.Tour.Name), date, start, arrived, checked, SafeCell(tr.Phone),
				SafeCell(b.Notes), fmt.Sprintf("%d of %d", tr.Index, tr.Of), SafeCell(tr.Category)}
			answers := map[string]string{}
			for _, a := range tr.Answers {
				answers[a.QuestionID] = a.Text()
			}
			for _, c := range columns {
				row = append(row, SafeCell(answers[c.QuestionID]))
			}
			rows = append(rows, row)
			arrived, checked = "", "" // the booking's, on its lead's row only
		}
	}
	h.writeCSV(w, r, fmt.Sprintf("manifest-%s-%s.csv", m.Tour.Slug, date), header, rows)
}

// writeCSV answers with a CSV file for a spreadsheet, named name: UTF-8 with a byte
// order mark (so Excel reads the accents), every cell quoted where needed. Cells of text
// people typed go through SafeCell first.
func (h *Handler) writeCSV(w http.ResponseWriter, r *http.Request, name string, header []string, rows [][]string) {
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	w.Header().Set("Cache-Control", "private, no-store")
	_, _ = w.Write([]byte("\ufeff"))
	cw := csv.NewWriter(w)
	_ = cw.Write(header)
	for _, row := range rows {
		_ = cw.Write(row)
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		httpx.LogError(r, h.Log, http.StatusInternalServerError, fmt.Errorf("write %s: %w", name, err))
	}
}

// SafeCell keeps a spreadsheet from reading text as a formula (CSV injection): a cell
// starting with = + - @, a tab or a carriage return gets a leading apostrophe, which
// spreadsheets show as text.
func SafeCell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// UserAdmin is what the users' and the audit log's pages read (useradmin.Service).
type UserAdmin interface {
	Users(ctx context.Context, actor account.User, q string, offset, limit int) ([]account.User, int, error)
	Audit(ctx context.Context, actor account.User, f audit.Filter) ([]audit.Entry, int, error)
}

// AdminUsers is /admin/users?q=.
func (h *Handler) AdminUsers(w http.ResponseWriter, r *http.Request) {
	u, ok := h.backOffice(w, r)
	if !ok {
		return
	}
	q := r.URL.Query()
	pageNo, offset := pageOf(q)
	users, total, err := h.Users.Users(r.Context(), u, q.Get("q"), offset, view.PageSize)
	if err != nil {
		h.officeError(w, r, err)
		return
	}
	p := view.AdminUsersProps{Users: make([]view.AdminUserRow, 0, len(users)), Query: q.Get("q"), Paging: view.NewPaging(pageNo, total)}
	for _, x := range users {
		p.Users = append(p.Users, view.NewAdminUserRow(x))
	}
	h.render(w, r, page{name: "adminUsers", title: "Users · Back office", props: p})
}

// Moderation lists every review for admins (review.Moderation).
type Moderation interface {
	Reviews(ctx context.Context, actor account.User, offset, limit int) ([]review.Row, int, error)
}

// AdminReviews is /admin/reviews.
func (h *Handler) AdminReviews(w http.ResponseWriter, r *http.Request) {
	u, ok := h.backOffice(w, r)
	if !ok {
		return
	}
	pageNo, offset := pageOf(r.URL.Query())
	reviews, total, err := h.Moderation.Reviews(r.Context(), u, offset, view.PageSize)
	if err != nil {
		h.officeError(w, r, err)
		return
	}
	p := view.AdminReviewsProps{Reviews: make([]view.AdminReviewRow, 0, len(reviews)), Paging: view.NewPaging(pageNo, total)}
	for _, x := range reviews {
		p.Reviews = append(p.Reviews, view.NewAdminReviewRow(x, h.Zone))
	}
	h.render(w, r, page{name: "adminReviews", title: "Reviews · Back office", props: p})
}

// AdminAudit is /admin/audit?actor=&object=.
func (h *Handler) AdminAudit(w http.ResponseWriter, r *http.Request) {
	u, ok := h.backOffice(w, r)
	if !ok {
		return
	}
	q := r.URL.Query()
	pageNo, offset := pageOf(q)
	fl := view.AuditFilters{Actor: strings.TrimSpace(q.Get("actor")), Object: strings.TrimSpace(q.Get("object"))}
	entries, total, err := h.Users.Audit(r.Context(), u, audit.Filter{ActorID: fl.Actor, ObjectID: fl.Object, Offset: offset, Limit: view.PageSize})
	if err != nil {
		h.officeError(w, r, err)
		return
	}
	p := view.AdminAuditProps{Entries: make([]view.AuditRow, 0, len(entries)), Filters: fl, Paging: view.NewPaging(pageNo, total)}
	for _, e := range entries {
		p.Entries = append(p.Entries, view.NewAuditRow(e, h.Zone))
	}
	h.render(w, r, page{name: "adminAudit", title: "Audit log · Back office", props: p})
}
