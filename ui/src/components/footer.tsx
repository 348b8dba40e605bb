import { useSession } from '../session';
import { LegalLinks } from './legal-links';

export function Footer() {
  const { site } = useSession();
  return (
    <footer className="footer">
      <a className="footer__brand" href="/">
        {site.name}
      </a>
      <p className="footer__note">Small groups, local guides, unforgettable trails.</p>
      <LegalLinks />
    </footer>
  );
}
