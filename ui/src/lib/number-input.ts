// Turning what an operator typed into what the API takes, without judging it: text that
// is not a number goes to the server unchanged, and the server's message says what is wrong.
import type { NumberField } from '../api/admin';

/** "12" → 12, " 4.5 " → 4.5; anything else (including "") is sent as typed. */
export function numberOrText(text: string): NumberField {
  const trimmed = text.trim();
  if (trimmed === '') return text;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : text;
}

/** What an optional number field sends: nothing when it was left empty. */
export function optionalNumber(text: string): NumberField | undefined {
  return text.trim() === '' ? undefined : numberOrText(text);
}

// Prices are stored in minor units (49700) and shown in the fields in major units
// ("497.00"); what is typed back is read by the server (internal/money's Parse, the
// site's rules for "1.290,00" and "1,290"), and previewed with lib/amount.ts.

/** 49700 → "497.00", 5 → "0.05", -1250 → "-12.50". */
export function fromMinorUnits(minor: number): string {
  if (!Number.isSafeInteger(minor)) return String(minor);
  const digits = String(Math.abs(minor)).padStart(3, '0');
  return `${minor < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
