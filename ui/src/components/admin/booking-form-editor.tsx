// "Prices and questions", part of the tour form (tour-form.tsx): the tour's price
// categories, its extras, whose details a booking asks for, the operator's questions and
// until when their answers may be changed (issue #23). Saved with the rest of the tour by
// its one "Save tour"; the server checks every row and says what is wrong next to each
// field (keys "priceCategories.1.name", "questions.0.options", …).
//
// Ids for browser tests (n from 1):
//   categories #categories-table, #category-name-{n}, #category-id-{n}, #category-price-{n},
//              #category-min-age-{n}, #category-max-age-{n}, #category-seat-{n},
//              #category-min-{n}, #category-max-{n}, #category-only-with-{n}, #add-category
//   extras     #extras-table, #extra-name-{n}, #extra-id-{n}, #extra-description-{n},
//              #extra-price-{n}, #extra-per-{n}, #extra-stock-{n}, #add-extra
//   travellers #tour-travellers
//   questions  #questions-table, #question-label-{n}, #question-help-{n}, #question-type-{n},
//              #question-options-{n}, #question-required-{n}, #question-per-traveller-{n},
//              #question-category-{n}-{categoryId}, #add-question
//   cut-off    #tour-answers-cutoff
//   deposit    #tour-deposit-kind, #tour-deposit-percent, #tour-deposit-amount, #tour-deposit-days
import type { Dispatch, ReactNode, SetStateAction } from 'react';
import type { CategoryInput, ExtraInput, QuestionInput, TourInput } from '../../api/admin';
import type { FieldErrors } from '../../lib/field-errors';
import { fromMinorUnits } from '../../lib/number-input';
import type { CategoryView, DepositView, ExtraView, QuestionView, AdminTour, ExtraPer, QuestionType, TravellerDetails } from '../../props';
import { FieldError, fieldAria } from '../field-error';
import { AdminTable } from './admin-table';
import { DepositFields } from './deposit-fields';
import { RowCheckbox, RowInput, RowSelect } from './row-fields';

/** A price category as typed: numbers stay text until the server reads them. */
export interface CategoryDraft {
  key: string;
  id: string;
  name: string;
  price: string;
  minAge: string;
  maxAge: string;
  takesSeat: boolean;
  min: string;
  max: string;
  onlyWith: string;
}

export interface ExtraDraft {
  key: string;
  id: string;
  name: string;
  description: string;
  price: string;
  per: ExtraPer;
  stock: string;
}

export interface QuestionDraft {
  key: string;
  /** "" for a question not saved yet: the server gives it one */
  id: string;
  label: string;
  help: string;
  type: QuestionType;
  /** One option per line */
  options: string;
  required: boolean;
  perTraveller: boolean;
  categories: string[];
}

export interface BookingFormDraft {
  categories: CategoryDraft[];
  extras: ExtraDraft[];
  travellers: TravellerDetails;
  questions: QuestionDraft[];
  cutoff: string;
  deposit: DepositDraft;
}

/** A tour's deposit as typed (issue #24 §3). */
export interface DepositDraft {
  kind: DepositView['kind'];
  percent: string;
  amount: string;
  balanceDays: string;
}

export const QUESTION_TYPES: { value: QuestionType; label: string }[] = [
  { value: 'text', label: 'Short text' },
  { value: 'longtext', label: 'Long text' },
  { value: 'choice', label: 'One choice' },
  { value: 'choices', label: 'Several choices' },
  { value: 'yesno', label: 'Yes or no' },
  { value: 'date', label: 'Date' },
  { value: 'number', label: 'Number' },
  { value: 'phone', label: 'Phone number' },
];

const PER: { value: ExtraPer; label: string }[] = [
  { value: 'booking', label: 'Booking' },
  { value: 'traveller', label: 'Traveller' },
];

