import type { FieldErrors } from '../../lib/field-errors';
import { FieldError, fieldAria } from '../field-error';
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
        <div className="form__group">
          <label className="form__label" htmlFor="tour-deposit-percent">
            Deposit (% of the price)
          </label>
          <input
            id="tour-deposit-percent"
            className="form__input"
            type="text"
            inputMode="numeric"
            disabled={disabled}
            value={deposit.percent}
            onChange={(e) => set({ percent: e.target.value })}
            {...fieldAria('tour-deposit-percent', errors['deposit.percent'])}
          />
          <FieldError fieldId="tour-deposit-percent" message={errors['deposit.percent']} />
        </div>
      ) : null}
      {deposit.kind === 'amount' ? (
        <div className="form__group">
          <label className="form__label" htmlFor="tour-deposit-amount">
            {`Deposit per traveller (${currency.toUpperCase()})`}
          </label>
          <input
            id="tour-deposit-amount"
            className="form__input"
            type="text"
            inputMode="decimal"
            disabled={disabled}
            value={deposit.amount}
            onChange={(e) => set({ amount: e.target.value })}
            {...fieldAria('tour-deposit-amount', errors['deposit.amount'])}
          />
          <FieldError fieldId="tour-deposit-amount" message={errors['deposit.amount']} />
        </div>
      ) : null}
      {deposit.kind !== '' ? (
        <div className="form__group">
          <label className="form__label" htmlFor="tour-deposit-days">
            Balance due (days before departure)
          </label>
          <input
            id="tour-deposit-days"
            className="form__input"
            type="text"
            inputMode="numeric"
            disabled={disabled}
            value={deposit.balanceDays}
            onChange={(e) => set({ balanceDays: e.target.value })}
            {...fieldAria('tour-deposit-days', errors['deposit.balanceDays'])}
          />
          <FieldError fieldId="tour-deposit-days" message={errors['deposit.balanceDays']} />
        </div>
      ) : null}
    </fieldset>
  );
}
