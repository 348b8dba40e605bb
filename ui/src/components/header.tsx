import { firstName } from '../lib/format';
import type { Role } from '../props';
import { useSession } from '../session';
import { UserPhoto } from './user-photo';

/** docs/admin.md: guides see the back office too, read-only. */
const BACK_OFFICE_ROLES: Role[] = ['admin', 'lead-guide', 'guide'];

// The API client comes with the click: every page has this header, and most visits never
// log out, so it stays out of the JavaScript every page loads first.
function logout() {
  void import('../api/users').then((users) => users.logout());
}

export function Header() {
  const { site, user } = useSession();
  return (
    <header className="header">
      <a className="header__brand" href="/">
        <img className="header__logo" src="/favicon.svg" alt="" width={32} height={32} />
        <span>{site.name}</span>
      </a>
      <nav className="nav" aria-label="Main">
        <a className="nav__el" href="/">
          All tours
        </a>
        {user ? (
          <>
            <a className="nav__el" href="/my-tours">
              My bookings
            </a>
            {BACK_OFFICE_ROLES.includes(user.role) ? (
              <a className="nav__el" href="/admin">
                Admin
              </a>
            ) : null}
            <button type="button" className="nav__el nav__el--logout" onClick={logout}>
              Log out
            </button>
            <a className="nav__el nav__el--user" href="/me">
              <UserPhoto className="nav__user-img" src={user.photo} srcSet={user.photoSrcSet} size={32} alt={user.name} />
              <span>{firstName(user.name)}</span>
            </a>
          </>
        ) : (
          <>
            <a className="nav__el" href="/login">
              Log in
            </a>
            <a className="nav__el nav__el--cta" href="/signup">
              Sign up
            </a>
          </>
        )}
      </nav>
    </header>
  );
}
