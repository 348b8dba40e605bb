import { understood } from '../lib/amount';

/** The id of the preview of the amount field with this id. */
export function understoodId(fieldId: string): string {
  return `${fieldId}-understood`;
}

/**
 * Beside an amount field: what the site reads in what was typed ("= €1,290.00"), so
 * "1.290" is seen to be a thousand two hundred and ninety before it is saved. Announced
 * politely as it changes.
 */
export function AmountPreview({ fieldId, text, currency }: { fieldId: string; text: string; currency: string }) {
  const value = understood(text, currency);
  return (
    <p id={understoodId(fieldId)} className="form__understood" aria-live="polite">
      {value ?? ''}
    </p>
  );
}
