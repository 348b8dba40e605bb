import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../app';
import { fixtures } from '../dev-fixtures';
import { currentAlert, flush, jsonResponse, mockFetch } from '../test/helpers';

const origin = window.location.origin;
const [shown, hidden] = fixtures.adminReviews.props.reviews;

function row(tour: string): HTMLElement {
  return screen.getByRole('rowheader', { name: tour }).closest('tr')!;
}

describe('AdminReviewsPage', () => {
  it('lists the reviews with their tour, rating and visibility, text as text', () => {
    render(<App data={fixtures.adminReviews} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Reviews' })).toBeTruthy();
    const forest = within(row('The Forest Hiker'));
    expect(forest.getByRole('link', { name: 'The Forest Hiker' }).getAttribute('href')).toBe('/tour/the-forest-hiker');
    expect(forest.getByText('Sophie Louise Hart')).toBeTruthy();
    expect(forest.getByText('★★★★★')).toBeTruthy();
    expect(forest.getByText('5 of 5')).toBeTruthy();
    expect(forest.getByText('Shown').className).toBe('status status--shown');
    const sea = row('The Sea Explorer');
    expect(within(sea).getByText('★☆☆☆☆')).toBeTruthy();
    expect(within(sea).getByText('Hidden').className).toBe('status status--hidden');
    expect(sea.querySelector('a[href="http://spam.example"]')).toBeNull();
    // Page 2 of 2: back to page 1 only.
    expect(screen.getByText('Showing 2 of 32')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/admin/reviews');
  });

  it('hides a review with PATCH {hidden: true} and shows the answered row', async () => {
    const fetch = mockFetch(jsonResponse({ status: 'success', data: { review: { ...shown!, hidden: true } } }));
    render(<App data={fixtures.adminReviews} />);
    fireEvent.click(screen.getByRole('button', { name: 'Hide: review by Sophie Louise Hart of The Forest Hiker' }));
    await flush();
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe(`${origin}/api/v1/admin/reviews/r-1`);
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(init?.body as string)).toEqual({ hidden: true });
    expect(currentAlert()?.textContent).toBe('Review hidden');
    expect(within(row('The Forest Hiker')).getByText('Hidden')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show: review by Sophie Louise Hart of The Forest Hiker' })).toBeTruthy();
  });

  it('shows a hidden review again', async () => {
    const fetch = mockFetch(jsonResponse({ status: 'success', data: { review: { ...hidden!, hidden: false } } }));
    render(<App data={fixtures.adminReviews} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show: review by Ayla Cornell of The Sea Explorer' }));
    await flush();
    expect(JSON.parse(fetch.mock.calls[0]![1]?.body as string)).toEqual({ hidden: false });
    expect(currentAlert()?.textContent).toBe('Review shown');
  });

  it('shows the server message and leaves the row when it fails', async () => {
    mockFetch(jsonResponse({ status: 'fail', message: 'Only admins may hide reviews' }, 403));
    render(<App data={fixtures.adminReviews} />);
    fireEvent.click(screen.getByRole('button', { name: 'Hide: review by Sophie Louise Hart of The Forest Hiker' }));
    await flush();
    expect(currentAlert()?.textContent).toBe('Only admins may hide reviews');
    expect(within(row('The Forest Hiker')).getByText('Shown')).toBeTruthy();
  });
});
