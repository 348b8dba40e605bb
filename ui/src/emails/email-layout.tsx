// The document every email shares: a centred 600px table (the layout mail clients render
// alike, Outlook included), the business's logo (its one image, with the name as its
// text for clients that block images) or else its name as a text wordmark, the heading,
// the template's content, and a footer with the business's postal address, contact and
// the site's address. Inline styles only; no classes.
import type { CSSProperties, ReactNode } from 'react';
import { coloursOf, EmailColoursProvider } from './email-colours';
import type { EmailSite } from './email-props';
import { colors, fontFamily, linkStyle, smallStyle } from './email-styles';

interface EmailLayoutProps {
  site: EmailSite;
  /** The subject, as the document's <title> */
  title: string;
  /** The preview line mail clients show after the subject; hidden in the message */
  preview: string;
  heading: string;
  children: ReactNode;
}

const hidden: CSSProperties = {
  display: 'none',
  fontSize: 1,
  lineHeight: '1px',
  maxHeight: 0,
  maxWidth: 0,
  opacity: 0,
  overflow: 'hidden',
  color: colors.bg,
};

export function EmailLayout({ site, title, preview, heading, children }: EmailLayoutProps) {
  const brand = coloursOf(site);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: colors.bg }}>
        <div style={hidden}>{preview}</div>
        <table
          role="presentation"
          width="100%"
          cellPadding={0}
          cellSpacing={0}
          border={0}
          style={{ width: '100%', backgroundColor: colors.bg }}
        >
          <tbody>
            <tr>
              <td align="center" style={{ padding: '24px 12px' }}>
                <table
                  role="presentation"
                  width={600}
                  cellPadding={0}
                  cellSpacing={0}
                  border={0}
                  style={{
                    width: '100%',
                    maxWidth: 600,
                    backgroundColor: colors.white,
                    border: `1px solid ${colors.border}`,
                    borderRadius: 10,
                  }}
                >
                  <tbody>
                    <tr>
                      <td style={{ padding: '20px 32px', borderBottom: `3px solid ${brand.green}` }}>
                        <a
                          href={site.url}
                          style={{
                            fontFamily,
                            fontSize: 22,
                            lineHeight: '28px',
                            fontWeight: 'bold',
                            letterSpacing: 1,
                            color: brand.greenDark,
                            textDecoration: 'none',
                          }}
                        >
                          {site.logo !== '' ? (
                            // At most 400×120, shown at half: sharp on every screen.
                            <img
                              src={site.logo}
                              alt={site.name}
                              height={60}
                              style={{ display: 'block', height: 60, width: 'auto', maxWidth: 200, border: 0 }}
                            />
                          ) : (
                            site.name
                          )}
                        </a>
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: '28px 32px 16px' }}>
                        <h1
                          style={{
                            fontFamily,
                            fontSize: 24,
                            lineHeight: '32px',
                            fontWeight: 'bold',
                            color: brand.greenDark,
                            margin: '0 0 20px',
                          }}
                        >
                          {heading}
                        </h1>
                        <EmailColoursProvider site={site}>{children}</EmailColoursProvider>
                      </td>
                    </tr>
                  </tbody>
                </table>
                <table
                  role="presentation"
                  width={600}
                  cellPadding={0}
                  cellSpacing={0}
                  border={0}
                  style={{ width: '100%', maxWidth: 600 }}
                >
                  <tbody>
                    <tr>
                      <td align="center" style={{ padding: '16px 32px' }}>
                        <p style={smallStyle}>
                          {site.name} ·{' '}
                          <a href={site.url} style={{ ...linkStyle, color: colors.muted }}>
                            {site.url}
                          </a>
                        </p>
                        {site.address.length > 0 ? <p style={smallStyle}>{site.address.join(', ')}</p> : null}
                        {site.contactEmail !== '' || site.contactPhone !== '' ? (
                          <p style={smallStyle}>
                            {site.contactEmail !== '' ? (
                              <a href={`mailto:${site.contactEmail}`} style={{ ...linkStyle, color: colors.muted }}>
                                {site.contactEmail}
                              </a>
                            ) : null}
                            {site.contactEmail !== '' && site.contactPhone !== '' ? ' · ' : null}
                            {site.contactPhone}
                          </p>
                        ) : null}
                        <p style={smallStyle}>You receive this email because of your account at {site.name}.</p>
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}
