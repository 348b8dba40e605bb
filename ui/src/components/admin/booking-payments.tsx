import type { AdminBookingAnswer, AdminBookingDetail, BookingCollect } from '../../props';
import { StatusBadge } from '../status-badge';
import { AdminTable } from './admin-table';
import { RecordPaymentForm } from './record-payment-form';
import { RefundPaidBackForm } from './refund-paid-back-form';
import { SendPaymentLink } from './send-payment-link';

interface BookingPaymentsProps {
  booking: AdminBookingDetail;
  collect: BookingCollect;
  onChanged: (answer: AdminBookingAnswer) => void;
}

/**
 * A booking's money: its price, what it received and what is still due, each sum
 * received or asked for by a link; recording money, sending a link, and the refunds owed
 * to pay back outside the site.
 */
export function BookingPayments({ booking, collect, onChanged }: BookingPaymentsProps) {
  const owed = booking.refunds.filter((r) => r.status === 'owed');
  return (
    <section id="booking-payments" className="admin-section" aria-labelledby="payments-title">
      <h2 id="payments-title" className="section-title">
        Payments
      </h2>
      <dl className="admin-figures">
        <div className="admin-figures__item">
          <dt>Price</dt>
          <dd id="payments-price">{collect.price}</dd>
        </div>
        <div className="admin-figures__item">
          <dt>Received</dt>
          <dd id="payments-received">{collect.received}</dd>
        </div>
        <div className="admin-figures__item">
          <dt>Due</dt>
          <dd id="payments-due">{collect.due}</dd>
        </div>
        {collect.giftCard ? (
          <div className="admin-figures__item">
            <dt>Paid by gift card</dt>
            <dd id="payments-gift-card">
              {collect.giftCard.amount} from card{' '}
              <a href={collect.giftCard.url} aria-label={`gift card ending ${collect.giftCard.last4}`}>
                …{collect.giftCard.last4}
              </a>
            </dd>
          </div>
        ) : null}
        {collect.balanceDue ? (
          <div className="admin-figures__item">
            <dt>Balance due by</dt>
            <dd id="payments-balance-due">{collect.balanceOverdue ? `${collect.balanceDue} (overdue)` : collect.balanceDue}</dd>
          </div>
        ) : null}
      </dl>
      {collect.payments.length > 0 ? (
        <AdminTable
          id="payments"
          caption="Money received and payment links sent"
          columns={['When', 'Amount', 'How', 'Status', 'Day received', 'Reference']}
          rows={collect.payments}
          rowKey={(p) => p.id}
          row={(p) => (
            <tr>
              <th scope="row">{p.at}</th>
              <td className="admin-table__number">{p.amount}</td>
              <td>{p.methodLabel}</td>
              <td>
                <StatusBadge status={`payment-${p.status}`} label={p.statusLabel} />
              </td>
              <td>{p.receivedOn}</td>
              <td>{p.reference}</td>
            </tr>
          )}
        />
      ) : null}
      {/* A cancellation answers with the booking only: its status says collecting has ended. */}
      {collect.canCollect && (booking.status === 'awaiting_payment' || booking.status === 'paid') ? (
        <>
          <RecordPaymentForm bookingId={booking.id} collect={collect} onRecorded={onChanged} />
          <SendPaymentLink bookingId={booking.id} collect={collect} customerEmail={booking.customer.email} onSent={onChanged} />
        </>
      ) : null}
      {owed.map((r) => (
        <RefundPaidBackForm key={r.id} bookingId={booking.id} refund={r} today={collect.today} onPaidBack={onChanged} />
      ))}
    </section>
  );
}
