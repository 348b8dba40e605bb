import type { ChangeEvent, Dispatch, SetStateAction } from 'react';
import type { TourInput } from '../../api/admin';
import { fromMinorUnits } from '../../lib/number-input';
import type { FieldErrors } from '../../lib/field-errors';
import { AmountPreview } from '../amount-preview';
import { FieldError, fieldAria } from '../field-error';
import { difficultyLabel } from '../../lib/format';
import type { AdminTour, Difficulty, GuideOption } from '../../props';

const DIFFICULTIES: Difficulty[] = ['easy', 'medium', 'difficult'];

/** The details as typed: numbers stay text until they are sent. */
export interface DetailsDraft {
  name: string;
  slug: string;
  summary: string;
  description: string;
  difficulty: Difficulty;
  durationDays: string;
  maxGroupSize: string;
  price: string;
  priceDiscount: string;
  currency: string;
  timeZone: string;
  taxRate: string;
  startDescription: string;
  startLng: string;
  startLat: string;
  guides: string[];
}

type TextKey = Exclude<keyof DetailsDraft, 'guides' | 'difficulty'>;

/** Stable ids for labels and browser tests. */
const IDS: Record<TextKey, string> = {
  name: 'tour-name',
  slug: 'tour-slug',
  summary: 'tour-summary',
  description: 'tour-description',
  durationDays: 'tour-duration',
  maxGroupSize: 'tour-group-size',
  price: 'tour-price',
  priceDiscount: 'tour-discount',
  currency: 'tour-currency',
  timeZone: 'tour-time-zone',
  taxRate: 'tour-tax-rate',
  startDescription: 'tour-start-description',
  startLng: 'tour-start-lng',
  startLat: 'tour-start-lat',
};

/** The details of the tour as saved (empty ones for a new tour). */
export function detailsOf(tour: AdminTour | null, currencies: string[]): DetailsDraft {
  if (!tour) {
    return {
      name: '',
      slug: '',
      summary: '',
      description: '',
      difficulty: 'easy',
      durationDays: '',
      maxGroupSize: '',
      price: '',
      priceDiscount: '',
      currency: currencies[0] ?? '',
      timeZone: '',
      taxRate: '',
      startDescription: '',
      startLng: '',
      startLat: '',
      guides: [],
    };
  }
  return {
    name: tour.name,
    slug: tour.slug,
    summary: tour.summary,
    description: tour.description,
    difficulty: tour.difficulty,
    durationDays: String(tour.durationDays),
    maxGroupSize: String(tour.maxGroupSize),
    price: fromMinorUnits(tour.price),
    priceDiscount: tour.priceDiscount === 0 ? '' : fromMinorUnits(tour.priceDiscount),
    currency: tour.currency,
    timeZone: tour.timeZone,
    // Basis points as a percentage: 2500 is "25", 1250 "12.5".
    taxRate: String(tour.taxRate / 100),
    startDescription: tour.startLocation.description,
    startLng: String(tour.startLocation.coordinates[0]),
    startLat: String(tour.startLocation.coordinates[1]),
    guides: tour.guides,
  };
}

/** The key the API names each field with, for its message (lib/field-errors.ts). */
const API_KEYS: Record<TextKey, string> = {
  ...(Object.fromEntries(Object.keys(IDS).map((k) => [k, k])) as Record<TextKey, string>),
  startDescription: 'startLocation.description',
  startLng: 'startLocation.lng',
  startLat: 'startLocation.lat',
};

/**
 * The details as the API takes them. Numbers and amounts go as typed: the server reads
 * them ("1.290,00" with the site's rules) and says what is wrong with each field, all at
 * once.
 */
export function detailsInput(draft: DetailsDraft): Omit<TourInput, 'locations' | 'cancellationPolicy'> {
  // A new tour without a tax rate takes the business's default.
  const taxRate = draft.taxRate.trim() === '' ? {} : { taxRate: draft.taxRate };
  return {
    ...taxRate,
    name: draft.name,
    slug: draft.slug,
    summary: draft.summary,
    description: draft.description,
    difficulty: draft.difficulty,
    durationDays: draft.durationDays,
    maxGroupSize: draft.maxGroupSize,
    price: draft.price,
    // An empty discount field means no discount.
    priceDiscount: draft.priceDiscount,
    currency: draft.currency,
    timeZone: draft.timeZone,
    startLocation: {
      coordinates: [draft.startLng, draft.startLat],
      description: draft.startDescription,
    },
    guides: draft.guides,
  };
}