const TRAVELLERS: { value: TravellerDetails; label: string }[] = [
  { value: '', label: 'Nothing: the buyer\u2019s account is enough' },
  { value: 'lead', label: 'The lead traveller\u2019s name and phone' },
  { value: 'all', label: 'Every traveller\u2019s name' },
];

let lastKey = 0;
function newKey(kind: string): string {
  lastKey += 1;
  return `${kind}-${lastKey}`;
}

/** A bound that 0 means "none" of, as typed: empty for none. */
function bound(n: number): string {
  return n === 0 ? '' : String(n);
}

function categoryDraft(c: CategoryView): CategoryDraft {
  return {
    key: newKey('category'),
    id: c.id,
    name: c.name,
    price: fromMinorUnits(c.price),
    minAge: bound(c.minAge),
    maxAge: bound(c.maxAge),
    takesSeat: c.takesSeat,
    min: bound(c.min),
    max: bound(c.max),
    onlyWith: c.onlyWith,
  };
}

function extraDraft(e: ExtraView): ExtraDraft {
  return { key: newKey('extra'), id: e.id, name: e.name, description: e.description, price: fromMinorUnits(e.price), per: e.per, stock: bound(e.stock) };
}

function questionDraft(q: QuestionView): QuestionDraft {
  return {
    key: newKey('question'),
    id: q.id,
    label: q.label,
    help: q.help,
    type: q.type,
    options: q.options.join('\n'),
    required: q.required,
    perTraveller: q.perTraveller,
    categories: q.categories,
  };
}

/** The booking form of the tour as saved. */
export function bookingFormOf(tour: AdminTour): BookingFormDraft {
  return {
    categories: tour.priceCategories.map(categoryDraft),
    extras: tour.extras.map(extraDraft),
    travellers: tour.travellers,
    questions: tour.questions.map(questionDraft),
    cutoff: bound(tour.answersCutoffHours),
    deposit: {
      kind: tour.deposit.kind,
      percent: bound(tour.deposit.percent),
      amount: tour.deposit.amount === 0 ? '' : fromMinorUnits(tour.deposit.amount),
      balanceDays: bound(tour.deposit.balanceDays),
    },
  };
}

function isChoice(type: QuestionType): boolean {
  return type === 'choice' || type === 'choices';
}

/** The booking form as the API takes it: as typed, for the server to read and judge. */
export function bookingFormInput(d: BookingFormDraft): Pick<TourInput, 'priceCategories' | 'extras' | 'travellers' | 'questions' | 'answersCutoffHours' | 'deposit'> {
  return {
    priceCategories: d.categories.map(
      ({ id, name, price, minAge, maxAge, takesSeat, min, max, onlyWith }): CategoryInput => ({ id, name, price, minAge, maxAge, takesSeat, min, max, onlyWith }),
    ),
    extras: d.extras.map(({ id, name, description, price, per, stock }): ExtraInput => ({ id, name, description, price, per, stock })),
    travellers: d.travellers,
    questions: d.questions.map(
      (q): QuestionInput => ({
        id: q.id,
        label: q.label,
        help: q.help,
        type: q.type,
        options: isChoice(q.type) ? q.options.split('\n') : [],
        required: q.required,
        // Categories only for a question asked of each traveller.
        perTraveller: q.perTraveller,
        categories: q.perTraveller ? q.categories : [],
      }),
    ),
    answersCutoffHours: d.cutoff,
    deposit:
      d.deposit.kind === ''
        ? { kind: '', percent: '', amount: '', balanceDays: '' }
        : {
            kind: d.deposit.kind,
            percent: d.deposit.kind === 'percent' ? d.deposit.percent : '',
            amount: d.deposit.kind === 'amount' ? d.deposit.amount : '',
            balanceDays: d.deposit.balanceDays,
          },
  };
}

/** Whether the booking form as typed is the saved one (row keys aside). */
export function sameBookingForm(d: BookingFormDraft, tour: AdminTour): boolean {
  return JSON.stringify(bookingFormInput(d)) === JSON.stringify(bookingFormInput(bookingFormOf(tour)));
}

