import type { TicketView } from '../props';

/**
 * A paid booking's ticket as its traveller shows it at the meeting point: the QR code the
 * guide scans and the same code as text to read out or type. The QR image is served to
 * the booking's traveller only.
 */
export function Ticket({ ticket, tourName }: { ticket: TicketView; tourName: string }) {
  return (
    <figure className="ticket">
      <img className="ticket__qr" src={ticket.qrUrl} width={160} height={160} alt={`QR code of your ticket for ${tourName}`} />
      <figcaption className="ticket__caption">
        <span className="ticket__label">Ticket</span>
        <code className="ticket__code">{ticket.code}</code>
        {ticket.checked !== '' ? <span className="ticket__checked">{ticket.checked}</span> : null}
      </figcaption>
    </figure>
  );
}
