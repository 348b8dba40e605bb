package view

import (
	"fmt"
	"reflect"
	"strings"
)

// PageProps names every page and the props it receives: a field's JSON name is the
// page's name (internal/web renders it under that name), its type the page's props.
// It is the contract's table of contents for the UI (PageName is keyof PageProps); no
// value of it is ever built.
type PageProps struct {
	Overview OverviewProps `json:"overview"`
	Tour     TourProps     `json:"tour"`
	Login    EmptyProps    `json:"login"`
	Signup   EmptyProps    `json:"signup"`
	// ForgotPassword is /forgot-password.
	ForgotPassword EmptyProps `json:"forgotPassword"`
	// ResetPassword is /reset-password/{token}: usable is false for a used, expired or
	// unknown link.
	ResetPassword ResetPasswordProps `json:"resetPassword"`
	// Setup is /setup/{token}: a new site's first administrator, made in the browser.
	Setup SetupProps `json:"setup"`
	// SettingUp is every page of a site that has no administrator yet.
	SettingUp EmptyProps   `json:"settingUp"`
	Account   EmptyProps   `json:"account"`
	MyTours   MyToursProps `json:"myTours"`
	// MyBooking is /my-tours/{id}: only its traveller sees it.
	MyBooking MyBookingProps `json:"myBooking"`
	Error     ErrorProps     `json:"error"`
	// Legal is /terms, /privacy, /imprint and /terms/v/{n}: a legal page, or the polite
	// word that it is not written yet.
	Legal LegalPageProps `json:"legal"`
	// AdminTours is /admin/tours: guides see only the tours they guide, read-only.
	AdminTours AdminToursProps `json:"adminTours"`
	// AdminTour is /admin/tours/new (tour null) and /admin/tours/{id}.
	AdminTour AdminTourProps `json:"adminTour"`
	// AdminDashboard is /admin (admins) and /admin/dashboard: guides see their own departures only, and no money.
	AdminDashboard DashboardProps `json:"adminDashboard"`
	// AdminCalendar is /admin/calendar?month=&day=&tour=&guide=: a month or a day of
	// departures; guides see their own tours only.
	AdminCalendar AdminCalendarProps `json:"adminCalendar"`
	// AdminMyDepartures is /admin for guides and lead guides: their departures today and
	// next, for a phone.
	AdminMyDepartures MyDeparturesProps `json:"adminMyDepartures"`
	// AdminBookings is /admin/bookings?tour=&date=&status=&email=&from=&to=&page=.
	AdminBookings AdminBookingsProps `json:"adminBookings"`
	// AdminBooking is /admin/bookings/{id}.
	AdminBooking AdminBookingProps `json:"adminBooking"`
	// AdminNewBooking is /admin/bookings/new?tour=&date=: an operator's booking.
	AdminNewBooking NewBookingProps `json:"adminNewBooking"`
	// AdminManifest is /admin/tours/{id}/departures/{date}: the manifest; guides of the
	// tour see it read-only.
	AdminManifest AdminManifestProps `json:"adminManifest"`
	// AdminCheckIn is /admin/tours/{id}/departures/{date}/check-in: the guide's check-in
	// at the departure, for a phone.
	AdminCheckIn AdminCheckInProps `json:"adminCheckIn"`
	// AdminUsers is /admin/users?q= (admins).
	AdminUsers AdminUsersProps `json:"adminUsers"`
	// AdminReviews is /admin/reviews (admins).
	AdminReviews AdminReviewsProps `json:"adminReviews"`
	// AdminAudit is /admin/audit?actor=&object= (admins).
	AdminAudit AdminAuditProps `json:"adminAudit"`
	// AdminReceipts is /admin/receipts?year=&month= (admins): the receipts and credit
	// notes of a month or a year, with their totals and a CSV for the accountant.
	AdminReceipts AdminReceiptsProps `json:"adminReceipts"`
	// AdminEmails is /admin/emails?status=&kind=&to= (admins): the email outbox, newest
	// first.
	AdminEmails AdminEmailsProps `json:"adminEmails"`
	// AdminEmail is /admin/emails/{id} (admins).
	AdminEmail AdminEmailProps `json:"adminEmail"`
	// AdminSettings is /admin/settings (admins): the business's name, logo, colour,
	// contact, legal identity, defaults for new tours and home page words.
	AdminSettings AdminSettingsProps `json:"adminSettings"`
	// AdminLegal is /admin/legal (admins): the legal pages' editors and the terms'
	// versions.
	AdminLegal AdminLegalProps `json:"adminLegal"`
	// AdminPromotions is /admin/promotions (admins): the promo codes with their uses and
	// the discount given, each editable, switched on and off.
	AdminPromotions AdminPromotionsProps `json:"adminPromotions"`
	// GiftCards is /gift-cards: buy a gift card for someone (issue #24 §2).
	GiftCards GiftCardsProps `json:"giftCards"`
	// AdminGiftCards is /admin/gift-cards?q= (admins): the cards found by code or email.
	AdminGiftCards AdminGiftCardsProps `json:"adminGiftCards"`
	// AdminGiftCard is /admin/gift-cards/{id} (admins): a card, its history, adjust and void.
	AdminGiftCard AdminGiftCardProps `json:"adminGiftCard"`
}

// CheckPage says whether props are what PageProps names for the page: the UI renders
// them with the TypeScript types generated from PageProps, so a page whose props are of
// another type is refused rather than sent.
func CheckPage(name string, props any) error {
	t := reflect.TypeFor[PageProps]()
	for i := range t.NumField() {
		f := t.Field(i)
		if tag, _, _ := strings.Cut(f.Tag.Get("json"), ","); tag != name {
			continue
		}
		if got := reflect.TypeOf(props); got != f.Type {
			return fmt.Errorf("page %q: props of type %v, PageProps names %v", name, got, f.Type)
		}
		return nil
	}
	return fmt.Errorf("page %q is not in PageProps", name)
}