/** Moves the row with key by one place up (-1) or down (+1). */
function move<T extends { key: string }>(list: T[], key: string, by: -1 | 1): T[] {
  const i = list.findIndex((r) => r.key === key);
  const j = i + by;
  if (i < 0 || j < 0 || j >= list.length) return list;
  const next = [...list];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}

function patch<T extends { key: string }>(list: T[], key: string, change: Partial<T>): T[] {
  return list.map((r) => (r.key === key ? { ...r, ...change } : r));
}

/** Up, down and remove for a row named `what` ("price category 2"). */
function RowActions({ what, first, last, onMove, onRemove }: { what: string; first: boolean; last: boolean; onMove: (by: -1 | 1) => void; onRemove: () => void }) {
  return (
    <td>
      <div className="admin-actions admin-actions--row">
        <button type="button" className="btn btn--tiny" aria-label={`Move ${what} up`} disabled={first} onClick={() => onMove(-1)}>
          ↑
        </button>
        <button type="button" className="btn btn--tiny" aria-label={`Move ${what} down`} disabled={last} onClick={() => onMove(1)}>
          ↓
        </button>
        <button type="button" className="btn btn--tiny btn--danger" aria-label={`Remove ${what}`} onClick={onRemove}>
          Remove
        </button>
      </div>
    </td>
  );
}

function AddButton({ id, text, onClick }: { id: string; text: string; onClick: () => void }) {
  return (
    <div className="admin-form__row">
      <button id={id} type="button" className="btn btn--small btn--outline" onClick={onClick}>
        {text}
      </button>
    </div>
  );
}

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div className="admin-subsection" role="group" aria-labelledby={id}>
      <h3 id={id} className="admin-subsection__title">
        {title}
      </h3>
      {children}
    </div>
  );
}

interface BookingFormEditorProps {
  canEdit: boolean;
  /** The tour's currency, as chosen in the details */
  currency: string;
  draft: BookingFormDraft;
  setDraft: Dispatch<SetStateAction<BookingFormDraft>>;
  /** The server's messages after the last save, by the API's keys */
  errors: FieldErrors;
}

