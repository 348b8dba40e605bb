import { Layout } from './components/layout';
import { AccountPage } from './pages/account-page';
import { AdminAuditPage } from './pages/admin-audit-page';
import { AdminBookingPage } from './pages/admin-booking-page';
import { AdminBookingsPage } from './pages/admin-bookings-page';
import { AdminDashboardPage } from './pages/admin-dashboard-page';
import { AdminEmailPage } from './pages/admin-email-page';
import { AdminEmailsPage } from './pages/admin-emails-page';
import { AdminManifestPage } from './pages/admin-manifest-page';
import { AdminReviewsPage } from './pages/admin-reviews-page';
import { AdminTourPage } from './pages/admin-tour-page';
import { AdminToursPage } from './pages/admin-tours-page';
import { AdminUsersPage } from './pages/admin-users-page';
import { ErrorPage } from './pages/error-page';
import { LoginPage } from './pages/login-page';
import { MyBookingPage } from './pages/my-booking-page';
import { MyToursPage } from './pages/my-tours-page';
import { OverviewPage } from './pages/overview-page';
import { SignupPage } from './pages/signup-page';
import { ForgotPasswordPage } from './pages/forgot-password-page';
import { ResetPasswordPage } from './pages/reset-password-page';
import { TourPage } from './pages/tour-page';
import type { PageData, PageName } from './props';
import { SessionProvider } from './session';

/** PageData as a union discriminated by `page`, so each branch sees its own props. */
export type AnyPageData = { [P in PageName]: PageData<P> }[PageName];

function PageBody({ data }: { data: AnyPageData }) {
  switch (data.page) {
    case 'overview':
      return <OverviewPage {...data.props} />;
    case 'tour':
      return <TourPage {...data.props} />;
    case 'login':
      return <LoginPage />;
    case 'signup':
      return <SignupPage />;
    case 'forgotPassword':
      return <ForgotPasswordPage />;
    case 'resetPassword':
      return <ResetPasswordPage {...data.props} />;
    case 'account':
      return <AccountPage />;
    case 'myTours':
      return <MyToursPage {...data.props} />;
    case 'myBooking':
      return <MyBookingPage {...data.props} />;
    case 'error':
      return <ErrorPage {...data.props} />;
    case 'adminTours':
      return <AdminToursPage {...data.props} />;
    case 'adminTour':
      return <AdminTourPage {...data.props} />;
    case 'adminDashboard':
      return <AdminDashboardPage {...data.props} />;
    case 'adminBookings':
      return <AdminBookingsPage {...data.props} />;
    case 'adminBooking':
      return <AdminBookingPage {...data.props} />;
    case 'adminManifest':
      return <AdminManifestPage {...data.props} />;
    case 'adminUsers':
      return <AdminUsersPage {...data.props} />;
    case 'adminReviews':
      return <AdminReviewsPage {...data.props} />;
    case 'adminAudit':
      return <AdminAuditPage {...data.props} />;
    case 'adminEmails':
      return <AdminEmailsPage {...data.props} />;
    case 'adminEmail':
      return <AdminEmailPage {...data.props} />;
    default:
      return (
        <ErrorPage status={500} title="Something went wrong" message="This page could not be shown." />
      );
  }
}

/** The whole page for one PageData, the same on the server and in the browser. */
export function App({ data }: { data: PageData }) {
  return (
    <SessionProvider site={data.site} initialUser={data.user}>
      <Layout>
        <PageBody data={data as AnyPageData} />
      </Layout>
    </SessionProvider>
  );
}
