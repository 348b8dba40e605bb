import type { AdminRefund } from '../../props';
import { StatusBadge } from '../status-badge';
import { AdminTable } from './admin-table';

const REFUND_STATUS_LABELS: Record<AdminRefund['status'], string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
  owed: 'Owed (to pay back)',
};

/** The refunds asked of the provider for one booking; shown only when there are some. */
export function BookingRefunds({ refunds }: { refunds: AdminRefund[] }) {
  if (refunds.length === 0) return null;
  return (
    <section className="admin-section" aria-labelledby="refunds-title">
      <h2 id="refunds-title" className="section-title">
        Refunds
      </h2>
      <AdminTable
        id="refunds"
        caption="Refunds of this booking"
        columns={['When', 'Amount', 'Status', 'Error']}
        rows={refunds}
        rowKey={(refund) => refund.id}
        row={(refund) => (
          <tr>
            <th scope="row">{refund.at}</th>
            <td className="admin-table__number">{refund.amount}</td>
            <td>
              <StatusBadge status={`refund-${refund.status}`} label={REFUND_STATUS_LABELS[refund.status] ?? refund.status} />
            </td>
            <td>{refund.error}</td>
          </tr>
        )}
      />
    </section>
  );
}
