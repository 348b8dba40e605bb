import { useState } from 'react';
import { setBookingNotices, type NoticeMode } from '../../api/admin-emails';
import { settleAnswer } from '../../lib/answer';
import { useSubmit } from '../../lib/use-submit';

/**
 * How the operator (every admin) and a departure's guides hear of its new, changed and
 * cancelled bookings: one email each at once, or one digest a day.
 * Ids for browser tests: #booking-notices (the form), #notices-immediate, #notices-daily,
 * #notices-save.
 */
export function NoticeSetting({ mode: initial, digestAt }: { mode: NoticeMode; digestAt: string }) {
  const [mode, setMode] = useState<NoticeMode>(initial);
  const save = useSubmit(async () => {
    const res = await setBookingNotices(mode);
    settleAnswer(res, 'mode', (m) => (m === 'daily' ? `Booking news now come as one digest a day, at ${digestAt}` : 'Booking news now come at once'));
  });
  return (
    <section className="admin-section" aria-labelledby="booking-notices-title">
      <h2 id="booking-notices-title" className="section-title">
        Booking news for the staff
      </h2>
      <form id="booking-notices" className="admin-form" aria-labelledby="booking-notices-title" noValidate onSubmit={save.onSubmit}>
        <p className="form__hint">Admins and each departure’s guides get an email when a booking is made, changed or cancelled.</p>
        <fieldset className="admin-form__group">
          <legend className="form__label">Send the news</legend>
          <ul className="checkbox-list">
            <li>
              <label className="checkbox">
                <input id="notices-immediate" type="radio" name="mode" value="immediate" checked={mode === 'immediate'} onChange={() => setMode('immediate')} />
                <span>At once, one email for each booking</span>
              </label>
            </li>
            <li>
              <label className="checkbox">
                <input id="notices-daily" type="radio" name="mode" value="daily" checked={mode === 'daily'} onChange={() => setMode('daily')} />
                <span>{`As one daily digest, at ${digestAt}`}</span>
              </label>
            </li>
          </ul>
        </fieldset>
        <button id="notices-save" type="submit" className="btn btn--small" disabled={save.busy}>
          Save
        </button>
      </form>
    </section>
  );
}
