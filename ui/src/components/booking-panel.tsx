import { useId, useState } from 'react';
import { bookTour } from '../api/bookings';
import type { BookingForm, PolicyTier, StartDateOption } from '../props';
import { formatAmount } from '../lib/money-format';
import {
  answerKey,
  askedOf,
  countsProblem,
  detailsOf,
  extrasParam,
  totalMinor,
  dueNowMinor,
  travellersOf,
  unitsParam,
  type Counts,
} from '../lib/booking-order';
import { plural } from '../lib/format';
import { useSubmit } from '../lib/use-submit';
import { useSession } from '../session';
import { QuestionInput } from './question-input';
import { GiftCardField } from './gift-card-field';
import { PromoCodeField } from './promo-code-field';
import { TermsCheckbox } from './terms-checkbox';

const BOOK_TEXT = 'Book tour now!';
const PROCESSING_TEXT = 'Processing...';

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

interface BookingPanelProps {
  tourId: string;
  startDates: StartDateOption[];
  policy: PolicyTier[];
  /** The version of the terms of booking to accept (a checkbox linking /terms); 0: none written, no box. */
  terms: number;
  form: BookingForm;
}

/**
 * The booking call to action at the end of the tour page (SPEC.md §4 "Booking"): the
 * date, how many of each price category, the extras and a running total, then the
 * travellers' details and the operator's questions as the tour asks them, the terms and
 * the book button. While terms of booking are written, one checkbox accepts them; the
 * checkout call names the version accepted. The server decides everything (its message
 * in the alert, SPEC.md §5): the page only notes what the counts break, and its total
 * is for display.
 */
