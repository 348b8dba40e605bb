// The call to action: a link styled as a button inside a table cell (the cell carries the
// colour for clients that ignore padding on links), then the URL written out for clients
// that show neither, and for readers who prefer to copy it.
import { useEmailColours } from './email-colours';
import { colors, fontFamily, linkStyle, smallStyle } from './email-styles';

interface EmailButtonProps {
  href: string;
  label: string;
}

export function EmailButton({ href, label }: EmailButtonProps) {
  const brand = useEmailColours();
  return (
    <>
      <table role="presentation" cellPadding={0} cellSpacing={0} border={0} style={{ margin: '8px 0 16px' }}>
        <tbody>
          <tr>
            <td align="center" style={{ backgroundColor: brand.green, borderRadius: 6 }}>
              <a
                href={href}
                style={{
                  display: 'inline-block',
                  padding: '12px 24px',
                  fontFamily,
                  fontSize: 16,
                  lineHeight: '24px',
                  fontWeight: 'bold',
                  color: colors.white,
                  textDecoration: 'none',
                  borderRadius: 6,
                }}
              >
                {label}
              </a>
            </td>
          </tr>
        </tbody>
      </table>
      <p style={{ ...smallStyle, margin: '0 0 16px', wordBreak: 'break-all' }}>
        If the button does not work, open this link:{' '}
        <a href={href} style={{ ...linkStyle, color: brand.green }}>
          {href}
        </a>
      </p>
    </>
  );
}
