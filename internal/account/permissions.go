package account

import "tourbook/internal/fault"

// ErrNotAllowed: the user's role does not allow this (the back office's services answer
// it; the pages show their 404 instead).
var ErrNotAllowed = fault.New(fault.Forbidden, "not allowed", "Your account is not allowed to do this.")

// Who may do what in the back office: admins everything; lead guides bookings and
// manifests; guides the manifests of the tours they guide. Each service checks these
// itself, once, before it reads or writes anything.

// CanManageBookings: the dashboard's sales, the bookings, cancelling and refunding,
// walk-ins and cancelling departures.
func CanManageBookings(u User) bool {
	return u.Role == RoleAdmin || u.Role == RoleLeadGuide
}

// CanAdminister: users, reviews, the email outbox and the audit log.
func CanAdminister(u User) bool { return u.Role == RoleAdmin }

// CanSeeManifests: the dashboard and manifests (guides: of their own tours).
func CanSeeManifests(u User) bool {
	return CanManageBookings(u) || u.Role == RoleGuide
}
