// /admin/tours/{id}/departures/{date}/check-in: the guide's check-in at the meeting
// point, made for a phone (docs/admin.md). Type the ticket's code (case, spaces and
// dashes do not matter) or scan its QR code where the browser can, see whose booking it
// is, and record how many came; a traveller without their code is found in the list.
// Ids for browser tests: #ticket-form, #ticket-code, #ticket-lookup, #scan-ticket,
// #ticket-result, #ticket-name, #ticket-participants, #ticket-checked, #mark-arrived,
// #mark-no-show, #ticket-undo, #ticket-latecomer, #ticket-call, #ticket-problem,
// #check-in-count, #check-in-opens, #check-in-list.
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { checkIn, lookUpTicket, undoCheckIn } from '../api/check-in';
import { errorMessage } from '../api/client';
import { AdminNav } from '../components/admin/admin-nav';
import { PhoneLink } from '../components/phone-link';
import { TicketCard } from '../components/check-in/ticket-card';
import { TicketScanner } from '../components/check-in/ticket-scanner';
import { hideAlert, showAlert } from '../lib/alert';
import { plural } from '../lib/format';
import { useSubmit } from '../lib/use-submit';
import type { CheckInRow, CheckInTicket, PageProps } from '../props';

export function AdminCheckInPage({ tour, departure, manifestUrl, opens, rows: initialRows, categories }: PageProps['adminCheckIn']) {
  const [code, setCode] = useState('');
  const [rows, setRows] = useState<CheckInRow[]>(initialRows);
  const [current, setCurrent] = useState<{ ticket: CheckInTicket; fresh: boolean } | null>(null);
  const [problem, setProblem] = useState('');
  const input = useRef<HTMLInputElement>(null);

  const travellers = rows.reduce((n, r) => n + r.participants, 0);
  const arrived = rows.reduce((n, r) => n + (r.checkIn?.arrived ?? 0), 0);

  const fail = useCallback((message: string) => {
    setCurrent(null);
    setProblem(message);
    showAlert('error', message);
  }, []);

  // A new lookup starts afresh: the previous answer, right or wrong, goes at once.
  const lookUp = useSubmit(async (typed: string) => {
    setProblem('');
    setCurrent(null);
    hideAlert();
    if (typed.trim() === '') {
      fail('Type the code printed under the ticket’s QR code.');
      return;
    }
    const res = await lookUpTicket(tour.id, departure.date, typed);
    if (res.status !== 'success' || !res.data) {
      fail(errorMessage(res));
      return;
    }
    setProblem('');
    setCurrent({ ticket: res.data.ticket, fresh: false });
  });
  const findTicket = lookUp.run;

  const scanned = useCallback(
    (value: string) => {
      setCode(value);
      void findTicket(value);
    },
    [findTicket],
  );

  function update(t: CheckInTicket, fresh: boolean) {
    setCurrent({ ticket: t, fresh });
    setRows((list) => list.map((r) => (r.bookingId === t.bookingId ? { ...r, checkIn: t.checkIn } : r)));
  }

  const mark = useSubmit(async (t: CheckInTicket, count: number) => {
    const res = await checkIn(tour.id, departure.date, t.bookingId, count);
    if (res.status !== 'success' || !res.data) {
      showAlert('error', errorMessage(res));
      // Someone else may have checked it in meanwhile: show what is recorded now.
      if (t.code !== '') void findTicket(t.code);
      return;
    }
    update(res.data.ticket, true);
    setProblem('');
    showAlert('success', count === 0 ? `${t.customerName}: no-show recorded` : `${t.customerName}: ${count} of ${t.participants} arrived`);
    setCode('');
    input.current?.focus();
  });

  const undo = useSubmit(async (t: CheckInTicket) => {
    const res = await undoCheckIn(tour.id, departure.date, t.bookingId);
    if (res.status !== 'success' || !res.data) {
      showAlert('error', errorMessage(res));
      return;
    }
    update(res.data.ticket, false);
    showAlert('success', 'Check-in undone');
  });

  const busy = lookUp.busy || mark.busy || undo.busy;

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!busy) void findTicket(code);
  }

  return (
    <div className="admin check-in">
      <AdminNav current="dashboard" exact={false} />
      <p className="admin__back">
        <a href={manifestUrl}>Manifest</a>
      </p>
      <h1 className="page-title check-in__title">Check-in</h1>
      <p className="check-in__departure">
        <strong>{tour.name}</strong>
        <br />
        {`${departure.label}, ${departure.startTimeLabel}`}
        {departure.meetingPoint !== '' ? (
          <>
            <br />
            {departure.meetingPoint}
          </>
        ) : null}
      </p>
      <p id="check-in-count" className="check-in__count">
        {`${arrived} of ${plural(travellers, 'traveller', 'travellers')} arrived`}
      </p>
      {categories !== '' ? (
        <p id="check-in-categories" className="check-in__categories">
          {categories}
        </p>
      ) : null}
      {opens !== '' ? (
        <p id="check-in-opens" className="check-in__notice" role="note">
          {opens}
        </p>
      ) : null}

      <form id="ticket-form" className="check-in__form" noValidate onSubmit={submit}>
        <label className="form__label" htmlFor="ticket-code">
          Ticket code
        </label>
        <div className="check-in__row">
          <input
            ref={input}
            id="ticket-code"
            className="form__input check-in__input"
            type="text"
            name="code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="search"
            placeholder="7KQ4-M2XD-9TWP"
            aria-describedby="ticket-code-hint"
          />
          <button id="ticket-lookup" type="submit" className="btn" disabled={busy}>
            Find
          </button>
        </div>
        <p id="ticket-code-hint" className="form__hint">
          Case, spaces and dashes do not matter.
        </p>
        <TicketScanner onCode={scanned} onError={fail} />
      </form>

      {problem !== '' ? (
        <p id="ticket-problem" className="check-in__problem" role="alert">
          {problem}
        </p>
      ) : null}
      {current ? (
        <TicketCard
          key={`${current.ticket.bookingId}/${current.ticket.checkIn ? 'in' : 'out'}`}
          ticket={current.ticket}
          fresh={current.fresh}
          closed={opens !== ''}
          busy={busy}
          phone={rows.find((r) => r.bookingId === current.ticket.bookingId)?.phone ?? ''}
          onMark={(n) => void mark.run(current.ticket, n)}
          onUndo={() => void undo.run(current.ticket)}
        />
      ) : null}

      <section className="admin-section" aria-labelledby="check-in-list-title">
        <h2 id="check-in-list-title" className="section-title">
          Travellers
        </h2>
        {rows.length === 0 ? (
          <p className="empty">No paid bookings on this departure.</p>
        ) : (
          <ul id="check-in-list" className="check-in__list">
            {rows.map((r) => (
              <li key={r.bookingId} className="check-in__item">
                <button
                  type="button"
                  className="check-in__pick"
                  onClick={() => {
                    setProblem('');
                    hideAlert();
                    setCurrent({ ticket: { ...r, code: '' }, fresh: false });
                  }}
                >
                  <span className="check-in__who">{r.customerName}</span>
                  <span className="check-in__what">{`${plural(r.participants, 'participant', 'participants')} · ${r.checkIn ? r.checkIn.label : 'Not checked in'}`}</span>
                </button>
                {r.phone !== '' ? (
                  <PhoneLink phone={r.phone} className="btn btn--small btn--outline check-in__call" label={`Call ${r.customerName}`} />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
