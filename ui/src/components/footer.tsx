import { useSession } from '../session';
import { LegalLinks } from './legal-links';

/** The site's footer: the business's name, postal address and contact (its settings), and the legal pages. */
export function Footer() {
  const { site } = useSession();
  return (
    <footer className="footer">
      <a className="footer__brand" href="/">
        {site.name}
      </a>
      <address className="footer__contact">
        <span className="footer__address">{site.address.join('\n')}</span>
        {site.contactEmail && (
          <a className="footer__line" href={`mailto:${site.contactEmail}`}>
            {site.contactEmail}
          </a>
        )}
        {site.contactPhone && (
          // Dialled without its spaces and dashes (as PhoneLink does; not imported here,
          // every page's first JavaScript carries the footer).
          <a className="footer__line" href={`tel:${site.contactPhone.replace(/[^+\d]/g, '')}`}>
            {site.contactPhone}
          </a>
        )}
      </address>
      <LegalLinks />
    </footer>
  );
}
