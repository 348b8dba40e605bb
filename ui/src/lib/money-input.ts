// Amounts typed by an operator, in the currency's major units: "1290", "1290.50",
// "1,290.50" → minor units; null when it is not an amount.

export function parseMinor(text: string, digits: number): number | null {
  const t = text.trim().replace(/\s/g, '');
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/.exec(t);
  if (m === null) return null;
  const whole = Number((m[1] ?? '').replace(/,/g, ''));
  const frac = m[2] ?? '';
  if (frac.length > digits) return null;
  return whole * 10 ** digits + (frac === '' ? 0 : Number(frac.padEnd(digits, '0')));
}
