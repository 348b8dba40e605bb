import { useState } from 'react';
import type { CheckInTicket } from '../../props';
import { plural } from '../../lib/format';
import { PhoneLink } from '../phone-link';

interface TicketCardProps {
  ticket: CheckInTicket;
  /** The check-in was just recorded here, not found already made */
  fresh: boolean;
  /** Check-in is not open yet (before the departure's day) */
  closed: boolean;
  busy: boolean;
  /** The lead traveller's phone, "" when none */
  phone: string;
  onMark: (arrived: number) => void;
  onUndo: () => void;
}

/** The booking a ticket admits, and what to record of it. */
export function TicketCard({ ticket, fresh, closed, busy, phone, onMark, onUndo }: TicketCardProps) {
  const [arrived, setArrived] = useState(ticket.participants);
  const c = ticket.checkIn;
  return (
    <section id="ticket-result" className={`check-in__card${c && !fresh ? ' check-in__card--warn' : ''}`} aria-live="polite" aria-labelledby="ticket-name">
      <h2 id="ticket-name" className="check-in__name">
        {ticket.customerName}
      </h2>
      <p className="check-in__facts">
        <span id="ticket-participants">{plural(ticket.participants, 'participant', 'participants')}</span>
        {ticket.code !== '' ? <code className="check-in__code">{ticket.code}</code> : null}
      </p>
      {phone !== '' ? <PhoneLink id="ticket-call" phone={phone} className="btn btn--small btn--outline" label={`Call ${phone}`} /> : null}
      {c ? (
        <>
          <p id="ticket-checked" className="check-in__state" role="status">
            {fresh ? `Checked in: ${c.label}.` : c.text}
          </p>
          {!closed && c.arrived < ticket.participants ? (
            // A latecomer: one more arrived, without undoing what was recorded.
            <button id="ticket-latecomer" type="button" className="btn btn--small" disabled={busy} onClick={() => onMark(c.arrived + 1)}>
              {c.noShow ? 'Arrived late: mark 1 arrived' : `Latecomer: mark ${c.arrived + 1} of ${ticket.participants} arrived`}
            </button>
          ) : null}
          <button id="ticket-undo" type="button" className="btn btn--small btn--outline" disabled={busy} onClick={onUndo}>
            Undo check-in
          </button>
        </>
      ) : closed ? null : (
        <div className="check-in__mark">
          {ticket.participants > 1 ? (
            <div className="form__group check-in__count">
              <label className="form__label" htmlFor="arrived-count">
                Arrived
              </label>
              <div className="check-in__stepper">
                <button type="button" className="btn btn--small btn--outline" aria-label="One fewer" disabled={arrived <= 1} onClick={() => setArrived(arrived - 1)}>
                  −
                </button>
                <output id="arrived-count" htmlFor="arrived-count" className="check-in__arrived">{`${arrived} of ${ticket.participants}`}</output>
                <button type="button" className="btn btn--small btn--outline" aria-label="One more" disabled={arrived >= ticket.participants} onClick={() => setArrived(arrived + 1)}>
                  +
                </button>
              </div>
            </div>
          ) : null}
          <button id="mark-arrived" type="button" className="btn check-in__arrive" disabled={busy} onClick={() => onMark(arrived)}>
            {ticket.participants > 1 ? `Mark ${arrived} arrived` : 'Mark arrived'}
          </button>
          <button id="mark-no-show" type="button" className="btn btn--small btn--outline" disabled={busy} onClick={() => onMark(0)}>
            No-show
          </button>
        </div>
      )}
    </section>
  );
}
