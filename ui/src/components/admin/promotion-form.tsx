// One promo code's form (issue #24 §1): a new code, or an existing one's rules. Saving
// reloads the list, whose uses and discount given the server counts.
import { useState } from 'react';
import { createPromotion, updatePromotion, type PromotionInput } from '../../api/promotions';
import { settleAnswer } from '../../lib/answer';
import { navigate } from '../../lib/navigate';
import { useFormFields } from '../../lib/use-form-fields';
import { useSubmit } from '../../lib/use-submit';
import type { PromotionForm as Form, PromotionTour } from '../../props';
import { FormField } from '../form-field';
import { FieldError, fieldAria } from '../field-error';

interface PromotionFormProps {
  /** The code edited; null for a new one */
  promotion: Form | null;
  tours: PromotionTour[];
  /** Ids' prefix: "promo-new", "promo-{id}" */
  idPrefix: string;
}

const count = (n: number) => (n === 0 ? '' : String(n));

export function PromotionForm({ promotion, tours, idPrefix }: PromotionFormProps) {
  const p = promotion;
  const { fields, bind } = useFormFields({
    code: p?.code ?? '',
    kind: p?.kind ?? 'percent',
    percent: p && p.kind === 'percent' ? String(p.percent) : '',
    amount: p?.amount ?? '',
    currency: p?.currency ?? (tours[0]?.currency || ''),
    validFrom: p?.validFrom ?? '',
    validUntil: p?.validUntil ?? '',
    departuresFrom: p?.departuresFrom ?? '',
    departuresUntil: p?.departuresUntil ?? '',
    maxUses: count(p?.maxUses ?? 0),
    maxPerCustomer: count(p?.maxPerCustomer ?? 0),
    minTravellers: count(p?.minTravellers ?? 0),
  });
  const [tourIds, setTourIds] = useState<string[]>(p?.tourIds ?? []);
  const [active, setActive] = useState(p?.active ?? true);

  const save = useSubmit(async () => {
    const num = (s: string) => (s.trim() === '' ? 0 : Number(s));
    const input: PromotionInput = {
      ...fields,
      percent: num(fields.percent),
      maxUses: num(fields.maxUses),
      maxPerCustomer: num(fields.maxPerCustomer),
      minTravellers: num(fields.minTravellers),
      tourIds,
      active,
    };
    const res = p ? await updatePromotion(p.id, input) : await createPromotion(input);
    const saved = settleAnswer(res, 'promotion', (s) => `Promo code ${s.code} saved`);
    if (saved) navigate('/admin/promotions');
  });
  const e = save.errors;
  const id = (name: string) => `${idPrefix}-${name}`;
  const toggle = (tourId: string) =>
    setTourIds((ids) => (ids.includes(tourId) ? ids.filter((x) => x !== tourId) : [...ids, tourId]));

  return (
    <form className="form" id={idPrefix} onSubmit={save.onSubmit} aria-label={p ? `Edit promo code ${p.code}` : 'New promo code'}>
      <FormField id={id('code')} label="Code" {...bind('code')} error={e.code} autoComplete="off" required />
      <div className="form__group">
        <label className="form__label" htmlFor={id('kind')}>
          Takes off
        </label>
        <select id={id('kind')} className="form__input" {...bind('kind')} {...fieldAria(id('kind'), e.kind)}>
          <option value="percent">A percentage</option>
          <option value="amount">A fixed amount</option>
        </select>
        <FieldError fieldId={id('kind')} message={e.kind} />
      </div>
      {fields.kind === 'percent' ? (
        <FormField id={id('percent')} label="Percentage" type="number" min={1} max={99} {...bind('percent')} error={e.percent} />
      ) : (
        <>
          <FormField id={id('amount')} label="Amount" inputMode="decimal" {...bind('amount')} error={e.amount} />
          <FormField id={id('currency')} label="Currency" {...bind('currency')} error={e.currency} maxLength={3} />
        </>
      )}
      <fieldset className="form__group">
        <legend className="form__label">Tours (none chosen: all tours)</legend>
        {tours.map((t) => (
          <label key={t.id} className="form__check">
            <input type="checkbox" checked={tourIds.includes(t.id)} onChange={() => toggle(t.id)} /> {t.name}
          </label>
        ))}
        <FieldError fieldId={id('tours')} message={e.tourIds} />
      </fieldset>
      <FormField id={id('valid-from')} label="Valid from (booking date)" type="date" {...bind('validFrom')} error={e.validFrom} />
      <FormField id={id('valid-until')} label="Valid until (booking date)" type="date" {...bind('validUntil')} error={e.validUntil} />
      <FormField id={id('departures-from')} label="Departures from" type="date" {...bind('departuresFrom')} error={e.departuresFrom} />
      <FormField id={id('departures-until')} label="Departures until" type="date" {...bind('departuresUntil')} error={e.departuresUntil} />
      <FormField id={id('max-uses')} label="Maximum uses (empty: no limit)" type="number" min={0} {...bind('maxUses')} error={e.maxUses} />
      <FormField
        id={id('max-per-customer')}
        label="Maximum uses per customer (empty: no limit)"
        type="number"
        min={0}
        {...bind('maxPerCustomer')}
        error={e.maxPerCustomer}
      />
      <FormField id={id('min-travellers')} label="Minimum travellers" type="number" min={0} {...bind('minTravellers')} error={e.minTravellers} />
      <label className="form__check">
        <input id={id('active')} type="checkbox" checked={active} onChange={(ev) => setActive(ev.target.checked)} /> On
      </label>
      <div className="form__group">
        <button className="btn btn--small btn--green" type="submit" disabled={save.busy}>
          {save.text(p ? 'Save promo code' : 'Add promo code')}
        </button>
      </div>
    </form>
  );
}
