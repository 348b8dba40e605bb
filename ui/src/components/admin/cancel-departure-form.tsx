import { useState } from 'react';
import { cancelDeparture, previewDepartureCancel } from '../../api/admin-bookings';
import { errorMessage } from '../../api/client';
import { showAlert } from '../../lib/alert';
import { raiseFieldErrors } from '../../lib/field-errors';
import { useSubmit } from '../../lib/use-submit';
import type { CancelResult, ChangeDeparture, EmailPreview, ManifestRow } from '../../props';
import { FormTextArea } from '../form-textarea';
import { CancelResults } from './cancel-results';
import { ConfirmDialog } from './confirm-dialog';

const PROCESSING_TEXT = 'Processing...';
export const SOME_REFUNDS_FAILED = 'Some refunds or moves failed: see the list, then try again';
/** The server's words for the same (internal/refund), said before the dialog opens. */
const NOTE_MISSING = "Please write an internal note: it is kept in each booking's history.";

interface CancelDepartureFormProps {
  tourId: string;
  date: string;
  /** The departure's paid bookings: each is refunded, or moved where the operator chooses */
  rows: ManifestRow[];
  /** The tour's other departures a booking may move to */
  moveTo: ChangeDeparture[];
  /** The answer, for the page to show the departure cancelled and each booking's outcome */
  onDone: (results: CancelResult[]) => void;
}

/**
 * Closes the departure and cancels every paid or refund-due booking with a full refund,
 * or moves it to another departure. The internal note stays in each booking's history;
 * the message to customers is what their email says, previewed before sending. Calling
 * again retries the refunds that failed; the ones made are not repeated.
 */
export function CancelDepartureForm({ tourId, date, rows, moveTo, onDone }: CancelDepartureFormProps) {
  const [note, setNote] = useState('');
  const [message, setMessage] = useState('');
  const [moves, setMoves] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<EmailPreview | null>(null);
  const [asking, setAsking] = useState(false);
  const [results, setResults] = useState<CancelResult[] | null>(null);
  const affected = rows.filter((row) => row.status === 'paid' || row.status === 'refund_due');
  // A refund-due booking's money is owed back: it is cancelled, never moved.
  const movable = rows.filter((row) => row.status === 'paid');

  // Asked for before the dialog opens: the dialog says the note is kept, so it must exist.
  const [noteMissing, setNoteMissing] = useState(false);

  const showPreview = useSubmit(
    async () => {
      const res = await previewDepartureCancel(tourId, date, message);
      if (res.status !== 'success' || !res.data) {
        showAlert('error', errorMessage(res));
        raiseFieldErrors(res);
        return;
      }
      setPreview(res.data.email);
    },
    { busyText: 'Writing it...' },
  );

  const cancel = useSubmit(
    async () => {
      const chosen = Object.fromEntries(Object.entries(moves).filter(([, to]) => to !== ''));
      const res = await cancelDeparture(tourId, date, { note, message, moves: chosen });
      setAsking(false);
      if (res.status !== 'success') {
        showAlert('error', errorMessage(res));
        raiseFieldErrors(res);
        return;
      }
      const answered = res.data?.results ?? [];
      setResults(answered);
      onDone(answered);
      if (answered.every((result) => result.ok)) showAlert('success', 'Departure cancelled');
      else showAlert('error', SOME_REFUNDS_FAILED);
    },
    { busyText: PROCESSING_TEXT },
  );

  function review(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (note.trim() === '') {
      setNoteMissing(true);
      showAlert('error', NOTE_MISSING);
      return;
    }
    setNoteMissing(false);
    setAsking(true);
  }

  // The server's messages after the last call (the cancellation, or the preview for the message).
  const noteError = noteMissing ? NOTE_MISSING : cancel.errors.note;
  const messageError = cancel.errors.message ?? showPreview.errors.message;

  const movedCount = Object.values(moves).filter((to) => to !== '').length;
  return (
    <form id="cancel-departure" className="admin-form admin-form--compact" noValidate onSubmit={review} aria-labelledby="cancel-departure-title">
      <h2 id="cancel-departure-title" className="section-title">
        Cancel departure
      </h2>
      <FormTextArea
        id="cancel-departure-reason"
        label="Internal note"
        hint="Kept in each booking's history; never sent to customers"
        error={noteError}
        name="note"
        rows={2}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      <FormTextArea
        id="cancel-departure-message"
        label="Message to customers"
        hint="Emailed to every customer of this departure with what happens to their booking"
        error={messageError}
        name="message"
        rows={3}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
      >
        <button id="cancel-departure-preview" type="button" className="btn btn--small btn--outline" onClick={() => void showPreview.run()} disabled={showPreview.busy}>
          {showPreview.text('Preview the email')}
        </button>
      </FormTextArea>
      {preview ? (
        <div className="form__group" role="region" aria-label="The email as customers will read it">
          <p className="form__label">{`Subject: ${preview.subject}`}</p>
          <pre id="cancel-departure-email" className="email-preview">
            {preview.text}
          </pre>
        </div>
      ) : null}
      {movable.length > 0 && moveTo.length > 0 ? (
        <fieldset className="form__group">
          <legend className="form__label">Each booking</legend>
          {movable.map((row) => (
            <div key={row.bookingId} className="form__group">
              <label htmlFor={`cancel-move-${row.bookingId}`}>{`${row.customerName} (${row.participants})`}</label>{' '}
              <select
                id={`cancel-move-${row.bookingId}`}
                className="form__input"
                value={moves[row.bookingId] ?? ''}
                onChange={(e) => setMoves({ ...moves, [row.bookingId]: e.target.value })}
              >
                <option value="">Cancel and refund in full</option>
                {moveTo.map((d) => (
                  <option key={d.date} value={d.date} disabled={d.seatsLeft < row.participants}>
                    {`Move to ${d.label} (${d.seatsLeft} ${d.seatsLeft === 1 ? 'seat' : 'seats'} left)`}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </fieldset>
      ) : null}
      <button id="cancel-departure-submit" type="submit" className="btn btn--primary btn--danger-fill" disabled={cancel.busy}>
        {cancel.text('Cancel departure…')}
      </button>
      {asking ? (
        <ConfirmDialog
          id="cancel-departure-dialog"
          title="Cancel this departure?"
          confirmLabel="Cancel the departure"
          busy={cancel.busy}
          busyLabel={PROCESSING_TEXT}
          onConfirm={() => void cancel.run()}
          onCancel={() => setAsking(false)}
        >
          <p>
            {`The departure closes. ${affected.length - movedCount} ${affected.length - movedCount === 1 ? 'booking is' : 'bookings are'} cancelled and refunded in full`}
            {movedCount > 0 ? `; ${movedCount} ${movedCount === 1 ? 'is' : 'are'} moved to the departure chosen.` : '.'}
          </p>
          <p>{message.trim() === '' ? 'Each customer gets an email saying what happened, without a message from you.' : 'Each customer gets an email saying what happened, with your message.'}</p>
          <p>The internal note stays in each booking's history and is not sent.</p>
        </ConfirmDialog>
      ) : null}
      {results ? (
        <div className="cancel-results__wrap" role="region" aria-label="Results of the cancellation">
          <CancelResults results={results} />
        </div>
      ) : null}
    </form>
  );
}
