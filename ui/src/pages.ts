// Every page component, imported statically: the server bundle renders any of them, and
// tests render them in-process. The browser build never imports this file; it loads one
// page at a time through page-loaders.ts.
import { AccountPage } from './pages/account-page';
import { AdminAuditPage } from './pages/admin-audit-page';
import { AdminBookingPage } from './pages/admin-booking-page';
import { AdminBookingsPage } from './pages/admin-bookings-page';
import { AdminNewBookingPage } from './pages/admin-new-booking-page';
import { AdminCalendarPage } from './pages/admin-calendar-page';
import { AdminDashboardPage } from './pages/admin-dashboard-page';
import { AdminEmailPage } from './pages/admin-email-page';
import { AdminEmailsPage } from './pages/admin-emails-page';
import { AdminGiftCardPage } from './pages/admin-gift-card-page';
import { AdminGiftCardsPage } from './pages/admin-gift-cards-page';
import { AdminManifestPage } from './pages/admin-manifest-page';
import { AdminMyDeparturesPage } from './pages/admin-my-departures-page';
import { AdminCheckInPage } from './pages/admin-check-in-page';
import { AdminReceiptsPage } from './pages/admin-receipts-page';
import { AdminReviewsPage } from './pages/admin-reviews-page';
import { AdminSettingsPage } from './pages/admin-settings-page';
import { AdminTourPage } from './pages/admin-tour-page';
import { AdminToursPage } from './pages/admin-tours-page';
import { AdminUsersPage } from './pages/admin-users-page';
import { ErrorPage } from './pages/error-page';
import { LegalPage } from './pages/legal-page';
import { AdminLegalPage } from './pages/admin-legal-page';
import { AdminPromotionsPage } from './pages/admin-promotions-page';
import { ForgotPasswordPage } from './pages/forgot-password-page';
import { GiftCardsPage } from './pages/gift-cards-page';
import { LoginPage } from './pages/login-page';
import { MyBookingPage } from './pages/my-booking-page';
import { MyToursPage } from './pages/my-tours-page';
import { OverviewPage } from './pages/overview-page';
import { ResetPasswordPage } from './pages/reset-password-page';
import { SettingUpPage } from './pages/setting-up-page';
import { SetupPage } from './pages/setup-page';
import { SignupPage } from './pages/signup-page';
import { TourPage } from './pages/tour-page';
import type { PageComponent } from './page-shell';
import type { PageName } from './props';

export const pages: { [P in PageName]: PageComponent<P> } = {
  overview: OverviewPage,
  tour: TourPage,
  login: LoginPage,
  signup: SignupPage,
  forgotPassword: ForgotPasswordPage,
  resetPassword: ResetPasswordPage,
  setup: SetupPage,
  settingUp: SettingUpPage,
  account: AccountPage,
  myTours: MyToursPage,
  myBooking: MyBookingPage,
  error: ErrorPage,
  legal: LegalPage,
  adminTours: AdminToursPage,
  adminTour: AdminTourPage,
  adminDashboard: AdminDashboardPage,
  adminCalendar: AdminCalendarPage,
  adminMyDepartures: AdminMyDeparturesPage,
  adminBookings: AdminBookingsPage,
  adminBooking: AdminBookingPage,
  adminNewBooking: AdminNewBookingPage,
  adminManifest: AdminManifestPage,
  adminCheckIn: AdminCheckInPage,
  adminUsers: AdminUsersPage,
  adminReviews: AdminReviewsPage,
  adminAudit: AdminAuditPage,
  adminReceipts: AdminReceiptsPage,
  adminEmails: AdminEmailsPage,
  adminEmail: AdminEmailPage,
  adminSettings: AdminSettingsPage,
  adminLegal: AdminLegalPage,
  adminPromotions: AdminPromotionsPage,
  giftCards: GiftCardsPage,
  adminGiftCards: AdminGiftCardsPage,
  adminGiftCard: AdminGiftCardPage,
};
