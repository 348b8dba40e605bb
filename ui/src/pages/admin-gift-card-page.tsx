// /admin/gift-cards/{id} (admins): one gift card, its history (every movement of its
// money, newest first), and the admin's two changes: adjust the balance with a reason,
// or void the card (issue #24 §2). Both are in the audit log.
// Ids for browser tests: #admin-nav, #gift-card-details, #gift-card-history-table,
// #adjust-gift-card (form: #adjust-amount, #adjust-reason, #adjust-submit),
// #void-gift-card (form: #void-reason, #void-submit).
import { useState } from 'react';
import { changeGiftCard } from '../api/gift-cards';
import { AdminNav } from '../components/admin/admin-nav';
import { AdminTable } from '../components/admin/admin-table';
import { FormField } from '../components/form-field';
import { StatusBadge } from '../components/status-badge';
import { settleAnswer } from '../lib/answer';
import { useFormKey } from '../lib/idempotency-key';
import { useSubmit } from '../lib/use-submit';
import type { AdminGiftCardProps, PageProps } from '../props';
import { giftCardState } from './admin-gift-cards-page';

export function AdminGiftCardPage(initial: PageProps['adminGiftCard']) {
  // Each change answers with the card and its history, which replace the page's copy.
  const [shown, setShown] = useState<AdminGiftCardProps>(initial);
  const { card, entries } = shown;
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [voidReason, setVoidReason] = useState('');
  const adjustKey = useFormKey();
  const voidKey = useFormKey();

  const adjust = useSubmit(
    async () => {
      const res = await changeGiftCard(card.id, 'adjust', { key: adjustKey.current(), amount, reason });
      const saved = settleAnswer(res, 'card', (c) => `Balance changed: it is now ${c.balance}`);
      if (saved && res.data) {
        adjustKey.used();
        setAmount('');
        setReason('');
        setShown(res.data);
      }
    },
    { busyText: 'Saving...' },
  );
  const voidCard = useSubmit(
    async () => {
      const res = await changeGiftCard(card.id, 'void', { key: voidKey.current(), reason: voidReason });
      const saved = settleAnswer(res, 'card', 'Gift card voided');
      if (saved && res.data) {
        voidKey.used();
        setShown(res.data);
      }
    },
    { busyText: 'Voiding...' },
  );
  const state = giftCardState(card);
  const active = card.status === 'active';

  return (
    <div className="admin">
      <AdminNav current="giftCards" exact={false} />
      <p className="admin__back">
        <a href="/admin/gift-cards">All gift cards</a>
      </p>
      <h1 className="page-title">{`Gift card ${card.code}`}</h1>
      <section className="admin-section" aria-labelledby="gift-card-details-title">
        <h2 id="gift-card-details-title" className="section-title">
          Details
        </h2>
        <dl id="gift-card-details" className="admin-facts">
          <div>
            <dt>Balance</dt>
            <dd>{`${card.balance} of ${card.amount}`}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              <StatusBadge status={state.status} label={state.label} />
            </dd>
          </div>
          <div>
            <dt>For</dt>
            <dd>{`${card.recipientName} <${card.recipientEmail}>`}</dd>
          </div>
          <div>
            <dt>Bought by</dt>
            <dd>{`${card.buyerName} <${card.buyerEmail}>`}</dd>
          </div>
          <div>
            <dt>Emailed on</dt>
            <dd>{card.delivered ? card.deliverOn : `${card.deliverOn} (not yet)`}</dd>
          </div>
          <div>
            <dt>Expires</dt>
            <dd>{card.expires}</dd>
          </div>
          {card.message ? (
            <div>
              <dt>Message</dt>
              <dd>{card.message}</dd>
            </div>
          ) : null}
        </dl>
      </section>
      <section className="admin-section" aria-labelledby="gift-card-history-title">
        <h2 id="gift-card-history-title" className="section-title">
          History
        </h2>
        <AdminTable
          id="gift-card-history"
          caption="Every movement of the card's money, newest first"
          columns={['When', 'What', 'Amount', 'Balance after', 'Booking or reason']}
          rows={entries}
          rowKey={(e) => e.id}
          row={(e) => (
            <tr>
              <th scope="row">{e.at}</th>
              <td>{e.kind}</td>
              <td className="admin-table__number">{e.amount}</td>
              <td className="admin-table__number">{e.balance}</td>
              <td>{e.bookingId ? <a href={`/admin/bookings/${encodeURIComponent(e.bookingId)}`}>The booking</a> : e.reason}</td>
            </tr>
          )}
        />
      </section>
      {active ? (
        <>
          <form id="adjust-gift-card" className="admin-form admin-form--narrow" noValidate onSubmit={adjust.onSubmit} aria-labelledby="adjust-title">
            <h2 id="adjust-title" className="section-title">
              Adjust the balance
            </h2>
            <FormField
              id="adjust-amount"
              label={`Amount to add in ${card.currency.toUpperCase()} (a minus sign takes off)`}
              type="text"
              inputMode="decimal"
              name="amount"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              error={adjust.errors.amount}
            />
            <FormField
              id="adjust-reason"
              label="Reason (kept in the history and the audit log)"
              type="text"
              name="reason"
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              error={adjust.errors.reason}
            />
            <button id="adjust-submit" type="submit" className="btn btn--primary" disabled={adjust.busy}>
              {adjust.text('Adjust balance')}
            </button>
          </form>
          <form id="void-gift-card" className="admin-form admin-form--narrow" noValidate onSubmit={voidCard.onSubmit} aria-labelledby="void-title">
            <h2 id="void-title" className="section-title">
              Void the card
            </h2>
            <p className="form__hint">{`What is left (${card.balance}) is gone and the card can no longer be used.`}</p>
            <FormField
              id="void-reason"
              label="Reason"
              type="text"
              name="reason"
              maxLength={500}
              value={voidReason}
              onChange={(e) => setVoidReason(e.target.value)}
              error={voidCard.errors.reason}
            />
            <button id="void-submit" type="submit" className="btn btn--danger" disabled={voidCard.busy}>
              {voidCard.text('Void gift card')}
            </button>
          </form>
        </>
      ) : null}
    </div>
  );
}
