import type { AdminRefund } from '../../props';
import { StatusBadge } from '../status-badge';

const REFUND_STATUS_LABELS: Record<AdminRefund['status'], string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

/** The refunds asked of the provider for one booking; shown only when there are some. */
export function BookingRefunds({ refunds }: { refunds: AdminRefund[] }) {
  if (refunds.length === 0) return null;
  return (
    <section className="admin-section" aria-labelledby="refunds-title">
      <h2 id="refunds-title" className="section-title">
        Refunds
      </h2>
      <div className="table-scroll" role="region" aria-labelledby="refunds-caption" tabIndex={0}>
        <table id="refunds-table" className="admin-table">
          <caption id="refunds-caption" className="visually-hidden">
            Refunds of this booking
          </caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
              <th scope="col">Error</th>
            </tr>
          </thead>
          <tbody>
            {refunds.map((refund) => (
              <tr key={refund.id}>
                <th scope="row">{refund.at}</th>
                <td className="admin-table__number">{refund.amount}</td>
                <td>
                  <StatusBadge status={`refund-${refund.status}`} label={REFUND_STATUS_LABELS[refund.status] ?? refund.status} />
                </td>
                <td>{refund.error}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
