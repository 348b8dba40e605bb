import type { MyBookingBalance } from '../props';

/**
 * A booking paid by a deposit on /my-tours/{id} (issue #24 §3): what is paid, what is
 * due and by when, and "Pay the balance", a plain form (it works before hydration and
 * without JavaScript) that opens the provider's checkout for exactly the balance.
 */
export function BalanceSection({ balance }: { balance: MyBookingBalance }) {
  return (
    <section id="balance" className="my-booking__section" aria-labelledby="balance-title">
      <h2 id="balance-title" className="section-title">
        Deposit and balance
      </h2>
      <dl className="facts">
        <div className="facts__item">
          <dt>Paid</dt>
          <dd id="balance-paid">{balance.paid}</dd>
        </div>
        {balance.due ? (
          <div className="facts__item">
            <dt>Due</dt>
            <dd id="balance-due">{`${balance.due} by ${balance.dueBy}`}</dd>
          </div>
        ) : (
          <div className="facts__item">
            <dt>Balance</dt>
            <dd id="balance-due">Paid in full</dd>
          </div>
        )}
      </dl>
      {balance.overdue ? (
        <p className="alert alert--error" role="alert">
          {`Your balance was due by ${balance.dueBy}. Please pay it now, or your booking may be cancelled.`}
        </p>
      ) : null}
      {balance.payUrl ? (
        <form className="my-booking__actions" method="post" action={balance.payUrl}>
          <button id="pay-balance" type="submit" className="btn btn--small btn--primary">
            Pay the balance
          </button>
        </form>
      ) : null}
    </section>
  );
}
