// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { factsText, plainTextEmail, wrap } from './plain-text';

describe('wrap', () => {
  it('fills lines up to the width and collapses whitespace', () => {
    expect(wrap('one two  three\nfour', 9)).toBe('one two\nthree\nfour');
    expect(wrap('abc def', 7)).toBe('abc def');
    expect(wrap('', 10)).toBe('');
  });

  it('never breaks a word longer than the width, such as a URL', () => {
    const url = 'https://tours.example/reset-password/3f9c0a7e5b2d4c61a8e7f0b9d2c4e6a1';
    expect(wrap(`Open ${url} now`, 20)).toBe(`Open\n${url}\nnow`);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(wrap('Zoë Zoë', 7)).toBe('Zoë Zoë');
    expect(wrap('🏔️🏔️ ab', 7)).toBe('🏔️🏔️ ab');
  });

  it('indents the lines, the indent counting in the width', () => {
    expect(wrap('aa bb cc', 6, '  ', '> ')).toBe('> aa\n  bb\n  cc');
  });
});

describe('factsText', () => {
  it('aligns the values and hangs long ones under the first line', () => {
    const out = factsText([
      { label: 'Date', value: 'Saturday, 12 June 2027' },
      { label: 'Meeting point', value: 'word '.repeat(20).trim() },
      { label: 'Tour', value: 'The Forest Hiker', href: 'https://tours.example/tour/the-forest-hiker' },
    ]);
    expect(out).toBe(
      [
        'Date:          Saturday, 12 June 2027',
        'Meeting point: word word word word word word word word word word word',
        '               word word word word word word word word word',
        'Tour:          The Forest Hiker',
        '               https://tours.example/tour/the-forest-hiker',
      ].join('\n'),
    );
  });
});

describe('plainTextEmail', () => {
  it('puts the heading, the blocks and the signature apart by blank lines', () => {
    const out = plainTextEmail({
      site: { name: 'Tourbook', url: 'https://tours.example', logo: '', address: [], contactEmail: '', contactPhone: '', colour: '#1f6f50', colourDark: '#155239', colourLight: '#e8f3ee' },
      heading: 'Hello',
      blocks: ['One.', '', 'Two.'],
    });
    expect(out).toBe(
      'Hello\n=====\n\nOne.\n\nTwo.\n\n-- \nTourbook\nhttps://tours.example\n' +
        'You receive this email because of your account at Tourbook.\n',
    );
  });
});