interface TourDetailsFieldsProps {
  draft: DetailsDraft;
  setDraft: Dispatch<SetStateAction<DetailsDraft>>;
  /** The server's messages after the last save, by the API's keys */
  errors: FieldErrors;
  guides: GuideOption[];
  timeZones: string[];
  currencies: string[];
  canEdit: boolean;
  /** A tour not saved yet: an empty tax rate takes the business's default. */
  isNew: boolean;
}

/**
 * The tour's details, part of the tour form (tour-form.tsx), which keeps what was typed
 * and saves it with the stops and the policy.
 */
export function TourDetailsFields({ draft, setDraft, errors, guides, timeZones, currencies, canEdit, isNew }: TourDetailsFieldsProps) {
  const bindField = (key: TextKey, hintId?: string) => ({
    id: IDS[key],
    name: key,
    value: draft[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      const value = e.target.value;
      setDraft((d) => ({ ...d, [key]: value }));
    },
    ...fieldAria(IDS[key], errorOf(key), hintId),
  });
  /** The server's message about a field after the last save, shown under it. */
  const errorOf = (key: TextKey): string | undefined => errors[API_KEYS[key]];
  const messageOf = (key: TextKey) => <FieldError fieldId={IDS[key]} message={errorOf(key)} />;

  function toggleGuide(id: string, checked: boolean) {
    // Checking appends: the guides' order is the order they were added in.
    setDraft((d) => ({ ...d, guides: checked ? [...d.guides, id] : d.guides.filter((g) => g !== id) }));
  }

  // The saved currency stays selectable even if it is no longer offered.
  const currencyOptions = currencies.includes(draft.currency) || draft.currency === '' ? currencies : [draft.currency, ...currencies];

  return (
    <section className="admin-section" aria-labelledby="details-title">
      <h2 id="details-title" className="section-title">
        Details
      </h2>
      {/* No client-side validation: the server's messages are shown, each under its field. */}
      <div className="admin-form">
        {/* A disabled fieldset makes every control read-only for guides. */}
        <fieldset className="admin-form__fields" disabled={!canEdit}>
          <legend className="visually-hidden">Tour details</legend>
          <div className="form__group">
            <label className="form__label" htmlFor={IDS.name}>
              Name
            </label>
            <input className="form__input" type="text" required {...bindField('name')} />
            {messageOf('name')}
          </div>
          <div className="form__group">
            <label className="form__label" htmlFor={IDS.slug}>
              Slug
            </label>
            <input className="form__input" type="text" {...bindField('slug', 'tour-slug-hint')} />
            <p id="tour-slug-hint" className="form__hint">
              Leave empty to make it from the name
            </p>
            {messageOf('slug')}
          </div>
          <div className="form__group admin-form__wide">
            <label className="form__label" htmlFor={IDS.summary}>
              Summary
            </label>
            <input className="form__input" type="text" {...bindField('summary')} />
            {messageOf('summary')}
          </div>
          <div className="form__group admin-form__wide">
            <label className="form__label" htmlFor={IDS.description}>
              Description
            </label>
            <textarea className="form__input" rows={6} {...bindField('description')} />
            {messageOf('description')}
          </div>
          <div className="form__group">
            <label className="form__label" htmlFor="tour-difficulty">
              Difficulty
            </label>
            <select
              id="tour-difficulty"
              className="form__input"
              name="difficulty"
              value={draft.difficulty}
              onChange={(e) => {
                const value = e.target.value as Difficulty;
                setDraft((d) => ({ ...d, difficulty: value }));
              }}
              {...fieldAria('tour-difficulty', errors.difficulty)}
            >
              {DIFFICULTIES.map((d) => (
                <option key={d} value={d}>
                  {difficultyLabel(d)}
                </option>
              ))}
            </select>
            <FieldError fieldId="tour-difficulty" message={errors.difficulty} />
          </div>
          <div className="form__group">
            <label className="form__label" htmlFor={IDS.durationDays}>
              Duration (days)
            </label>
            <input className="form__input" type="number" inputMode="numeric" min={1} step={1} {...bindField('durationDays')} />
            {messageOf('durationDays')}
          </div>
          <div className="form__group">
            <label className="form__label" htmlFor={IDS.maxGroupSize}>
              Maximum group size
            </label>
            <input className="form__input" type="number" inputMode="numeric" min={1} step={1} {...bindField('maxGroupSize')} />
            {messageOf('maxGroupSize')}
          </div>
          <div className="form__group">
            <label className="form__label" htmlFor={IDS.price}>
              Price per person
            </label>
            <input className="form__input" type="text" inputMode="decimal" {...bindField('price', 'tour-price-hint')} />
            <AmountPreview fieldId={IDS.price} text={draft.price} currency={draft.currency} />
            <p id="tour-price-hint" className="form__hint">
              In the tour's currency, e.g. 1290, 1,290.00 or 1.290,00
            </p>
            {messageOf('price')}
          </div>
          <div className="form__group">
            <label className="form__label" htmlFor={IDS.priceDiscount}>
              Discount per person
            </label>
            <input className="form__input" type="text" inputMode="decimal" {...bindField('priceDiscount', 'tour-discount-hint')} />
            <AmountPreview fieldId={IDS.priceDiscount} text={draft.priceDiscount} currency={draft.currency} />
            <p id="tour-discount-hint" className="form__hint">
              Taken off the price; leave empty for none
            </p>
            {messageOf('priceDiscount')}
          </div>
          <div className="form__group">
            <label className="form__label" htmlFor={IDS.currency}>
              Currency
            </label>
            <select className="form__input" {...bindField('currency')}>
              {draft.currency === '' ? <option value="">Choose a currency</option> : null}
              {currencyOptions.map((c) => (
                <option key={c} value={c}>
                  {c.toUpperCase()}
                </option>
              ))}
            </select>
            {messageOf('currency')}
          </div>
          <div className="form__group">
            <label className="form__label" htmlFor={IDS.timeZone}>
              Time zone
            </label>
            <input
              className="form__input"
              type="text"
              list="time-zones"
              autoComplete="off"
              {...bindField('timeZone', 'tour-time-zone-hint')}
            />
            <datalist id="time-zones">
              {timeZones.map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
            <p id="tour-time-zone-hint" className="form__hint">
              Departures start at local times in this zone, e.g. Europe/Paris
            </p>
            {messageOf('timeZone')}
          </div>

          <div className="form__group">
            <label className="form__label" htmlFor={IDS.taxRate}>
              Tax rate (%)
            </label>
            <input className="form__input" type="text" inputMode="decimal" {...bindField('taxRate', 'tour-tax-rate-hint')} />
            <p id="tour-tax-rate-hint" className="form__hint">
              Included in the price and shown on receipts, e.g. 25 or 12.5
              {isNew ? "; leave empty for the business's default" : ''}
            </p>
            {messageOf('taxRate')}
          </div>

          <fieldset className="admin-form__group admin-form__wide">
            <legend className="form__label">Start location</legend>
            <div className="admin-form__row">
              <div className="form__group admin-form__grow">
                <label className="form__label" htmlFor={IDS.startDescription}>
                  Place
                </label>
                <input className="form__input" type="text" {...bindField('startDescription')} />
                {messageOf('startDescription')}
              </div>
              <div className="form__group">
                <label className="form__label" htmlFor={IDS.startLng}>
                  Longitude
                </label>
                <input className="form__input" type="text" inputMode="decimal" {...bindField('startLng')} />
                {messageOf('startLng')}
              </div>
              <div className="form__group">
                <label className="form__label" htmlFor={IDS.startLat}>
                  Latitude
                </label>
                <input className="form__input" type="text" inputMode="decimal" {...bindField('startLat')} />
                {messageOf('startLat')}
              </div>
            </div>
          </fieldset>

          <fieldset className="admin-form__group admin-form__wide">
            <legend className="form__label">Guides</legend>
            {guides.length === 0 ? <p className="empty">No one can guide tours yet.</p> : null}
            <ul className="checkbox-list">
              {guides.map((guide) => (
                <li key={guide.id}>
                  <label className="checkbox">
                    <input
                      id={`tour-guide-${guide.id}`}
                      type="checkbox"
                      name="guides"
                      value={guide.id}
                      checked={draft.guides.includes(guide.id)}
                      onChange={(e) => toggleGuide(guide.id, e.target.checked)}
                    />
                    <span>{`${guide.name} (${guide.roleLabel})`}</span>
                  </label>
                </li>
              ))}
            </ul>
            <FieldError fieldId="tour-guides" message={errors.guides} />
          </fieldset>
        </fieldset>
      </div>
    </section>
  );
}
