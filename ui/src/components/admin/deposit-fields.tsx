import type { FieldErrors } from '../../lib/field-errors';
import { FieldError, fieldAria } from '../field-error';
import { FormField } from '../form-field';
import type { DepositDraft } from './booking-form-editor';

interface DepositFieldsProps {
  currency: string;
  disabled: boolean;
  deposit: DepositDraft;
  onChange: (deposit: DepositDraft) => void;
  errors: FieldErrors;
}

/**
 * A tour's deposit in the tour editor (issue #24 §3): none, a percentage of the price or
 * an amount per traveller, and how many days before departure the balance is due.
 * Departures nearer than that are paid in full. The server judges what is typed.
 */
export function DepositFields({ currency, disabled, deposit, onChange, errors }: DepositFieldsProps) {
  const set = (patch: Partial<DepositDraft>) => onChange({ ...deposit, ...patch });
  return (
    <fieldset aria-describedby="tour-deposit-hint">
      <legend className="form__label">Deposit</legend>
      <p id="tour-deposit-hint" className="form__hint">
        Travellers pay a deposit when they book and the balance before departure; departures nearer than the balance&apos;s
        day are paid in full.
      </p>
      <div className="form__group">
        <label className="form__label" htmlFor="tour-deposit-kind">
          Deposit at checkout
        </label>
        <select
          id="tour-deposit-kind"
          className="form__input"
          disabled={disabled}
          value={deposit.kind}
          onChange={(e) => set({ kind: e.target.value as DepositDraft['kind'] })}
          {...fieldAria('tour-deposit-kind', errors['deposit.kind'])}
        >
          <option value="">None: the whole price</option>
          <option value="percent">A percentage of the price</option>
          <option value="amount">An amount per traveller</option>
        </select>
        <FieldError fieldId="tour-deposit-kind" message={errors['deposit.kind']} />
      </div>
      {deposit.kind === 'percent' ? (
        <FormField
          id="tour-deposit-percent"
          label="Deposit (% of the price)"
          inputMode="numeric"
          disabled={disabled}
          value={deposit.percent}
          onChange={(e) => set({ percent: e.target.value })}
          error={errors['deposit.percent']}
        />
      ) : null}
      {deposit.kind === 'amount' ? (
        <FormField
          id="tour-deposit-amount"
          label={`Deposit per traveller (${currency.toUpperCase()})`}
          inputMode="decimal"
          disabled={disabled}
          value={deposit.amount}
          onChange={(e) => set({ amount: e.target.value })}
          error={errors['deposit.amount']}
        />
      ) : null}
      {deposit.kind !== '' ? (
        <FormField
          id="tour-deposit-days"
          label="Balance due (days before departure)"
          inputMode="numeric"
          disabled={disabled}
          value={deposit.balanceDays}
          onChange={(e) => set({ balanceDays: e.target.value })}
          error={errors['deposit.balanceDays']}
        />
      ) : null}
    </fieldset>
  );
}
