import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { App } from '../app';
import { fixtures, forestHiker, forestHikerDetail, tourSignedOut } from '../dev-fixtures';

// The map has its own tests; here Leaflet stays out of the way.
vi.mock('../components/leaflet-setup', () => ({ L: null }));

// A tour nobody has reviewed has no rating: "0.0 rating (0)" reads as a bad one.
describe('a tour without reviews', () => {
  const unrated = { ratingsAverage: '0.0', ratingsQuantity: 0 };

  it('says "No reviews yet" on its card, and a rated card keeps its rating', () => {
    render(<App data={{ ...fixtures.overview, props: { ...fixtures.overview.props, tours: [{ ...forestHiker, ...unrated, id: 'unrated' }, forestHiker] } }} />);
    const [card, rated] = screen.getAllByRole('article');
    expect(card!.querySelector('.card__rating')!.textContent).toBe('No reviews yet');
    expect(within(card!).queryByText(/rating \(0\)/)).toBeNull();
    expect(rated!.querySelector('.card__rating')!.textContent).toBe('4.8 rating (6)');
  });

  it('says "No reviews yet" on its page', () => {
    render(<App data={{ ...tourSignedOut, props: { ...tourSignedOut.props, tour: { ...forestHikerDetail, ...unrated } } }} />);
    expect(document.getElementById('tour-rating')!.textContent).toBe('No reviews yet');
  });

  it('shows a rated tour its average and count', () => {
    render(<App data={tourSignedOut} />);
    expect(document.getElementById('tour-rating')!.textContent).toMatch(/^\d\.\d \/ 5 \(\d+ reviews?\)$/);
  });
});
