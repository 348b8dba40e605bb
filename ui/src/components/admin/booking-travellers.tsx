import type { AdminBookingDetail, AnswerLine } from '../../props';

function Answers({ answers, id }: { answers: AnswerLine[]; id?: string }) {
  if (answers.length === 0) return null;
  return (
    <dl id={id} className="admin-facts">
      {answers.map((a) => (
        <div key={`${a.questionId}:${a.traveller}`}>
          <dt>{a.label}</dt>
          <dd>{a.text === '' ? '—' : a.text}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Who travels on a booking, with their category, name, phone and answers, and the answers
 * given once for the booking; read-only. Shown only for a booking that has them.
 */
export function BookingTravellers({ booking }: { booking: AdminBookingDetail }) {
  const { travellerDetails: people, answers } = booking;
  if (people.length === 0 && answers.length === 0) return null;
  return (
    <section className="admin-section" aria-labelledby="travellers-title">
      <h2 id="travellers-title" className="section-title">
        Travellers and answers
      </h2>
      <Answers answers={answers} id="booking-answers" />
      {people.length > 0 ? (
        <ol id="booking-traveller-details" className="admin-facts__list">
          {people.map((p) => (
            <li key={p.index}>
              <p>
                <strong>{p.name === '' ? `Traveller ${p.index}` : p.name}</strong>
                {` · ${p.category}`}
                {p.seat ? null : ' · no seat'}
                {p.phone !== '' ? (
                  <>
                    {' · '}
                    <a href={`tel:${p.phone.replace(/[^0-9+]/g, '')}`}>{p.phone}</a>
                  </>
                ) : null}
              </p>
              <Answers answers={p.answers} />
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
