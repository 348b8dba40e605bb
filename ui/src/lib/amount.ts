// The site's rules for reading a typed amount, mirrored from internal/money/parse.go for
// the preview beside money fields ("= €1,290.00"): the server reads the same text with the
// Go parser when the form is saved, and both are tested against the same table
// (internal/money/testdata/parse-cases.json). The README's "Typing amounts" spells the rules.

import { formatAmount, SYMBOLS, ZERO_DECIMAL } from './money-format';

export { formatAmount };

export type AmountError = 'not-amount' | 'decimals' | 'too-large';
export type ParsedAmount = { minor: number } | { error: AmountError };

const SEPARATORS = new Set(['.', ',', ' ', '\u00a0', '\u202f', "'", '’']);
const MAX_DIGITS = 15;

function stripCurrency(s: string, currency: string): string {
  const marks = [currency.toUpperCase(), currency.toLowerCase()];
  const symbol = SYMBOLS[currency.toLowerCase()];
  if (symbol) marks.push(symbol);
  for (const m of marks) {
    if (m === '') continue;
    if (s.startsWith(m)) return s.slice(m.length).trim();
    if (s.endsWith(m)) return s.slice(0, -m.length).trim();
  }
  return s;
}

/** "1.290,50" in "eur" → { minor: 129050 }; what Parse refuses → { error }. */
export function parseAmount(text: string, currency: string): ParsedAmount {
  let s = text.trim();
  let negative = false;
  if (s.startsWith('-')) {
    negative = true;
    s = s.slice(1).trim();
  }
  s = stripCurrency(s, currency);
  if (!negative && s.startsWith('-')) {
    negative = true;
    s = s.slice(1).trim();
  }
  if (s === '') return { error: 'not-amount' };
  const groups: string[] = [];
  const seps: string[] = [];
  let current = '';
  for (const ch of s) {
    if (ch >= '0' && ch <= '9') current += ch;
    else if (SEPARATORS.has(ch)) {
      groups.push(current);
      seps.push(ch);
      current = '';
    } else return { error: 'not-amount' };
  }
  groups.push(current);
  if (groups.some((g) => g === '')) return { error: 'not-amount' };

  let lastDot = -1;
  let lastComma = -1;
  let dots = 0;
  let commas = 0;
  seps.forEach((sep, i) => {
    if (sep === '.') {
      lastDot = i;
      dots += 1;
    } else if (sep === ',') {
      lastComma = i;
      commas += 1;
    }
  });
  let decimal = -1;
  if (dots > 0 && commas > 0) {
    decimal = Math.max(lastDot, lastComma);
    if ((seps[decimal] === '.' && dots > 1) || (seps[decimal] === ',' && commas > 1)) return { error: 'not-amount' };
  } else if (dots === 1 || commas === 1) {
    const i = Math.max(lastDot, lastComma);
    const before = groups[i] ?? '';
    const after = groups[i + 1] ?? '';
    const thousands = after.length === 3 && i === 0 && before.length <= 3 && before !== '0';
    if (!thousands) decimal = i;
  }
  if (decimal >= 0 && decimal !== seps.length - 1) return { error: 'not-amount' };
  const whole = decimal >= 0 ? groups.slice(0, decimal + 1) : groups;
  const fraction = decimal >= 0 ? (groups[decimal + 1] ?? '') : '';
  if (whole.length > 1) {
    if ((whole[0] ?? '').length > 3) return { error: 'not-amount' };
    if (whole.slice(1).some((g) => g.length !== 3)) return { error: 'not-amount' };
  }
  const places = ZERO_DECIMAL.has(currency.toLowerCase()) ? 0 : 2;
  if (fraction.length > places) return { error: 'decimals' };
  const digits = (whole.join('').replace(/^0+/, '') + fraction + '0'.repeat(places - fraction.length)).replace(/^0+/, '');
  if (digits === '') return { minor: 0 };
  if (digits.length > MAX_DIGITS) return { error: 'too-large' };
  const n = Number(digits);
  return { minor: negative ? -n : n };
}

/** What the field understood, "= €1,290.00", or null when it holds no amount (the server's message says why on saving). */
export function understood(text: string, currency: string): string | null {
  if (text.trim() === '' || currency === '') return null;
  const parsed = parseAmount(text, currency);
  return 'minor' in parsed ? `= ${formatAmount(parsed.minor, currency)}` : null;
}
