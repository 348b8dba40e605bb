import { recordWalkIn, type PaymentMethod } from '../../api/admin-bookings';
import { errorMessage } from '../../api/client';
import { showAlert } from '../../lib/alert';
import { navigate } from '../../lib/navigate';
import { numberOrText } from '../../lib/number-input';
import { useFormFields } from '../../lib/use-form-fields';
import { useSubmit } from '../../lib/use-submit';

const SAVING_TEXT = 'Saving...';

const PAYMENT_METHODS: { value: PaymentMethod; label: string }[] = [
  { value: 'cash', label: 'Cash' },
  { value: 'bank_transfer', label: 'Bank transfer' },
];

interface WalkInFormProps {
  tourId: string;
  date: string;
}

/** A booking paid outside the site at the tour's price: received now, or awaiting payment (a phone booking). */
export function WalkInForm({ tourId, date }: WalkInFormProps) {
  const { fields, bind } = useFormFields({ email: '', name: '', participants: '1', paymentMethod: 'cash', payment: 'received' });
  const record = useSubmit(
    async () => {
      const res = await recordWalkIn(tourId, date, {
        email: fields.email,
        name: fields.name,
        participants: numberOrText(fields.participants),
        paymentMethod: fields.paymentMethod as PaymentMethod,
        awaitingPayment: fields.payment === 'awaiting',
      });
      if (res.status !== 'success') {
        showAlert('error', errorMessage(res));
        return false;
      }
      showAlert('success', fields.payment === 'awaiting' ? 'Booking recorded, awaiting payment' : 'Booking recorded');
      // The manifest is the server's: load it again so it lists the new booking. The button
      // stays busy until the page goes.
      navigate(window.location.pathname);
      return true;
    },
    { busyText: SAVING_TEXT, leaves: (recorded) => recorded },
  );

  return (
    <form id="walk-in" className="admin-form admin-form--compact" noValidate onSubmit={record.onSubmit} aria-labelledby="walk-in-title">
      <h2 id="walk-in-title" className="section-title">
        Record a walk-in booking
      </h2>
      <div className="form__group">
        <label className="form__label" htmlFor="walk-in-email">
          Email
        </label>
        <input id="walk-in-email" className="form__input" type="email" name="email" autoComplete="off" {...bind('email')} />
      </div>
      <div className="form__group">
        <label className="form__label" htmlFor="walk-in-name">
          Name
        </label>
        <input id="walk-in-name" className="form__input" type="text" name="name" autoComplete="off" {...bind('name')} />
      </div>
      <div className="form__group">
        <label className="form__label" htmlFor="walk-in-participants">
          Participants
        </label>
        <input
          id="walk-in-participants"
          className="form__input"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          name="participants"
          {...bind('participants')}
        />
      </div>
      <div className="form__group">
        <label className="form__label" htmlFor="walk-in-payment">
          Payment method
        </label>
        <select id="walk-in-payment" className="form__input" name="paymentMethod" {...bind('paymentMethod')}>
          {PAYMENT_METHODS.map((method) => (
            <option key={method.value} value={method.value}>
              {method.label}
            </option>
          ))}
        </select>
      </div>
      <div className="form__group">
        <label className="form__label" htmlFor="walk-in-received">
          Payment
        </label>
        <select id="walk-in-received" className="form__input" name="payment" {...bind('payment')}>
          <option value="received">Received now</option>
          <option value="awaiting">Awaiting payment (the booking holds its seats until it is recorded)</option>
        </select>
      </div>
      <button id="walk-in-submit" type="submit" className="btn btn--small" disabled={record.busy}>
        {record.text('Record booking')}
      </button>
    </form>
  );
}
