import type { BookingForm, StartDateOption } from '../props';
import { formatAmount } from '../lib/money-format';
import { dueNowMinor } from '../lib/booking-order';

interface DepositLineProps {
  form: BookingForm;
  date: StartDateOption;
  totalMinor: number;
  seats: number;
}

/**
 * "Pay $198.80 now, $795.20 by Fri 2 May 2031" under the booking panel's total when the
 * chosen date's checkout asks only a deposit (issue #24 §3); nothing otherwise.
 */
export function DepositLine({ form, date, totalMinor, seats }: DepositLineProps) {
  const now = dueNowMinor(form, date, totalMinor, seats);
  if (now >= totalMinor) return null;
  return (
    <p className="booking__deposit" id="booking-deposit" aria-live="polite">
      {`Pay ${formatAmount(now, form.currency)} now, ${formatAmount(totalMinor - now, form.currency)} by ${date.balanceDue}`}
    </p>
  );
}
