import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { forestHiker, seaExplorer } from '../dev-fixtures';
import { TourCard } from './tour-card';

function cardImage(ui: ReturnType<typeof render>): HTMLImageElement {
  return ui.container.querySelector('.card__img') as HTMLImageElement;
}

describe('TourCard', () => {
  it('offers the cover in every stored width, at the width a card is shown, its box kept by its size', () => {
    const img = cardImage(render(<TourCard tour={forestHiker} />));
    expect(img.getAttribute('src')).toBe('/img/tours/tour-1-cover.jpg');
    expect(img.getAttribute('srcset')).toBe(forestHiker.coverSrcSet);
    expect(img.getAttribute('sizes')).toBe('(max-width: 700px) 100vw, 400px');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1600', '1067']);
  });

  it('loads a card below the fold lazily and one on the first screen at once', () => {
    expect(cardImage(render(<TourCard tour={forestHiker} />)).getAttribute('loading')).toBe('lazy');
    expect(cardImage(render(<TourCard tour={forestHiker} eager />)).getAttribute('loading')).toBeNull();
  });

  it('gives a cover stored as one file (an import) neither srcset nor sizes, but still its box', () => {
    const img = cardImage(render(<TourCard tour={seaExplorer} />));
    expect(img.getAttribute('srcset')).toBeNull();
    expect(img.getAttribute('sizes')).toBeNull();
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1600', '1067']);
  });
});
