import { useEffect, useRef, useState } from 'react';
import { changeBooking, previewChange, type ChangeBookingInput } from '../../api/admin-bookings';
import { errorMessage } from '../../api/client';
import { showAlert } from '../../lib/alert';
import { settleAnswer } from '../../lib/answer';
import { idempotencyKey } from '../../lib/idempotency-key';
import { numberOrText } from '../../lib/number-input';
import { useSubmit } from '../../lib/use-submit';
import type { AdminBookingDetail, BookingChangeOptions, ChangePreview } from '../../props';
import { ConfirmDialog } from './confirm-dialog';

interface ChangeBookingFormProps {
  booking: AdminBookingDetail;
  options: BookingChangeOptions;
  onChanged: (booking: AdminBookingDetail) => void;
}

/**
 * Change a booking without cancelling it: the number of travellers, another departure of
 * the tour, the lead traveller's contact. "Review change" asks the server what the change
 * means (what changes, the money back or due) and shows it in a dialog; only "Save
 * change" there makes it, with one key per change so a retry never refunds twice.
 */
export function ChangeBookingForm({ booking, options, onChanged }: ChangeBookingFormProps) {
  const [participants, setParticipants] = useState(String(booking.participants));
  const [date, setDate] = useState(booking.departure.date);
  const [contactName, setContactName] = useState(booking.contactName);
  const [contactEmail, setContactEmail] = useState(booking.contactEmail);
  const [contactPhone, setContactPhone] = useState(booking.contactPhone);
  const [note, setNote] = useState('');
  const [preview, setPreview] = useState<ChangePreview | null>(null);
  const key = useRef('');
  useEffect(() => {
    if (key.current === '') key.current = idempotencyKey();
  }, []);

  function input(): ChangeBookingInput {
    if (key.current === '') key.current = idempotencyKey();
    return { participants: numberOrText(participants), date, contactName, contactEmail, contactPhone, note, key: key.current };
  }

  const review = useSubmit(
    async () => {
      const res = await previewChange(booking.id, input());
      if (res.status !== 'success' || !res.data) {
        showAlert('error', errorMessage(res));
        return;
      }
      setPreview(res.data.preview);
    },
    { busyText: 'Working it out...' },
  );

  const save = useSubmit(
    async () => {
      if (!preview) return;
      const res = await changeBooking(booking.id, { ...input(), expectRefundMinor: preview.refundMinor, expectDueMinor: preview.dueMinor });
      const changed = settleAnswer(res, 'booking', () => 'Booking changed');
      setPreview(null);
      // A success used the key up; a failure keeps it, so sending again retries the refund.
      if (res.status === 'success') key.current = idempotencyKey();
      if (changed) {
        setNote('');
        setParticipants(String(changed.participants));
        setDate(changed.departure.date);
        onChanged(changed);
      }
    },
    { busyText: 'Processing...' },
  );

  return (
    <section className="admin-section" aria-labelledby="change-booking-title">
      <h2 id="change-booking-title" className="section-title">
        Change booking
      </h2>
      <form id="change-booking" className="admin-form admin-form--narrow" noValidate onSubmit={review.onSubmit} aria-labelledby="change-booking-title">
        <div className="form__group">
          <label className="form__label" htmlFor="change-participants">
            Travellers
          </label>
          <input
            id="change-participants"
            className="form__input"
            type="number"
            min={1}
            max={options.maxTravellers}
            name="participants"
            aria-describedby="change-participants-hint"
            value={participants}
            onChange={(e) => setParticipants(e.target.value)}
          />
          <p id="change-participants-hint" className="form__hint">
            {`1 to ${options.maxTravellers}, at ${booking.amount} for ${booking.participants} now: fewer are refunded, more leave a balance due`}
          </p>
        </div>
        <div className="form__group">
          <label className="form__label" htmlFor="change-date">
            Departure
          </label>
          <select id="change-date" className="form__input" name="date" value={date} onChange={(e) => setDate(e.target.value)}>
            {options.departures.map((d) => (
              <option key={d.date} value={d.date}>
                {d.date === booking.departure.date ? `${d.label} (this booking's)` : `${d.label}: ${d.seatsLeft} ${d.seatsLeft === 1 ? 'seat' : 'seats'} left`}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="form__group">
          <legend className="form__label">Lead traveller's contact</legend>
          <p className="form__hint">{`Leave empty to use the account's: ${booking.customer.name}, ${booking.customer.email}`}</p>
          <label className="form__label" htmlFor="change-contact-name">
            Name
          </label>
          <input id="change-contact-name" className="form__input" type="text" name="contactName" autoComplete="off" value={contactName} onChange={(e) => setContactName(e.target.value)} />
          <label className="form__label" htmlFor="change-contact-email">
            Email
          </label>
          <input id="change-contact-email" className="form__input" type="email" name="contactEmail" autoComplete="off" value={contactEmail} onChange={(e) => setContactEmail(e.target.value)} />
          <label className="form__label" htmlFor="change-contact-phone">
            Phone
          </label>
          <input id="change-contact-phone" className="form__input" type="tel" name="contactPhone" autoComplete="off" value={contactPhone} onChange={(e) => setContactPhone(e.target.value)} />
        </fieldset>
        <div className="form__group">
          <label className="form__label" htmlFor="change-note">
            Note on the change (internal)
          </label>
          <textarea id="change-note" className="form__input" name="note" rows={2} aria-describedby="change-note-hint" value={note} onChange={(e) => setNote(e.target.value)} />
          <p id="change-note-hint" className="form__hint">
            Kept in the booking's history; never sent to the customer
          </p>
        </div>
        <button id="change-booking-submit" type="submit" className="btn btn--primary" disabled={review.busy || save.busy}>
          {review.text('Review change')}
        </button>
      </form>
      {preview ? (
        <ConfirmDialog
          id="change-dialog"
          title="Save this change?"
          confirmLabel="Save change"
          busy={save.busy}
          busyLabel="Processing..."
          onConfirm={() => void save.run()}
          onCancel={() => setPreview(null)}
        >
          <ul id="change-dialog-changes">
            {preview.changes.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p id="change-dialog-summary">{preview.summary}</p>
          <p>{preview.email}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
