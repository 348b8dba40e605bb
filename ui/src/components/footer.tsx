import { useSession } from '../session';
import { LegalLinks } from './legal-links';
import { PhoneLink } from './phone-link';

/** The site's footer: the business's name, postal address and contact (its settings), and the legal pages. */
export function Footer() {
  const { site } = useSession();
  const hasContact = site.address.length > 0 || site.contactEmail !== '' || site.contactPhone !== '';
  return (
    <footer className="footer">
      <a className="footer__brand" href="/">
        {site.name}
      </a>
      {hasContact ? (
        <address className="footer__contact">
          {site.address.length > 0 ? (
            <span className="footer__address">
              {site.address.map((line, i) => (
                <span key={i} className="footer__line">
                  {line}
                </span>
              ))}
            </span>
          ) : null}
          {site.contactEmail !== '' ? (
            <a className="footer__line" href={`mailto:${site.contactEmail}`}>
              {site.contactEmail}
            </a>
          ) : null}
          {site.contactPhone !== '' ? <PhoneLink className="footer__line" phone={site.contactPhone} /> : null}
        </address>
      ) : null}
      <LegalLinks />
    </footer>
  );
}
