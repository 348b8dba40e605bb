// Writing minor units as the site does (internal/money's Format), in the browser: the
// same text on the server's render and the browser's, which Intl does not promise. Its
// own module so that a page showing amounts loads no amount parser (lib/amount.ts).

export const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);
export const SYMBOLS: Record<string, string> = { usd: '$', eur: '€', gbp: '£', jpy: '¥' };

function group(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Minor units as the site writes them, as internal/money's Format does: 129000 in "eur" is "€1,290.00". */
export function formatAmount(minor: number, currency: string): string {
  const cur = currency.toLowerCase();
  const abs = Math.abs(minor);
  let s = ZERO_DECIMAL.has(cur) ? group(abs) : `${group(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
  const symbol = SYMBOLS[cur];
  s = symbol ? `${symbol}${s}` : `${cur.toUpperCase()} ${s}`;
  return minor < 0 ? `-${s}` : s;
}
