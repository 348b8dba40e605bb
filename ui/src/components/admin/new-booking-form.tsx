import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createBooking, type NewBookingInput, type PaymentChoice } from '../../api/new-booking';
import { errorMessage } from '../../api/client';
import { showAlert } from '../../lib/alert';
import { FieldsRefused, raiseFieldErrors } from '../../lib/field-errors';
import { idempotencyKey } from '../../lib/idempotency-key';
import { navigate } from '../../lib/navigate';
import { useSubmit } from '../../lib/use-submit';
import type { NewBookingProps, NewBookingTour } from '../../props';
import { AmountPreview } from '../amount-preview';
import { FieldError } from '../field-error';

type PriceMode = 'tour' | 'price' | 'amount' | 'percent';

const PAYMENTS: { value: PaymentChoice; label: string }[] = [
  { value: 'received', label: 'Cash or transfer received' },
  { value: 'later', label: 'Pay later by a date' },
  { value: 'link', label: 'Send a payment link by email' },
];

function formatMinor(minor: number, tour: NewBookingTour): string {
  const major = minor / 10 ** tour.currencyDigits;
  return `${major.toFixed(tour.currencyDigits)} ${tour.currency.toUpperCase()}`;
}

function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className="form__group">
      <label className="form__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint ? (
        <p className="form__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldError fieldId={id} message={error} />
    </div>
  );
}

