// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseAmount } from './amount';
import { fromMinorUnits, numberOrText } from './number-input';

describe('fromMinorUnits', () => {
  it.each([
    [49700, '497.00'],
    [1250, '12.50'],
    [5, '0.05'],
    [0, '0.00'],
    [-1250, '-12.50'],
    [123456789, '1234567.89'],
  ])('%j → %j', (minor, shown) => {
    expect(fromMinorUnits(minor)).toBe(shown);
  });

  it('reads back as itself under the site\'s rules for amounts', () => {
    for (const minor of [0, 1, 99, 100, 101, 39700, 123456789]) {
      expect(parseAmount(fromMinorUnits(minor), 'eur')).toEqual({ minor });
    }
  });
});

describe('numberOrText', () => {
  it('turns numbers into numbers and leaves the rest as typed', () => {
    expect(numberOrText('12')).toBe(12);
    expect(numberOrText(' -115.570154 ')).toBe(-115.570154);
    expect(numberOrText('')).toBe('');
    expect(numberOrText('twelve')).toBe('twelve');
  });

});
