import type { Role } from '../../props';
import { useSession } from '../../session';

export type AdminSection =
  | 'mine'
  | 'dashboard'
  | 'calendar'
  | 'tours'
  | 'bookings'
  | 'receipts'
  | 'giftCards'
  | 'users'
  | 'reviews'
  | 'audit'
  | 'emails'
  | 'legal'
  | 'promotions'
  | 'settings';

interface AdminLink {
  section: AdminSection;
  href: string;
  label: string;
}

const LINKS: AdminLink[] = [
  { section: 'mine', href: '/admin', label: 'My departures' },
  { section: 'dashboard', href: '/admin', label: 'Dashboard' },
  { section: 'calendar', href: '/admin/calendar', label: 'Calendar' },
  { section: 'tours', href: '/admin/tours', label: 'Tours' },
  { section: 'bookings', href: '/admin/bookings', label: 'Bookings' },
  { section: 'receipts', href: '/admin/receipts', label: 'Receipts' },
  { section: 'giftCards', href: '/admin/gift-cards', label: 'Gift cards' },
  { section: 'users', href: '/admin/users', label: 'Users' },
  { section: 'reviews', href: '/admin/reviews', label: 'Reviews' },
  { section: 'audit', href: '/admin/audit', label: 'Audit log' },
  { section: 'emails', href: '/admin/emails', label: 'Emails' },
  { section: 'legal', href: '/admin/legal', label: 'Legal pages' },
  { section: 'promotions', href: '/admin/promotions', label: 'Promo codes' },
  { section: 'settings', href: '/admin/settings', label: 'Settings' },
];

/** docs/admin.md "Who may do what": the sections each role's pages include. /admin is the
 * first screen: the dashboard for admins, their own departures for guides and lead guides
 * (whose dashboard is /admin/dashboard). */
const SECTIONS: Record<Role, AdminSection[]> = {
  admin: ['dashboard', 'calendar', 'tours', 'bookings', 'receipts', 'giftCards', 'users', 'reviews', 'audit', 'emails', 'legal', 'promotions', 'settings'],
  'lead-guide': ['mine', 'dashboard', 'calendar', 'tours', 'bookings'],
  guide: ['mine', 'calendar', 'tours'],
  user: [],
};

interface AdminNavProps {
  /** The section the page belongs to */
  current: AdminSection;
  /**
   * True on the section's own page (aria-current="page"); false on a page inside it, such
   * as one booking (aria-current="true": the link is the way back up).
   */
  exact?: boolean;
  /** What the search box was given on the page it led to (/admin/bookings?q=) */
  search?: string;
}

/** Who may search bookings: those who manage them (backoffice.Service.Bookings checks). */
function canSearch(sections: AdminSection[]): boolean {
  return sections.includes('bookings');
}

/**
 * The back office's own navigation, on every admin page: only the links the user may use,
 * and for those who manage bookings the search box that finds one (a plain GET form to
 * /admin/bookings?q=, so it works before and without JavaScript), under the links, in the
 * disclosure on a phone so that the navigation stays one row there.
 * On a narrow screen it folds into a disclosure (<details>, so without JavaScript too)
 * whose button names the current section, keeping it to one row above the page; on a
 * wide screen (main.css) the links show in a row.
 */
export function AdminNav({ current, exact = true, search = '' }: AdminNavProps) {
  const { user } = useSession();
  const sections = user ? SECTIONS[user.role] : [];
  if (sections.length === 0) return null;
  const here = LINKS.find((link) => link.section === current);
  return (
    <nav id="admin-nav" className="admin-nav" aria-label="Back office">
      <details className="menu menu--admin">
        <summary className="menu__toggle">
          <span className="menu__icon" aria-hidden="true" />
          {here ? `Back office: ${here.label}` : 'Back office'}
        </summary>
        <ul className="admin-nav__list">
          {LINKS.filter((link) => sections.includes(link.section)).map((link) => (
            <li key={link.section}>
              <a
                className="admin-nav__link"
                href={link.section === 'dashboard' && sections.includes('mine') ? '/admin/dashboard' : link.href}
                aria-current={link.section === current ? (exact ? 'page' : 'true') : undefined}
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
        {canSearch(sections) ? (
          <form id="booking-search" className="admin-nav__search" method="get" action="/admin/bookings" role="search" aria-label="Find a booking">
            <label className="visually-hidden" htmlFor="booking-search-q">
              Booking reference, ticket code, name, email or phone
            </label>
            <input
              id="booking-search-q"
              className="form__input"
              type="search"
              name="q"
              defaultValue={search}
              placeholder="Reference, ticket, name, email or phone"
              autoComplete="off"
              maxLength={100}
            />
            <button id="booking-search-submit" type="submit" className="btn btn--primary">
              Find
            </button>
          </form>
        ) : null}
      </details>
    </nav>
  );
}