/** New booking: an operator's booking of any tour's departure, paid, paid later or by a payment link. */
export function NewBookingForm({ tours, tour: initialTour, date: initialDate }: NewBookingProps) {
  const [tourId, setTourId] = useState(initialTour);
  const [date, setDate] = useState(initialDate);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [count, setCount] = useState('1');
  const [travellers, setTravellers] = useState<string[]>(['']);
  const [notes, setNotes] = useState('');
  const [priceMode, setPriceMode] = useState<PriceMode>('tour');
  const [priceValue, setPriceValue] = useState('');
  const [priceNote, setPriceNote] = useState('');
  const [payment, setPayment] = useState<PaymentChoice>('received');
  const [method, setMethod] = useState<'cash' | 'bank_transfer'>('cash');
  const [receivedOn, setReceivedOn] = useState('');
  const [reference, setReference] = useState('');
  const [payBy, setPayBy] = useState('');
  const [confirm, setConfirm] = useState(true);
  // One key per form, made in the browser (the server's renderer has no crypto): a double
  // click or a retry makes one booking.
  const key = useRef('');
  useEffect(() => {
    if (key.current === '') key.current = idempotencyKey();
  }, []);

  const tour = tours.find((t) => t.id === tourId);
  const departure = tour?.departures.find((d) => d.date === date);
  const n = Number(count);
  const people = Number.isInteger(n) && n >= 1 ? Math.min(n, 50) : 1;
  const names = Array.from({ length: people }, (_, i) => travellers[i] ?? '');
  const listPrice = (departure?.unitPriceMinor ?? tour?.unitPriceMinor ?? 0) * people;

  const setTraveller = (i: number, value: string) =>
    setTravellers((list) => {
      const next = [...list];
      while (next.length <= i) next.push('');
      next[i] = value;
      return next;
    });

  const save = useSubmit(
    async () => {
      if (key.current === '') key.current = idempotencyKey();
      const local: Record<string, string> = {};
      const input: NewBookingInput = {
        tourId,
        date,
        email,
        name,
        phone,
        participants: Number.isInteger(n) ? n : 0,
        travellers: names,
        notes,
        priceNote,
        payment,
        paymentMethod: method,
        receivedOn: payment === 'received' ? receivedOn : '',
        reference: payment === 'received' ? reference : '',
        payBy: payment === 'received' ? '' : payBy,
        sendConfirmation: confirm,
        key: key.current,
      };
      if (priceMode === 'percent') {
        const pct = Number(priceValue.trim().replace(/%$/, ''));
        if (priceValue.trim() === '' || !Number.isInteger(pct)) local.discountPercent = 'Please enter the discount as a whole percentage, e.g. 10.';
        else input.discountPercent = pct;
      } else if (priceMode === 'price') {
        // As typed: the server reads it in the tour's currency ("1.290,00"; README, Typing amounts).
        input.priceMinor = priceValue;
      } else if (priceMode === 'amount') {
        input.discountMinor = priceValue;
      }
      if (Object.keys(local).length > 0) {
        showAlert('error', Object.values(local).join(' '));
        // Shown next to its field by the form hook, as the server's are.
        throw new FieldsRefused(local);
      }
      const res = await createBooking(input);
      if (res.status !== 'success' || !res.data) {
        showAlert('error', errorMessage(res));
        raiseFieldErrors(res);
        return false;
      }
      showAlert('success', 'Booking saved');
      navigate(res.data.url);
      return true;
    },
    { busyText: 'Saving...', leaves: (saved) => saved },
  );

  const errors = save.errors;
  const err = (k: string) => errors[k];
  const describedBy = (id: string, k: string) => (errors[k] ? `${id}-error` : undefined);
  const priceError = err('priceMinor') ?? err('discountMinor') ?? err('discountPercent') ?? err('discount');

  return (
    <form id="new-booking" className="admin-form" noValidate onSubmit={save.onSubmit} aria-labelledby="new-booking-title">
      <fieldset className="admin-form__fieldset">
        <legend className="section-title">Tour and departure</legend>
        <Field id="nb-tour" label="Tour" error={err('tourId')}>
          <select
            id="nb-tour"
            className="form__input"
            value={tourId}
            aria-invalid={err('tourId') ? true : undefined}
            aria-describedby={describedBy('nb-tour', 'tourId')}
            onChange={(e) => {
              setTourId(e.target.value);
              setDate('');
            }}
          >
            <option value="">Choose a tour</option>
            {tours.map((t) => (
              <option key={t.id} value={t.id}>
                {`${t.name} (${t.unitPrice} per person)`}
              </option>
            ))}
          </select>
        </Field>
        <Field id="nb-date" label="Departure" error={err('date')}>
          <select
            id="nb-date"
            className="form__input"
            value={date}
            disabled={!tour}
            aria-invalid={err('date') ? true : undefined}
            aria-describedby={describedBy('nb-date', 'date')}
            onChange={(e) => setDate(e.target.value)}
          >
            <option value="">{tour && tour.departures.length === 0 ? 'No departures to come' : 'Choose a departure'}</option>
            {tour?.departures.map((d) => (
              <option key={d.date} value={d.date}>
                {`${d.label}, ${d.startTimeLabel}: ${d.left === 1 ? '1 seat left' : `${d.left} seats left`}${d.closed ? ' (closed online)' : ''}`}
              </option>
            ))}
          </select>
        </Field>
      </fieldset>

      <fieldset className="admin-form__fieldset">
        <legend className="section-title">Customer</legend>
        <Field id="nb-name" label="Name" error={err('name')}>
          <input id="nb-name" className="form__input" type="text" autoComplete="off" value={name}
            aria-invalid={err('name') ? true : undefined} aria-describedby={describedBy('nb-name', 'name')}
            onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field id="nb-email" label="Email" error={err('email')}>
          <input id="nb-email" className="form__input" type="email" autoComplete="off" value={email}
            aria-invalid={err('email') ? true : undefined} aria-describedby={describedBy('nb-email', 'email')}
            onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Field id="nb-phone" label="Phone (optional)" error={err('phone')}>
          <input id="nb-phone" className="form__input" type="tel" autoComplete="off" value={phone}
            aria-invalid={err('phone') ? true : undefined} aria-describedby={describedBy('nb-phone', 'phone')}
            onChange={(e) => setPhone(e.target.value)} />
        </Field>
      </fieldset>

      <fieldset className="admin-form__fieldset">
        <legend className="section-title">Travellers</legend>
        <Field id="nb-participants" label="Number of travellers" error={err('participants') ?? err('travellers')}
          hint={departure ? `${departure.left === 1 ? '1 seat' : `${departure.left} seats`} left on this departure` : undefined}>
          <input id="nb-participants" className="form__input" type="number" inputMode="numeric" min={1} step={1} value={count}
            aria-invalid={err('participants') ? true : undefined}
            aria-describedby={describedBy('nb-participants', 'participants')}
            onChange={(e) => setCount(e.target.value)} />
        </Field>
        {names.map((value, i) => (
          <Field key={i} id={`nb-traveller-${i}`} label={i === 0 ? 'Traveller 1 (lead)' : `Traveller ${i + 1}`} error={err(`travellers.${i}`)}>
            <input id={`nb-traveller-${i}`} className="form__input" type="text" autoComplete="off" value={value}
              placeholder={i === 0 ? name || 'The customer' : undefined}
              aria-invalid={err(`travellers.${i}`) ? true : undefined}
              aria-describedby={describedBy(`nb-traveller-${i}`, `travellers.${i}`)}
              onChange={(e) => setTraveller(i, e.target.value)} />
          </Field>
        ))}
        <Field id="nb-notes" label="Notes (for the office, never sent)" error={err('notes')}>
          <textarea id="nb-notes" className="form__input" rows={3} value={notes} onChange={(e) => setNotes(e.target.value)} />
        </Field>
      </fieldset>

      <fieldset className="admin-form__fieldset">
        <legend className="section-title">Price</legend>
        <p id="nb-list-price">{tour ? `Tour price: ${formatMinor(listPrice, tour)} for ${people === 1 ? '1 traveller' : `${people} travellers`}` : 'Choose a tour to see its price.'}</p>
        <Field id="nb-price-mode" label="Price">
          <select id="nb-price-mode" className="form__input" value={priceMode} onChange={(e) => setPriceMode(e.target.value as PriceMode)}>
            <option value="tour">The tour's price</option>
            <option value="price">Another total price</option>
            <option value="amount">A discount (amount)</option>
            <option value="percent">A discount (percent)</option>
          </select>
        </Field>
        {priceMode !== 'tour' ? (
          <Field id="nb-price-value" label={priceMode === 'price' ? `Total price${tour ? ` (${tour.currency.toUpperCase()})` : ''}` : priceMode === 'amount' ? `Discount${tour ? ` (${tour.currency.toUpperCase()})` : ''}` : 'Discount (%)'}
            error={priceError}>
            <input id="nb-price-value" className="form__input" type="text" inputMode="decimal" value={priceValue}
              aria-invalid={priceError ? true : undefined} aria-describedby={priceError ? 'nb-price-value-error' : undefined}
              onChange={(e) => setPriceValue(e.target.value)} />
            {priceMode !== 'percent' && tour ? <AmountPreview fieldId="nb-price-value" text={priceValue} currency={tour.currency} /> : null}
          </Field>
        ) : null}
        {priceMode !== 'tour' || err('priceNote') ? (
          <Field id="nb-price-note" label="Why the price differs" error={err('priceNote')}>
            <input id="nb-price-note" className="form__input" type="text" value={priceNote}
              aria-invalid={err('priceNote') ? true : undefined} aria-describedby={describedBy('nb-price-note', 'priceNote')}
              onChange={(e) => setPriceNote(e.target.value)} />
          </Field>
        ) : null}
      </fieldset>

      <fieldset className="admin-form__fieldset">
        <legend className="section-title">Payment</legend>
        {PAYMENTS.map((p) => (
          <label key={p.value} className="form__radio">
            <input type="radio" name="payment" value={p.value} checked={payment === p.value} onChange={() => setPayment(p.value)} />{' '}
            {p.label}
          </label>
        ))}
        <FieldError fieldId="nb-payment" message={err('payment')} />
        {payment !== 'link' ? (
          <Field id="nb-method" label={payment === 'received' ? 'Paid by' : 'Expected payment'} error={err('paymentMethod')}>
            <select id="nb-method" className="form__input" value={method} onChange={(e) => setMethod(e.target.value as 'cash' | 'bank_transfer')}>
              <option value="cash">Cash</option>
              <option value="bank_transfer">Bank transfer</option>
            </select>
          </Field>
        ) : null}
        {payment === 'received' ? (
          <>
            <Field id="nb-received-on" label="Received on" error={err('receivedOn')} hint={tour ? `Today (${tour.today}) when left empty` : undefined}>
              <input id="nb-received-on" className="form__input" type="date" value={receivedOn} max={tour?.today}
                aria-invalid={err('receivedOn') ? true : undefined} aria-describedby={describedBy('nb-received-on', 'receivedOn')}
                onChange={(e) => setReceivedOn(e.target.value)} />
            </Field>
            <Field id="nb-reference" label="Reference (optional)" error={err('reference')}>
              <input id="nb-reference" className="form__input" type="text" value={reference} onChange={(e) => setReference(e.target.value)} />
            </Field>
          </>
        ) : (
          <Field id="nb-pay-by" label={payment === 'later' ? 'Pay by' : 'Pay by (optional)'} error={err('payBy')}>
            <input id="nb-pay-by" className="form__input" type="date" value={payBy} min={tour?.today} max={date || undefined}
              aria-invalid={err('payBy') ? true : undefined} aria-describedby={describedBy('nb-pay-by', 'payBy')}
              onChange={(e) => setPayBy(e.target.value)} />
          </Field>
        )}
        <label className="form__checkbox">
          <input id="nb-confirm" type="checkbox" checked={confirm} onChange={(e) => setConfirm(e.target.checked)} /> Send confirmation
          (the customer gets the booking by email with its calendar file)
        </label>
      </fieldset>
      <button id="new-booking-submit" type="submit" className="btn btn--green" disabled={save.busy}>
        {save.text('Save booking')}
      </button>
    </form>
  );
}
