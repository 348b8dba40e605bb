import type { ManifestRow, TravellerAnswers } from '../../props';
import { PhoneLink } from '../phone-link';
import { StatusBadge } from '../status-badge';
import { AdminTable } from './admin-table';

/**
 * Who is on one departure; the table the print stylesheet keeps. The travellers who are
 * coming get a tick box for a paper list; the bookings apart (cancelled, refunded) are
 * struck through.
 */
export function ManifestTable({ rows, apart = false }: { rows: ManifestRow[]; apart?: boolean }) {
  const span = apart ? 8 : 9;
  return (
    <AdminTable
      id={apart ? 'manifest-apart' : 'manifest'}
      className={apart ? 'manifest-table manifest-table--apart' : 'manifest-table'}
      caption={apart ? 'Cancelled and refunded bookings, not counted' : 'Travellers coming on this departure'}
      columns={[
        !apart && { label: '✓', title: 'Tick on paper' },
        'Name',
        'Phone',
        'Email',
        'Participants',
        'Status',
        'Source',
        !apart && 'Arrival',
        'Notes',
        'Reference',
      ]}
      rows={rows}
      rowKey={(row) => row.bookingId}
      row={(row) => (
        <>
        <tr className={apart ? 'manifest-table__gone' : undefined}>
          {apart ? null : (
            <td className="manifest-table__tick">
              <span className="manifest-table__box" aria-hidden="true" />
            </td>
          )}
          <th scope="row">{apart ? <s>{row.customerName}</s> : row.customerName}</th>
          <td>{row.phone === '' ? '—' : <PhoneLink phone={row.phone} />}</td>
          <td>
            <a href={`mailto:${row.customerEmail}`}>{row.customerEmail}</a>
          </td>
          <td className="admin-table__number">{apart ? <s>{row.participants}</s> : row.participants}</td>
          <td>
            <StatusBadge status={row.status} label={row.statusLabel} />
          </td>
          <td>{row.sourceLabel}</td>
          {apart ? null : (
            <td className="manifest-table__arrival">
              {row.checkIn ? <span title={`Checked in at ${row.checkIn.at} by ${row.checkIn.by}`}>{row.checkIn.label}</span> : '—'}
            </td>
          )}
          <td className="manifest-table__notes">{row.notes}</td>
          <td>
            <code>{row.reference}</code>
          </td>
        </tr>
        {showsTravellers(row) && row.travellers.map((t) => (
          <TravellerRow key={t.index} bookingId={row.bookingId} traveller={t} apart={apart} span={span} />
        ))}
        </>
      )}
      empty={apart ? undefined : 'No bookings on this departure yet.'}
    />
  );
}

/**
 * Whether a booking's travellers say more than its row: names beyond the lead's,
 * answers, or more than one category. A walk-in of three adults stays one row.
 */
function showsTravellers(row: ManifestRow): boolean {
  const t = row.travellers;
  return t.some((x, i) => (i > 0 && x.name !== '') || x.answers.length > 0) || new Set(t.map((x) => x.categoryId)).size > 1;
}

/**
 * One traveller of a booking, under it: their place, name, category (an infant without a
 * seat says so) and answers; the lead's row carries the booking's own answers too.
 */
function TravellerRow({ bookingId, traveller: t, apart, span }: { bookingId: string; traveller: TravellerAnswers; apart: boolean; span: number }) {
  return (
    <tr className="manifest-table__traveller" id={`traveller-${bookingId}-${t.index}`}>
      {apart ? null : (
        <td className="manifest-table__tick">
          <span className="manifest-table__box" aria-hidden="true" />
        </td>
      )}
      <td colSpan={span}>
        <span className="manifest-table__who">
          {`${t.index}. `}
          {t.name === '' ? <span className="manifest-table__unnamed">No name given</span> : t.name}
          {` · ${t.category}`}
          {t.seat ? '' : ' (no seat)'}
        </span>
        {t.phone !== '' ? (
          <>
            {' · '}
            <PhoneLink phone={t.phone} />
          </>
        ) : null}
        {t.answers.length > 0 ? (
          <span className="manifest-table__answers">
            {t.answers.map((a) => (
              <span key={a.questionId} className="manifest-table__answer">
                {' · '}
                <span className="manifest-table__question">{a.label}:</span> {a.text}
              </span>
            ))}
          </span>
        ) : null}
      </td>
    </tr>
  );
}
