// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { contrastWithWhite, parseColour, ratioText } from './contrast';

// The same pairs as internal/business/colour_test.go: the preview says what the server will.
describe('contrast with white text', () => {
  it.each([
    ['#1f6f50', '6.09:1', true],
    ['#ffff00', '1.07:1', false],
    ['#FFFFFF', '1:1', false],
    ['#000000', '21:1', true],
    ['#7fd3ff', '1.65:1', false],
    ['#767676', '4.54:1', true],
    ['#777777', '4.47:1', false],
    ['#0B4F6C', '8.93:1', true],
  ])('white on %s is %s', (colour, ratio, passes) => {
    const rgb = parseColour(colour);
    expect(rgb).not.toBeNull();
    const r = contrastWithWhite(rgb!);
    expect(ratioText(r)).toBe(ratio);
    expect(r >= 4.5).toBe(passes);
  });

  it('reads only #rrggbb', () => {
    expect(parseColour(' #1F6F50 ')).toEqual([0x1f, 0x6f, 0x50]);
    for (const text of ['1f6f50', '#1f6f5', '#1f6f500', '#gg0000', '', 'red']) expect(parseColour(text)).toBeNull();
  });
});
