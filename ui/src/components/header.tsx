import { logout } from '../api/users';
import { firstName } from '../lib/format';
import { useSession } from '../session';

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
            <button type="button" className="nav__el nav__el--logout" onClick={() => void logout()}>
              Log out
            </button>
            <a className="nav__el nav__el--user" href="/me">
              <img className="nav__user-img" src={user.photo} alt={user.name} width={32} height={32} />
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
