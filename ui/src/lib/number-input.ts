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

// Prices are typed in major units ("497.00") and stored in minor units (49700). The
// conversion is done on the digits, not with floats: 4.35 * 100 is 434.99999999999994.
// Two decimals are assumed, as the price fields' hint says.
const MAJOR_UNITS = /^(-?)(\d*)(?:\.(\d{0,2}))?$/;

/**
 * "497" → 49700, "12.5" → 1250, "0.05" → 5. Text that is not an amount with at most two
 * decimals ("12.345", "1,000", "abc", "") is returned as typed for the server to refuse:
 * rounding it here would save a price the operator never typed.
 */
export function toMinorUnits(text: string): NumberField {
  const match = MAJOR_UNITS.exec(text.trim());
  if (!match) return text;
  const [, sign = '', whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return text;
  const minor = Number(`${sign}${whole}${fraction.padEnd(2, '0')}`);
  return Number.isSafeInteger(minor) ? minor : text;
}

/** 49700 → "497.00", 5 → "0.05", -1250 → "-12.50". */
export function fromMinorUnits(minor: number): string {
  if (!Number.isSafeInteger(minor)) return String(minor);
  const digits = String(Math.abs(minor)).padStart(3, '0');
  return `${minor < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
