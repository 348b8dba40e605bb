import { describe, expect, it } from 'vitest';
import { fromMinorUnits, numberOrText, optionalNumber, toMinorUnits } from './number-input';

describe('toMinorUnits', () => {
  it.each([
    ['497', 49700],
    ['497.00', 49700],
    ['497.', 49700],
    ['12.5', 1250],
    ['4.35', 435],
    ['0.05', 5],
    ['.5', 50],
    [' 19.99 ', 1999],
    ['0', 0],
    ['-12.50', -1250],
    ['000123.4', 12340],
  ])('%j → %j', (typed, minor) => {
    expect(toMinorUnits(typed)).toBe(minor);
  });

  it('never rounds with floats: every cent from 0.00 to 20.00 comes out exact', () => {
    for (let cents = 0; cents <= 2000; cents++) {
      const typed = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
      expect(toMinorUnits(typed)).toBe(cents);
    }
  });

  it.each(['', ' ', '12.345', '1,000', '12,50', 'abc', '$497', '1e3', '.', '-', '99999999999999999'])(
    'sends %j as typed for the server to refuse',
    (typed) => {
      expect(toMinorUnits(typed)).toBe(typed);
    },
  );
});

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

  it('round-trips with toMinorUnits', () => {
    for (const minor of [0, 1, 99, 100, 101, 39700, 123456789]) {
      expect(toMinorUnits(fromMinorUnits(minor))).toBe(minor);
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

  it('leaves an empty optional number out', () => {
    expect(optionalNumber('  ')).toBeUndefined();
    expect(optionalNumber('12')).toBe(12);
    expect(optionalNumber('x')).toBe('x');
  });
});