export function BookingPanel({ tourId, startDates, policy, terms, form }: BookingPanelProps) {
  const { user } = useSession();
  const bookable = startDates.filter((d) => d.bookable);
  const [date, setDate] = useState(bookable[0]?.date ?? '');
  const single = form.categories.length === 1;
  // A tour of one category keeps SPEC.md's #participants; others count per category.
  const [counts, setCounts] = useState<Counts>(() =>
    Object.fromEntries(form.categories.map((c, i) => [c.id, String(i === 0 ? Math.max(c.min, 1) : c.min)])),
  );
  const [extras, setExtras] = useState<Counts>({});
  const [names, setNames] = useState<Record<string, string>>({});
  const [phone, setPhone] = useState('');
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [accepted, setAccepted] = useState(false);
  const [promo, setPromo] = useState(''); // issue #24 §1: PromoCodeField
  const [giftCard, setGiftCard] = useState(''); // issue #24 §2: GiftCardField
  // On success the browser is on its way to the checkout page: keep "Processing...".
  const book = useSubmit(
    (day: string, order: Parameters<typeof bookTour>[2]) => bookTour(tourId, day, order, accepted ? terms : 0, promo, giftCard.trim()),
    { busyText: PROCESSING_TEXT, leaves: (leaving) => leaving },
  );
  const hintId = useId();

  if (bookable.length === 0) {
    return <p className="booking__full">Fully booked</p>;
  }
  if (!user) {
    return (
      <a className="btn btn--primary" href="/login">
        Log in to book tour
      </a>
    );
  }

  const chosen = startDates.find((d) => d.date === date && d.bookable) ?? bookable[0]!;
  const maxSeats = Math.max(chosen.seatsLeft, 1);
  const first = form.categories[0]!;
  const slots = travellersOf(form, counts);
  const problem = single ? '' : countsProblem(form, counts, chosen.seatsLeft);
  const total = totalMinor(form, chosen, counts, extras);
  const payNow = dueNowMinor(form, chosen, total, slots.filter((s) => s.category.takesSeat).length);
  const setCount = (id: string, text: string) => setCounts((c) => ({ ...c, [id]: text }));

  function chooseDate(next: string) {
    setDate(next);
    const option = startDates.find((d) => d.date === next);
    if (option && single) {
      const current = Number.parseInt(counts[first.id] ?? '', 10);
      setCount(first.id, String(clamp(Number.isFinite(current) ? current : 1, 1, Math.max(option.seatsLeft, 1))));
    }
  }

  function submit() {
    if (single && form.travellers === '' && form.questions.length === 0 && !extrasParam(form, extras)) {
      const count = Number.parseInt(counts[first.id] ?? '', 10);
      void book.run(chosen.date, Number.isFinite(count) ? clamp(count, 1, maxSeats) : 1);
      return;
    }
    void book.run(chosen.date, {
      units: unitsParam(form, counts),
      extras: extrasParam(form, extras),
      details: detailsOf(form, slots, names, phone, answers),
    });
  }

  const question = (q: BookingForm['questions'][number], traveller: number, slot?: (typeof slots)[number]) => {
    const key = answerKey(q, slot);
    return (
      <QuestionInput
        key={key}
        id={`answer-${q.id}-${traveller}`}
        question={q}
        value={answers[key] ?? ''}
        onChange={(v) => setAnswers((a) => ({ ...a, [key]: v }))}
      />
    );
  };

  return (
    <div className="booking">
      <div className="form__group">
        <label className="form__label" htmlFor="start-date">
          Start date
        </label>
        <select
          id="start-date"
          className="form__input"
          value={chosen.date}
          onChange={(e) => chooseDate(e.target.value)}
        >
          {startDates.map((d) => (
            <option key={d.date} value={d.date} disabled={!d.bookable}>
              {`${d.label}, ${d.startTime} (${d.bookable ? `${plural(d.seatsLeft, 'seat', 'seats')} left` : d.seatsLeft > 0 ? 'not bookable' : 'full'})`}
            </option>
          ))}
        </select>
      </div>
      {form.categories.map((c, i) => {
        const price = chosen.prices[i] ?? 0;
        return single ? (
          <CountField
            key={c.id}
            id="participants"
            label="Participants"
            min={1}
            max={maxSeats}
            value={counts[c.id]!}
            describedBy={hintId}
            onChange={(v) => setCount(c.id, v)}
          />
        ) : (
          <CountField
            key={c.id}
            id={`units-${c.id}`}
            label={c.ages ? `${c.name} (${c.ages})` : c.name}
            max={c.max}
            value={counts[c.id]!}
            hint={`${price > 0 ? `${formatAmount(price, form.currency)} each` : 'Free'}${c.takesSeat ? '' : ', no seat'}`}
            onChange={(v) => setCount(c.id, v)}
          />
        );
      })}
      {form.extras.map((e) => (
        <CountField
          key={e.id}
          id={`extra-${e.id}`}
          label={`${e.name} (${e.price} ${e.perTraveller ? 'per traveller' : 'per booking'})`}
          max={e.perTraveller ? slots.length : e.max}
          value={extras[e.id] ?? '0'}
          hint={e.description}
          onChange={(v) => setExtras((x) => ({ ...x, [e.id]: v }))}
        />
      ))}
      <p className="booking__total" id="booking-total" aria-live="polite">
        {'Total '}
        <strong>{formatAmount(total, form.currency)}</strong>
        {problem ? <span className="booking__problem">{` ${problem}`}</span> : null}
      </p>
      {/* Deposits (issue #24 §3): what the checkout charges now and the balance's day. */}
      {payNow < total ? (
        <p className="booking__deposit" id="booking-deposit">
          {`Pay ${formatAmount(payNow, form.currency)} now, ${formatAmount(total - payNow, form.currency)} by ${chosen.balanceDue}`}
        </p>
      ) : null}
      {slots.map((s, i) => {
        const n = i + 1;
        const asked = form.questions.filter((q) => askedOf(q, s.category.id));
        const all = form.travellers === 'all';
        const lead = form.travellers === 'lead' && i === 0;
        if (!all && !lead && asked.length === 0) return null;
        const who = `Traveller ${n} (${s.category.name})`;
        const title = lead ? `Lead traveller (${s.category.name})` : who;
        // Asking every name, each name's label says who; the group is named the same.
        return (
          <div className="booking__traveller" role="group" aria-label={title} key={s.key}>
            {all ? null : <p className="booking__who">{title}</p>}
            {all || lead ? (
              <QuestionInput
                id={`traveller-${n}-name`}
                question={{ label: all ? who : 'Name', type: 'text', required: true }}
                autoComplete={i === 0 ? 'name' : 'off'}
                placeholder="Full name"
                value={names[s.key] ?? ''}
                onChange={(v) => setNames((m) => ({ ...m, [s.key]: v }))}
              />
            ) : null}
            {lead ? (
              <QuestionInput
                id="traveller-1-phone"
                question={{ label: 'Phone', type: 'phone', required: true }}
                autoComplete="tel"
                value={phone}
                onChange={setPhone}
              />
            ) : null}
            {asked.map((q) => question(q, n, s))}
          </div>
        );
      })}
      {form.questions.some((q) => !q.perTraveller) ? (
        <div className="booking__traveller" role="group" aria-label="About the booking">
          {form.questions.filter((q) => !q.perTraveller).map((q) => question(q, 0))}
        </div>
      ) : null}
      <PromoCodeField
        tourId={tourId}
        query={() => new URLSearchParams({ date: chosen.date, units: unitsParam(form, counts), extras: extrasParam(form, extras) }).toString()}
        code={promo}
        onChange={setPromo}
      />
      <GiftCardField value={giftCard} onChange={setGiftCard} />
      {terms > 0 ? <TermsCheckbox id="accept-terms" checked={accepted} onChange={setAccepted} /> : null}
      <button
        id="book-tour"
        type="button"
        className="btn btn--primary"
        data-tour-id={tourId}
        disabled={book.busy}
        onClick={submit}
      >
        {book.text(BOOK_TEXT)}
      </button>
      <p className="form__hint" id={hintId}>
        {`Up to ${plural(maxSeats, 'seat', 'seats')} left on this date`}
      </p>
      {/* What the traveller agrees to by paying; the booking keeps a copy of it. */}
      <p className="booking__policy" id="booking-policy">
        {`If you cancel: ${policy.map((t) => `${t.when.toLowerCase()}, ${t.refund.toLowerCase()}`).join('; ')}.`}
      </p>
    </div>
  );
}

interface CountFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  min?: number;
  /** 0: no bound. */
  max: number;
  /** Shown under the field as `${id}-hint` ("$990.00 each"). */
  hint?: string;
  /** The field's description elsewhere, instead of a hint. */
  describedBy?: string;
}

/** A labelled count: of travellers of one category, or of an extra. */
function CountField({ id, label, value, onChange, min = 0, max, hint, describedBy }: CountFieldProps) {
  return (
    <div className="form__group">
      <label className="form__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="form__input booking__count"
        type="number"
        inputMode="numeric"
        min={min}
        max={max || undefined}
        step={1}
        value={value}
        aria-describedby={describedBy ?? (hint ? `${id}-hint` : undefined)}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint ? (
        <p className="form__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
