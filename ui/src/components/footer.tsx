import { useSession } from '../session';

export function Footer() {
  const { site } = useSession();
  return (
    <footer className="footer">
      <a className="footer__brand" href="/">
        {site.name}
      </a>
      <p className="footer__note">Small groups, local guides, unforgettable trails.</p>
    </footer>
  );
}
