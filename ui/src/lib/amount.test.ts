// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatAmount, parseAmount, understood } from './amount';

// The Go parser's own table: the preview and the server read every case alike.
interface Case {
  text: string;
  currency: string;
  minor?: number;
  error?: string;
}
const table = JSON.parse(
  // The tests run in ui/.
  readFileSync(join(process.cwd(), '../internal/money/testdata/parse-cases.json'), 'utf8'),
) as { cases: Case[] };

describe('parseAmount', () => {
  it('reads the shared table of cases', () => {
    expect(table.cases.length).toBeGreaterThan(40);
  });

  it.each(table.cases)('reads "$text" in $currency as the Go parser does', ({ text, currency, minor, error }) => {
    expect(parseAmount(text, currency)).toEqual(error ? { error } : { minor });
  });
});

describe('formatAmount and understood', () => {
  it('writes amounts as the server does', () => {
    expect(formatAmount(129000, 'eur')).toBe('€1,290.00');
    expect(formatAmount(5, 'usd')).toBe('$0.05');
    expect(formatAmount(5000, 'jpy')).toBe('¥5,000');
    expect(formatAmount(1250, 'chf')).toBe('CHF 12.50');
    expect(formatAmount(-990, 'usd')).toBe('-$9.90');
  });

  it('says what was understood, and nothing for what is not an amount', () => {
    expect(understood('1.290,00', 'eur')).toBe('= €1,290.00');
    expect(understood('1,290', 'usd')).toBe('= $1,290.00');
    expect(understood('12,5', 'eur')).toBe('= €12.50');
    expect(understood('abc', 'eur')).toBeNull();
    expect(understood('', 'eur')).toBeNull();
  });
});