export function BookingFormEditor({ canEdit, currency, draft, setDraft, errors }: BookingFormEditorProps) {
  const off = !canEdit;
  const set = <K extends keyof BookingFormDraft>(key: K, next: (v: BookingFormDraft[K]) => BookingFormDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: next(d[key]) }));
  const cur = currency.toUpperCase();
  const categoryOptions = draft.categories.filter((c) => c.id !== '');
  /** Whom a category may be booked only with: anyone, or another category (a saved choice stays even if gone). */
  const onlyWithOptions = (c: CategoryDraft) => [
    { value: '', label: 'Anyone' },
    ...(c.onlyWith === '' || categoryOptions.some((o) => o.id === c.onlyWith) ? [] : [{ value: c.onlyWith, label: c.onlyWith }]),
    ...categoryOptions.filter((o) => o.key !== c.key).map((o) => ({ value: o.id, label: o.name || o.id })),
  ];

  return (
    <section className="admin-section" aria-labelledby="prices-title">
      <h2 id="prices-title" className="section-title">
        Prices and questions
      </h2>
      <p className="admin-note">
        Bookings keep the prices, extras and questions they were made with: a change here applies to new bookings only.
      </p>

      <Part id="categories-title" title="Price categories">
        <p className="admin-note">
          {`Prices in ${cur}. The first category's price is the tour's price per person: changing one changes the other. A category that has been booked keeps its id. Leave ages and limits empty for none.`}
        </p>
        <AdminTable
          id="categories"
          caption="Price categories, in the order travellers see them"
          columns={['Name', 'Id', 'Price', 'Min. age', 'Max. age', 'Takes a seat', 'Min. per booking', 'Max. per booking', 'Only with', canEdit && 'Actions']}
          rows={draft.categories}
          rowKey={(c) => c.key}
          row={(c, i) => {
            const n = i + 1;
            const k = `priceCategories.${i}`;
            const up = (change: Partial<CategoryDraft>) => set('categories', (all) => patch(all, c.key, change));
            return (
              <tr>
                <RowInput id={`category-name-${n}`} label={`Price category ${n}: name`} size="wide" disabled={off} value={c.name} onChange={(name) => up({ name })} error={errors[`${k}.name`]} />
                <RowInput id={`category-id-${n}`} label={`Price category ${n}: id`} disabled={off} value={c.id} placeholder="from the name" onChange={(id) => up({ id })} error={errors[`${k}.id`]} />
                <RowInput id={`category-price-${n}`} label={`Price category ${n}: price`} size="short" inputMode="decimal" disabled={off} value={c.price} onChange={(price) => up({ price })} error={errors[`${k}.price`]} />
                <RowInput id={`category-min-age-${n}`} label={`Price category ${n}: minimum age`} size="short" inputMode="numeric" disabled={off} value={c.minAge} onChange={(minAge) => up({ minAge })} error={errors[`${k}.minAge`]} />
                <RowInput id={`category-max-age-${n}`} label={`Price category ${n}: maximum age`} size="short" inputMode="numeric" disabled={off} value={c.maxAge} onChange={(maxAge) => up({ maxAge })} error={errors[`${k}.maxAge`]} />
                <RowCheckbox id={`category-seat-${n}`} label={`Price category ${n}: takes a seat`} disabled={off} checked={c.takesSeat} onChange={(takesSeat) => up({ takesSeat })} />
                <RowInput id={`category-min-${n}`} label={`Price category ${n}: minimum per booking`} size="short" inputMode="numeric" disabled={off} value={c.min} onChange={(min) => up({ min })} error={errors[`${k}.min`]} />
                <RowInput id={`category-max-${n}`} label={`Price category ${n}: maximum per booking`} size="short" inputMode="numeric" disabled={off} value={c.max} onChange={(max) => up({ max })} error={errors[`${k}.max`]} />
                <RowSelect
                  id={`category-only-with-${n}`}
                  label={`Price category ${n}: only with`}
                  disabled={off}
                  value={c.onlyWith}
                  onChange={(onlyWith) => up({ onlyWith })}
                  options={onlyWithOptions(c)}
                  error={errors[`${k}.onlyWith`]}
                />
                {canEdit ? (
                  <RowActions
                    what={`price category ${n}`}
                    first={i === 0}
                    last={i === draft.categories.length - 1}
                    onMove={(by) => set('categories', (all) => move(all, c.key, by))}
                    onRemove={() => set('categories', (all) => all.filter((r) => r.key !== c.key))}
                  />
                ) : null}
              </tr>
            );
          }}
        />
        <FieldError fieldId="categories-table" message={errors.priceCategories} />
        {canEdit ? (
          <AddButton
            id="add-category"
            text="Add a price category"
            onClick={() =>
              set('categories', (all) => [
                ...all,
                { key: newKey('category'), id: '', name: '', price: '', minAge: '', maxAge: '', takesSeat: true, min: '', max: '', onlyWith: '' },
              ])
            }
          />
        ) : null}
      </Part>

      <Part id="extras-title" title="Extras">
        <p className="admin-note">Optional items a booking may add, such as a single room or rented equipment. Leave the stock empty for no limit.</p>
        <AdminTable
          id="extras"
          caption="Extras"
          columns={['Name', 'Id', 'Description', 'Price', 'Per', 'Stock per departure', canEdit && 'Actions']}
          rows={draft.extras}
          rowKey={(x) => x.key}
          row={(x, i) => {
            const n = i + 1;
            const k = `extras.${i}`;
            const up = (change: Partial<ExtraDraft>) => set('extras', (all) => patch(all, x.key, change));
            return (
              <tr>
                <RowInput id={`extra-name-${n}`} label={`Extra ${n}: name`} size="wide" disabled={off} value={x.name} onChange={(name) => up({ name })} error={errors[`${k}.name`]} />
                <RowInput id={`extra-id-${n}`} label={`Extra ${n}: id`} disabled={off} value={x.id} placeholder="from the name" onChange={(id) => up({ id })} error={errors[`${k}.id`]} />
                <RowInput id={`extra-description-${n}`} label={`Extra ${n}: description`} size="wide" disabled={off} value={x.description} onChange={(description) => up({ description })} error={errors[`${k}.description`]} />
                <RowInput id={`extra-price-${n}`} label={`Extra ${n}: price`} size="short" inputMode="decimal" disabled={off} value={x.price} onChange={(price) => up({ price })} error={errors[`${k}.price`]} />
                <RowSelect id={`extra-per-${n}`} label={`Extra ${n}: price per`} disabled={off} value={x.per} onChange={(per) => up({ per })} options={PER} error={errors[`${k}.per`]} />
                <RowInput id={`extra-stock-${n}`} label={`Extra ${n}: stock per departure`} size="short" inputMode="numeric" disabled={off} value={x.stock} onChange={(stock) => up({ stock })} error={errors[`${k}.stock`]} />
                {canEdit ? (
                  <RowActions
                    what={`extra ${n}`}
                    first={i === 0}
                    last={i === draft.extras.length - 1}
                    onMove={(by) => set('extras', (all) => move(all, x.key, by))}
                    onRemove={() => set('extras', (all) => all.filter((r) => r.key !== x.key))}
                  />
                ) : null}
              </tr>
            );
          }}
        />
        <FieldError fieldId="extras-table" message={errors.extras} />
        {canEdit ? (
          <AddButton
            id="add-extra"
            text="Add an extra"
            onClick={() => set('extras', (all) => [...all, { key: newKey('extra'), id: '', name: '', description: '', price: '', per: 'booking', stock: '' }])}
          />
        ) : null}
      </Part>

      <Part id="questions-title" title="Travellers and questions">
        <div className="admin-form__row">
          <div className="form__group">
            <label className="form__label" htmlFor="tour-travellers">
              Ask for
            </label>
            <select
              id="tour-travellers"
              className="form__input"
              disabled={off}
              value={draft.travellers}
              onChange={(e) => {
                const travellers = e.target.value as TravellerDetails;
                setDraft((d) => ({ ...d, travellers }));
              }}
              {...fieldAria('tour-travellers', errors.travellers)}
            >
              {TRAVELLERS.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
            <FieldError fieldId="tour-travellers" message={errors.travellers} />
          </div>
          <div className="form__group">
            <label className="form__label" htmlFor="tour-answers-cutoff">
              Answers can be changed until (hours before departure)
            </label>
            <input
              id="tour-answers-cutoff"
              className="form__input"
              type="text"
              inputMode="numeric"
              disabled={off}
              value={draft.cutoff}
              placeholder="48"
              onChange={(e) => {
                const cutoff = e.target.value;
                setDraft((d) => ({ ...d, cutoff }));
              }}
              {...fieldAria('tour-answers-cutoff', errors.answersCutoffHours, 'tour-answers-cutoff-hint')}
            />
            <p id="tour-answers-cutoff-hint" className="form__hint">
              Leave empty for 48 hours
            </p>
            <FieldError fieldId="tour-answers-cutoff" message={errors.answersCutoffHours} />
          </div>
        </div>
        <DepositFields
          currency={currency}
          disabled={off}
          deposit={draft.deposit}
          onChange={(deposit) => setDraft((d) => ({ ...d, deposit }))}
          errors={errors}
        />
        <AdminTable
          id="questions"
          caption="Questions, in the order travellers see them"
          columns={['Question', 'Help text', 'Type', 'Options, one per line', 'Required', 'Of each traveller', 'Of the categories', canEdit && 'Actions']}
          rows={draft.questions}
          rowKey={(q) => q.key}
          row={(q, i) => {
            const n = i + 1;
            const k = `questions.${i}`;
            const up = (change: Partial<QuestionDraft>) => set('questions', (all) => patch(all, q.key, change));
            return (
              <tr>
                <RowInput id={`question-label-${n}`} label={`Question ${n}: question`} size="wide" disabled={off} value={q.label} onChange={(label) => up({ label })} error={errors[`${k}.label`]} />
                <RowInput id={`question-help-${n}`} label={`Question ${n}: help text`} size="wide" disabled={off} value={q.help} onChange={(help) => up({ help })} error={errors[`${k}.help`]} />
                <RowSelect id={`question-type-${n}`} label={`Question ${n}: type`} disabled={off} value={q.type} onChange={(type) => up({ type })} options={QUESTION_TYPES} error={errors[`${k}.type`]} />
                <td>
                  {isChoice(q.type) ? (
                    <>
                      <label className="visually-hidden" htmlFor={`question-options-${n}`}>
                        {`Question ${n}: options, one per line`}
                      </label>
                      <textarea
                        id={`question-options-${n}`}
                        className="form__input admin-table__input"
                        rows={3}
                        disabled={off}
                        value={q.options}
                        onChange={(e) => up({ options: e.target.value })}
                        {...fieldAria(`question-options-${n}`, errors[`${k}.options`])}
                      />
                    </>
                  ) : (
                    <span className="admin-table__sub">None</span>
                  )}
                  <FieldError fieldId={`question-options-${n}`} message={errors[`${k}.options`]} />
                </td>
                <RowCheckbox id={`question-required-${n}`} label={`Question ${n}: required`} disabled={off} checked={q.required} onChange={(required) => up({ required })} />
                <RowCheckbox id={`question-per-traveller-${n}`} label={`Question ${n}: asked of each traveller`} disabled={off} checked={q.perTraveller} onChange={(perTraveller) => up({ perTraveller })} />
                <td>
                  {q.perTraveller ? (
                    <fieldset className="admin-table__choices">
                      <legend className="visually-hidden">{`Question ${n}: asked of the categories (none ticked: everyone)`}</legend>
                      {categoryOptions.map((c) => (
                        <label key={c.key} className="checkbox">
                          <input
                            id={`question-category-${n}-${c.id}`}
                            type="checkbox"
                            disabled={off}
                            checked={q.categories.includes(c.id)}
                            onChange={(e) => up({ categories: e.target.checked ? [...q.categories, c.id] : q.categories.filter((x) => x !== c.id) })}
                          />
                          <span>{c.name || c.id}</span>
                        </label>
                      ))}
                    </fieldset>
                  ) : (
                    <span className="admin-table__sub">Once per booking</span>
                  )}
                  <FieldError fieldId={`question-categories-${n}`} message={errors[`${k}.categories`]} />
                </td>
                {canEdit ? (
                  <RowActions
                    what={`question ${n}`}
                    first={i === 0}
                    last={i === draft.questions.length - 1}
                    onMove={(by) => set('questions', (all) => move(all, q.key, by))}
                    onRemove={() => set('questions', (all) => all.filter((r) => r.key !== q.key))}
                  />
                ) : null}
              </tr>
            );
          }}
        />
        <FieldError fieldId="questions-table" message={errors.questions} />
        {canEdit ? (
          <AddButton
            id="add-question"
            text="Add a question"
            onClick={() =>
              set('questions', (all) => [
                ...all,
                { key: newKey('question'), id: '', label: '', help: '', type: 'text', options: '', required: false, perTraveller: false, categories: [] },
              ])
            }
          />
        ) : null}
      </Part>
    </section>
  );
}
