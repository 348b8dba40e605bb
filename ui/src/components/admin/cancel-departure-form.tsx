import { useState } from 'react';
import { cancelDeparture } from '../../api/admin-bookings';
import { errorMessage } from '../../api/client';
import { showAlert } from '../../lib/alert';
import { raiseFieldErrors } from '../../lib/field-errors';
import { useSubmit } from '../../lib/use-submit';
import { FieldError, fieldAria } from '../field-error';
import type { CancelResult } from '../../props';
import { CancelResults } from './cancel-results';

const PROCESSING_TEXT = 'Processing...';
export const SOME_REFUNDS_FAILED = 'Some refunds failed: see the list, then try again';

interface CancelDepartureFormProps {
  tourId: string;
  date: string;
  /** The manifest's own address, to see the bookings as they are now */
  manifestUrl: string;
}

/**
 * Closes the departure and cancels every paid or refund-due booking with a full refund.
 * Calling again retries the refunds that failed; the ones made are not repeated.
 */
export function CancelDepartureForm({ tourId, date, manifestUrl }: CancelDepartureFormProps) {
  const [reason, setReason] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [results, setResults] = useState<CancelResult[] | null>(null);

  const cancel = useSubmit(
    async () => {
      const res = await cancelDeparture(tourId, date, reason);
      if (res.status !== 'success') {
        showAlert('error', errorMessage(res));
        raiseFieldErrors(res);
        return;
      }
      const answered = res.data?.results ?? [];
      setResults(answered);
      if (answered.every((result) => result.ok)) showAlert('success', 'Departure cancelled');
      else showAlert('error', SOME_REFUNDS_FAILED);
    },
    { busyText: PROCESSING_TEXT },
  );

  return (
    <form id="cancel-departure" className="admin-form admin-form--compact" noValidate onSubmit={cancel.onSubmit} aria-labelledby="cancel-departure-title">
      <h2 id="cancel-departure-title" className="section-title">
        Cancel departure
      </h2>
      <div className="form__group">
        <label className="form__label" htmlFor="cancel-departure-reason">
          Reason
        </label>
        <textarea
          id="cancel-departure-reason"
          className="form__input"
          name="reason"
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          {...fieldAria('cancel-departure-reason', cancel.errors.reason, 'cancel-departure-reason-hint')}
        />
        <p id="cancel-departure-reason-hint" className="form__hint">
          Kept in each booking's history
        </p>
        <FieldError fieldId="cancel-departure-reason" message={cancel.errors.reason} />
      </div>
      <div className="form__group">
        <label className="checkbox">
          <input id="cancel-departure-confirm" type="checkbox" name="confirm" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} />
          <span>I understand every booking is cancelled and refunded in full</span>
        </label>
      </div>
      {/* The box is a confirmation, not validation: nothing is sent until it is ticked. */}
      <button id="cancel-departure-submit" type="submit" className="btn btn--primary btn--danger-fill" disabled={cancel.busy || !understood}>
        {cancel.text('Cancel departure')}
      </button>
      {results ? (
        <div className="cancel-results__wrap" role="region" aria-label="Results of the cancellation">
          <CancelResults results={results} />
          <p className="admin-note">
            <a href={manifestUrl}>Reload the manifest</a> to see the bookings as they are now.
          </p>
        </div>
      ) : null}
    </form>
  );
}
