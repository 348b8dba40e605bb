import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { saveSettings, type SettingsInput } from '../../api/admin-settings';
import { settleAnswer } from '../../lib/answer';
import { contrastWithWhite, parseColour, ratioText } from '../../lib/contrast';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { useSubmit } from '../../lib/use-submit';
import type { BusinessSettings } from '../../props';
import { FieldError, fieldAria } from '../field-error';

export const SETTINGS_SAVED = 'Settings updated successfully';

type Key = keyof SettingsInput;

interface FieldSpec {
  key: Key;
  label: string;
  hint?: string;
  kind?: 'textarea' | 'email' | 'tel';
  wide?: boolean;
  /** The id of a datalist of suggestions */
  list?: string;
  inputMode?: 'decimal';
}

/** Stable ids for labels and browser tests: settings-<key in kebab case>. */
export function settingsId(key: Key): string {
  return `settings-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

// The labels are the server's (business.Labels): its messages start with them.
const NAME_FIELDS: FieldSpec[] = [
  { key: 'name', label: 'Business name', hint: 'As your customers know it; shown in the header, emails and receipts' },
  { key: 'shortName', label: 'Short name', hint: 'For small screens and the email sender; leave empty to use the name' },
];
const CONTACT_FIELDS: FieldSpec[] = [
  { key: 'contactEmail', label: 'Contact email', kind: 'email' },
  { key: 'contactPhone', label: 'Contact phone', kind: 'tel' },
  { key: 'address', label: 'Postal address', kind: 'textarea', hint: 'One line per line of the address' },
  { key: 'legalName', label: 'Legal name', hint: 'The registered company, printed on receipts' },
  { key: 'taxNumber', label: 'Tax or VAT number' },
];
const DEFAULT_FIELDS: FieldSpec[] = [
  { key: 'timeZone', label: 'Default time zone', list: 'settings-time-zones', hint: 'An IANA name, e.g. Europe/Oslo' },
  { key: 'taxRate', label: 'Default tax rate (%)', inputMode: 'decimal', hint: 'Included in prices and shown on receipts, e.g. 25 or 12.5' },
];
const HOME_FIELDS: FieldSpec[] = [
  { key: 'headline', label: 'Home page headline', wide: true, hint: 'Leave empty for “All tours”' },
  { key: 'introduction', label: 'Home page introduction', kind: 'textarea', wide: true },
];

function inputOf(s: BusinessSettings): SettingsInput {
  const { logo: _logo, ...input } = s;
  return input;
}

interface SettingsFormProps {
  settings: BusinessSettings;
  currencies: string[];
  timeZones: string[];
  minContrast: number;
  /** The settings as the server answered after a save. */
  onSaved: (saved: BusinessSettings) => void;
}

/**
 * Every setting but the logo, in one form: the server checks them all and its messages
 * show under their fields at once. The colour shows a swatch with white text on it and
 * the contrast the server will measure.
 */
export function SettingsForm({ settings, currencies, timeZones, minContrast, onSaved }: SettingsFormProps) {
  const [draft, setDraft] = useState<SettingsInput>(() => inputOf(settings));
  useUnsavedChanges(JSON.stringify(draft) !== JSON.stringify(inputOf(settings)));

  const save = useSubmit(
    async () => {
      const saved = settleAnswer(await saveSettings(draft), 'settings', SETTINGS_SAVED);
      if (saved) {
        setDraft(inputOf(saved));
        onSaved(saved);
      }
    },
    { busyText: 'Saving...' },
  );

  const bind = (key: Key, hintId?: string) => ({
    id: settingsId(key),
    name: key,
    value: draft[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      const value = e.target.value;
      setDraft((d) => ({ ...d, [key]: value }));
    },
    ...fieldAria(settingsId(key), save.errors[key], hintId),
  });

  const field = ({ key, label, hint, kind, wide, list, inputMode }: FieldSpec) => {
    const id = settingsId(key);
    const hintId = hint ? `${id}-hint` : undefined;
    return (
      <div key={key} className={wide ? 'form__group admin-form__wide' : 'form__group'}>
        <label className="form__label" htmlFor={id}>
          {label}
        </label>
        {kind === 'textarea' ? (
          <textarea className="form__input" rows={key === 'address' ? 4 : 5} {...bind(key, hintId)} />
        ) : (
          <input
            className="form__input"
            type={kind ?? 'text'}
            list={list}
            autoComplete={list ? 'off' : undefined}
            inputMode={inputMode}
            {...bind(key, hintId)}
          />
        )}
        {hint ? (
          <p id={hintId} className="form__hint">
            {hint}
          </p>
        ) : null}
        <FieldError fieldId={id} message={save.errors[key]} />
      </div>
    );
  };

  const rgb = parseColour(draft.colour);
  const ratio = rgb ? contrastWithWhite(rgb) : null;
  // The swatch's colour is set on the element, not in a style attribute: the page's CSP
  // (style-src 'self') refuses inline styles in the server's HTML.
  const swatch = useRef<HTMLParagraphElement>(null);
  const swatchColour = rgb ? draft.colour.trim().toLowerCase() : '';
  useEffect(() => {
    swatch.current?.style.setProperty('background', swatchColour);
  }, [swatchColour]);
  const currencyOptions = currencies.includes(draft.currency) ? currencies : [draft.currency, ...currencies];

  return (
    <form id="settings-form" className="admin-form" noValidate onSubmit={save.onSubmit}>
      <section className="admin-section" aria-labelledby="settings-name-title">
        <h2 id="settings-name-title" className="section-title">
          Name and colour
        </h2>
        <div className="admin-form__fields">
          {NAME_FIELDS.map(field)}
          <div className="form__group">
            <label className="form__label" htmlFor={settingsId('colour')}>
              Brand colour
            </label>
            <div className="colour-field">
              <input className="form__input" type="text" spellCheck={false} autoComplete="off" {...bind('colour', 'settings-colour-hint')} />
              <input
                className="colour-field__picker"
                type="color"
                aria-label="Pick the brand colour"
                value={rgb ? draft.colour.trim().toLowerCase() : '#000000'}
                onChange={(e) => {
                  const value = e.target.value;
                  setDraft((d) => ({ ...d, colour: value }));
                }}
              />
            </div>
            <p id="settings-colour-hint" className="form__hint">
              {`Written as #rrggbb. White text goes on it, so it needs a contrast of at least ${ratioText(minContrast)}.`}
            </p>
            <p
              id="settings-colour-preview"
              className="colour-preview"
              ref={swatch}
              aria-live="polite"
            >
              {ratio === null ? (
                <span className="colour-preview__text colour-preview__text--none">Type a colour like #1f6f50 to see it</span>
              ) : (
                <>
                  <span className="colour-preview__text">Text on your colour</span>
                  <span className={ratio >= minContrast ? 'colour-preview__ratio' : 'colour-preview__ratio colour-preview__ratio--low'}>
                    {ratio >= minContrast
                      ? `Contrast ${ratioText(ratio)}: easy to read`
                      : `Contrast ${ratioText(ratio)}: too low, choose a darker colour`}
                  </span>
                </>
              )}
            </p>
            <FieldError fieldId={settingsId('colour')} message={save.errors.colour} />
          </div>
        </div>
      </section>

      <section className="admin-section" aria-labelledby="settings-contact-title">
        <h2 id="settings-contact-title" className="section-title">
          Contact and legal identity
        </h2>
        <div className="admin-form__fields">{CONTACT_FIELDS.map(field)}</div>
      </section>

      <section className="admin-section" aria-labelledby="settings-defaults-title">
        <h2 id="settings-defaults-title" className="section-title">
          Defaults for new tours
        </h2>
        <div className="admin-form__fields">
          <div className="form__group">
            <label className="form__label" htmlFor={settingsId('currency')}>
              Default currency
            </label>
            <select className="form__input" {...bind('currency')}>
              {currencyOptions.map((c) => (
                <option key={c} value={c}>
                  {c.toUpperCase()}
                </option>
              ))}
            </select>
            <FieldError fieldId={settingsId('currency')} message={save.errors.currency} />
          </div>
          {DEFAULT_FIELDS.map(field)}
          <datalist id="settings-time-zones">
            {timeZones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </div>
      </section>

      <section className="admin-section" aria-labelledby="settings-home-title">
        <h2 id="settings-home-title" className="section-title">
          Home page
        </h2>
        <div className="admin-form__fields">{HOME_FIELDS.map(field)}</div>
      </section>

      <button id="settings-save" type="submit" className="btn btn--primary" disabled={save.busy}>
        {save.text('Save settings')}
      </button>
    </form>
  );
}
