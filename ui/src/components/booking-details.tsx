import { useState } from 'react';
import { changeMyBookingDetails } from '../api/my-bookings';
import { settleAnswer } from '../lib/answer';
import { useSubmit } from '../lib/use-submit';
import type { BookingDetails as Details, QuestionView, MyBooking, TravellerLine } from '../props';
import { FormField } from './form-field';
import { QuestionInput } from './question-input';

const UPDATING_TEXT = 'Updating...';

interface BookingDetailsProps {
  booking: MyBooking;
  /** The booking as the server answered after a change */
  onChange: (booking: MyBooking) => void;
}

/** Whom a traveller is on the page: "Traveller 2 (Child)", or their name. */
function travellerTitle(t: TravellerLine): string {
  return t.name ? `${t.name} (${t.category})` : `Traveller ${t.index} (${t.category})`;
}

/** The questions asked of traveller t (0: the booking's own). */
function askedOf(d: Details, t: TravellerLine | null): QuestionView[] {
  return d.questions.filter((q) =>
    t === null ? !q.perTraveller : q.perTraveller && (q.categories.length === 0 || q.categories.includes(t.categoryId)),
  );
}

/** The longest answer the server keeps to q: a text's or a long text's; none for the others. */
function maxLengthOf(d: Details, q: QuestionView): number | undefined {
  return q.type === 'text' ? d.maxText : q.type === 'longtext' ? d.maxLongText : undefined;
}

const key = (question: string, traveller: number) => `${question}:${traveller}`;

function initialAnswers(d: Details): Record<string, string> {
  const out: Record<string, string> = {};
  for (const a of d.answers) out[key(a.questionId, a.traveller)] = a.value;
  return out;
}

/**
 * Who travels on the booking and their answers to the operator's questions, and until
 * the cut-off the form to change them (PATCH /api/v1/my-bookings/{id}/details). The
 * server checks everything and names the question at fault in the alert.
 */
export function BookingDetails({ booking, onChange }: BookingDetailsProps) {
  const d = booking.details;
  const [travellers, setTravellers] = useState(() => d.travellers.map((t) => ({ name: t.name, phone: t.phone })));
  const [answers, setAnswers] = useState(() => initialAnswers(d));

  const save = useSubmit(
    async () => {
      const res = await changeMyBookingDetails(booking.id, {
        travellers: d.travellers.map((t, i) => ({ category: t.categoryId, name: travellers[i]?.name ?? '', phone: travellers[i]?.phone ?? '' })),
        answers: Object.entries(answers)
          .filter(([, value]) => value !== '')
          .map(([k, value]) => {
            const at = k.lastIndexOf(':');
            return { question: k.slice(0, at), traveller: Number(k.slice(at + 1)), value };
          }),
      });
      const saved = settleAnswer(res, 'booking', 'Your travellers and answers are saved.');
      if (saved) onChange(saved);
    },
    { busyText: UPDATING_TEXT },
  );

  const asksNames = d.ask !== '';
  if (!asksNames && d.questions.length === 0 && d.answers.length === 0) return null;

  const setTraveller = (i: number, field: 'name' | 'phone', value: string) =>
    setTravellers((list) => list.map((t, n) => (n === i ? { ...t, [field]: value } : t)));
  const setAnswer = (k: string, value: string) => setAnswers((a) => ({ ...a, [k]: value }));
  const byTraveller = (n: number) => d.answers.filter((a) => a.traveller === n);

  return (
    <section id="traveller-details" className="my-booking__section" aria-labelledby="travellers-title">
      <h2 id="travellers-title" className="section-title">
        Travellers and answers
      </h2>
      {d.missing.length > 0 ? (
        <div id="details-missing" className="my-booking__missing" role="note">
          <p>{d.editable ? `Please give these by ${d.cutoff}:` : 'Still missing:'}</p>
          <ul>
            {d.missing.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <ol id="details-list" className="details-list">
        {byTraveller(0).length > 0 ? (
          <li className="details-list__item" id="booking-answers">
            <strong>The booking</strong>
            <AnswerList answers={byTraveller(0)} />
          </li>
        ) : null}
        {d.travellers.map((t) => (
          <li key={t.index} className="details-list__item" id={`traveller-${t.index}`}>
            <strong>{travellerTitle(t)}</strong>
            {t.phone ? <span className="details-list__phone"> · {t.phone}</span> : null}
            {t.seat ? null : <span className="details-list__note"> · no seat</span>}
            <AnswerList answers={byTraveller(t.index)} />
          </li>
        ))}
      </ol>

      {d.editable ? (
        <form id="details-form" className="form" onSubmit={save.onSubmit} noValidate>
          <p className="form__hint">You can change these until {d.cutoff}.</p>
          {askedOf(d, null).map((q) => (
            <QuestionInput
              key={q.id}
              id={`answer-${q.id}-0`}
              question={q}
              value={answers[key(q.id, 0)] ?? ''}
              onChange={(v) => setAnswer(key(q.id, 0), v)}
              maxLength={maxLengthOf(d, q)}
            />
          ))}
          {d.travellers.map((t, i) => {
            const asksName = d.ask === 'all' || (d.ask === 'lead' && i === 0);
            const questions = askedOf(d, t);
            if (!asksName && questions.length === 0) return null;
            return (
              <fieldset key={t.index} className="form__fieldset" id={`traveller-${t.index}-fields`}>
                <legend className="form__legend">{i === 0 && d.ask === 'lead' ? `Lead traveller (${t.category})` : `Traveller ${t.index} (${t.category})`}</legend>
                {asksName ? (
                  <FormField
                    id={`traveller-${t.index}-name`}
                    label="Full name"
                    autoComplete={i === 0 ? 'name' : 'off'}
                    maxLength={d.maxName}
                    value={travellers[i]?.name ?? ''}
                    onChange={(e) => setTraveller(i, 'name', e.target.value)}
                  />
                ) : null}
                {asksName && (d.ask === 'lead' || (travellers[i]?.phone ?? '') !== '' || i === 0) ? (
                  <FormField
                    id={`traveller-${t.index}-phone`}
                    label={d.ask === 'lead' ? 'Phone' : 'Phone (optional)'}
                    type="tel"
                    autoComplete={i === 0 ? 'tel' : 'off'}
                    value={travellers[i]?.phone ?? ''}
                    onChange={(e) => setTraveller(i, 'phone', e.target.value)}
                  />
                ) : null}
                {questions.map((q) => (
                  <QuestionInput
                    key={q.id}
                    id={`answer-${q.id}-${t.index}`}
                    question={q}
                          value={answers[key(q.id, t.index)] ?? ''}
                    onChange={(v) => setAnswer(key(q.id, t.index), v)}
                    maxLength={maxLengthOf(d, q)}
                  />
                ))}
              </fieldset>
            );
          })}
          <button id="save-details" type="submit" className="btn btn--primary" disabled={save.busy}>
            {save.text('Save details')}
          </button>
        </form>
      ) : booking.status === 'paid' || booking.status === 'awaiting_payment' ? (
        <p id="details-closed" className="form__hint">
          Answers can no longer be changed: the cut-off was {d.cutoff}. Please contact us if something is wrong.
        </p>
      ) : null}
    </section>
  );
}

function AnswerList({ answers }: { answers: MyBooking['details']['answers'] }) {
  if (answers.length === 0) return null;
  return (
    <dl className="details-list__answers">
      {answers.map((a) => (
        <div key={`${a.questionId}:${a.traveller}`}>
          <dt>{a.label}</dt>
          <dd>{a.text}</dd>
        </div>
      ))}
    </dl>
  );
}
