// A details table (label, value) for bookings; plain-text.ts writes the same facts as
// aligned lines.
import { Fragment } from 'react';
import type { Fact } from './email-template';
import { useEmailColours } from './email-colours';
import { colors, fontFamily, linkStyle, textStyle } from './email-styles';

export function EmailFacts({ facts }: { facts: readonly Fact[] }) {
  const brand = useEmailColours();
  return (
    <table
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      border={0}
      style={{ width: '100%', margin: '0 0 20px', backgroundColor: brand.greenLight, borderRadius: 6 }}
    >
      <tbody>
        {facts.map((f) => (
          <tr key={f.label}>
            <td
              valign="top"
              style={{
                padding: '8px 12px 8px 16px',
                fontFamily,
                fontSize: 14,
                lineHeight: '22px',
                color: colors.muted,
                whiteSpace: 'nowrap',
                width: '1%',
              }}
            >
              {f.label}
            </td>
            <td valign="top" style={{ ...textStyle, padding: '8px 16px 8px 0', fontWeight: 'bold' }}>
              {f.href === undefined ? (
                f.value
              ) : (
                <a href={f.href} style={{ ...linkStyle, color: brand.green }}>
                  {f.value}
                </a>
              )}
              {(f.more ?? []).map((line, i) => (
                <Fragment key={i}>
                  <br />
                  {line}
                </Fragment>
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
