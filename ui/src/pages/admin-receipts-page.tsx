// /admin/receipts?year=&month= (admins): the receipts and credit notes of a month or a
// year, by number, with their totals by currency and the CSV for the accountant.
// Ids for browser tests: #admin-nav, #receipts-filter (the form), #receipts-year,
// #receipts-month, #receipts-submit, #receipts-table, #receipts-csv, #receipts-totals-table.
import { AdminList, type ListFilter } from '../components/admin/admin-list';
import { AdminTable } from '../components/admin/admin-table';
import type { PageProps } from '../props';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function AdminReceiptsPage({ filters, years, period, documents, totals, csvUrl }: PageProps['adminReceipts']) {
  const fields: ListFilter[] = [
    { id: 'receipts-year', label: 'Year', name: 'year', type: 'select', options: years.map((y) => ({ value: y, label: y })) },
    {
      id: 'receipts-month',
      label: 'Month',
      name: 'month',
      type: 'select',
      options: [{ value: '', label: 'The whole year' }, ...MONTHS.map((m, i) => ({ value: String(i + 1), label: m }))],
    },
  ];
  return (
    <AdminList
      section="receipts"
      title={`Receipts, ${period}`}
      actions={
        <a id="receipts-csv" className="btn btn--small" href={csvUrl} download>
          Download CSV
        </a>
      }
      path="/admin/receipts"
      filters={{ id: 'receipts-filter', label: 'Choose the period', fields, submitText: 'Filter', submitId: 'receipts-submit' }}
      query={filters}
      id="receipts"
      caption={`Receipts and credit notes of ${period}, by number`}
      columns={['Number', 'Issued', 'Customer', 'Tour', 'Paid by', 'Amount', 'Tax']}
      rows={documents}
      row={(d) => (
        <tr>
          <th scope="row">
            <a href={d.url} download>
              {d.number}
            </a>
            <span className="admin-table__sub">{d.refersTo ? `${d.kind} for ${d.refersTo}` : d.kind}</span>
          </th>
          <td>{d.issued}</td>
          <td>
            <a href={`/admin/bookings/${encodeURIComponent(d.bookingId)}`}>{d.customer}</a>
          </td>
          <td>{d.tour}</td>
          <td>{d.method}</td>
          <td className="admin-table__number">{d.amount}</td>
          <td className="admin-table__number">{`${d.tax} (${d.taxRate})`}</td>
        </tr>
      )}
      empty={{ none: `No receipts were issued in ${period}.` }}
      after={
        totals.length > 0 ? (
          <section className="admin-section" aria-labelledby="receipts-totals-title">
            <h2 id="receipts-totals-title" className="section-title">
              {`Totals, ${period}`}
            </h2>
            <AdminTable
              id="receipts-totals"
              caption={`Totals of ${period} by currency`}
              columns={['Currency', 'Receipts', 'Received', 'Credit notes', 'Given back', 'Net', 'Tax in the net']}
              rows={totals}
              rowKey={(t) => t.currency}
              row={(t) => (
                <tr>
                  <th scope="row">{t.currency}</th>
                  <td className="admin-table__number">{t.receipts}</td>
                  <td className="admin-table__number">{t.received}</td>
                  <td className="admin-table__number">{t.creditNotes}</td>
                  <td className="admin-table__number">{t.credited}</td>
                  <td className="admin-table__number">{t.net}</td>
                  <td className="admin-table__number">{t.netTax}</td>
                </tr>
              )}
            />
          </section>
        ) : null
      }
    />
  );
}
