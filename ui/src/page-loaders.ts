// The browser loads only the page it shows: each page is its own chunk, imported here by
// name. The module path must stay src/pages/<page name in kebab case>-page.tsx: the Go
// side finds a page's chunk in the Vite manifest by that name, to preload it with the
// entry (internal/ssr/manifest.go), and the JS budget (scripts/js-budget.mjs) measures
// each page the same way.
import type { PageComponent } from './page-shell';
import type { PageName } from './props';

type PageLoaders = { [P in PageName]: () => Promise<PageComponent<P>> };

export const pageLoaders: PageLoaders = {
  overview: () => import('./pages/overview-page').then((m) => m.OverviewPage),
  tour: () => import('./pages/tour-page').then((m) => m.TourPage),
  login: () => import('./pages/login-page').then((m) => m.LoginPage),
  signup: () => import('./pages/signup-page').then((m) => m.SignupPage),
  forgotPassword: () => import('./pages/forgot-password-page').then((m) => m.ForgotPasswordPage),
  resetPassword: () => import('./pages/reset-password-page').then((m) => m.ResetPasswordPage),
  setup: () => import('./pages/setup-page').then((m) => m.SetupPage),
  settingUp: () => import('./pages/setting-up-page').then((m) => m.SettingUpPage),
  account: () => import('./pages/account-page').then((m) => m.AccountPage),
  myTours: () => import('./pages/my-tours-page').then((m) => m.MyToursPage),
  myBooking: () => import('./pages/my-booking-page').then((m) => m.MyBookingPage),
  error: () => import('./pages/error-page').then((m) => m.ErrorPage),
  legal: () => import('./pages/legal-page').then((m) => m.LegalPage),
  adminTours: () => import('./pages/admin-tours-page').then((m) => m.AdminToursPage),
  adminTour: () => import('./pages/admin-tour-page').then((m) => m.AdminTourPage),
  adminDashboard: () => import('./pages/admin-dashboard-page').then((m) => m.AdminDashboardPage),
  adminCalendar: () => import('./pages/admin-calendar-page').then((m) => m.AdminCalendarPage),
  adminMyDepartures: () => import('./pages/admin-my-departures-page').then((m) => m.AdminMyDeparturesPage),
  adminBookings: () => import('./pages/admin-bookings-page').then((m) => m.AdminBookingsPage),
  adminBooking: () => import('./pages/admin-booking-page').then((m) => m.AdminBookingPage),
  adminNewBooking: () => import('./pages/admin-new-booking-page').then((m) => m.AdminNewBookingPage),
  adminManifest: () => import('./pages/admin-manifest-page').then((m) => m.AdminManifestPage),
  adminCheckIn: () => import('./pages/admin-check-in-page').then((m) => m.AdminCheckInPage),
  adminUsers: () => import('./pages/admin-users-page').then((m) => m.AdminUsersPage),
  adminReviews: () => import('./pages/admin-reviews-page').then((m) => m.AdminReviewsPage),
  adminAudit: () => import('./pages/admin-audit-page').then((m) => m.AdminAuditPage),
  adminReceipts: () => import('./pages/admin-receipts-page').then((m) => m.AdminReceiptsPage),
  giftCards: () => import('./pages/gift-cards-page').then((m) => m.GiftCardsPage),
  adminGiftCards: () => import('./pages/admin-gift-cards-page').then((m) => m.AdminGiftCardsPage),
  adminGiftCard: () => import('./pages/admin-gift-card-page').then((m) => m.AdminGiftCardPage),
  adminEmails: () => import('./pages/admin-emails-page').then((m) => m.AdminEmailsPage),
  adminEmail: () => import('./pages/admin-email-page').then((m) => m.AdminEmailPage),
  adminSettings: () => import('./pages/admin-settings-page').then((m) => m.AdminSettingsPage),
  adminLegal: () => import('./pages/admin-legal-page').then((m) => m.AdminLegalPage),
  adminPromotions: () => import('./pages/admin-promotions-page').then((m) => m.AdminPromotionsPage),
};
