import { firstName } from '../lib/format';
import type { PageName, Role } from '../props';
import { useSession } from '../session';
import { UserPhoto } from './user-photo';

/** docs/admin.md: guides see the back office too, read-only. */
const BACK_OFFICE_ROLES: Role[] = ['admin', 'lead-guide', 'guide'];

// The API client comes with the click: every page has this header, and most visits never
// log out, so it stays out of the JavaScript every page loads first.
function logout() {
  void import('../api/users').then((users) => users.logout());
}

/** The header link each page belongs to: the page itself ("page"), or a page inside it ("true"). */
function currentOf(page: PageName | undefined, href: string): 'page' | 'true' | undefined {
  if (!page) return undefined;
  const own: Partial<Record<PageName, string>> = { overview: '/', myTours: '/my-tours', account: '/me', login: '/login', signup: '/signup', adminDashboard: '/admin' };
  if (own[page] === href) return 'page';
  if ((page === 'tour' && href === '/') || (page === 'myBooking' && href === '/my-tours') || (page.startsWith('admin') && href === '/admin')) return 'true';
  return undefined;
}

/**
 * The site's header. On a narrow screen the navigation folds into a "Menu" disclosure, a
 * <details> element, so it opens without JavaScript too and the header keeps to one row;
 * on a wide screen (main.css) the links show in the row and the disclosure's button is
 * hidden. The link of the current page is marked (aria-current).
 */
export function Header({ page }: { page?: PageName }) {
  const { site, user } = useSession();
  const link = (href: string) => ({ href, 'aria-current': currentOf(page, href) });
  return (
    <header className="header">
      <a className="header__brand" href="/">
        {site.logo !== '' ? (
          // The business's logo is its name: no text beside it.
          <img className="header__logo header__logo--brand" src={site.logo} alt={site.name} height={48} />
        ) : (
          <>
            <img className="header__logo" src="/favicon.svg" alt="" width={32} height={32} />
            {/* A phone's header has room for the short name only (main.css). */}
            <span className="header__name--long">{site.name}</span>
            <span className="header__name--short">{site.shortName}</span>
          </>
        )}
      </a>
      <details className="menu menu--header">
        <summary className="menu__toggle">
          <span className="menu__icon" aria-hidden="true" />
          Menu
        </summary>
        <nav className="nav" aria-label="Main">
          <a className="nav__el" {...link('/')}>
            All tours
          </a>
          {user ? (
            <>
              <a className="nav__el" {...link('/my-tours')}>
                My bookings
              </a>
              {BACK_OFFICE_ROLES.includes(user.role) ? (
                <a className="nav__el" {...link('/admin')}>
                  Admin
                </a>
              ) : null}
              <button type="button" className="nav__el nav__el--logout" onClick={logout}>
                Log out
              </button>
              <a className="nav__el nav__el--user" {...link('/me')}>
                <UserPhoto className="nav__user-img" src={user.photo} srcSet={user.photoSrcSet} size={32} alt={user.name} />
                <span>{firstName(user.name)}</span>
              </a>
            </>
          ) : (
            <>
              <a className="nav__el" {...link('/login')}>
                Log in
              </a>
              <a className="nav__el nav__el--cta" {...link('/signup')}>
                Sign up
              </a>
            </>
          )}
        </nav>
      </details>
    </header>
  );
}
