import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ReviewOutcome } from '../api/reviews';
import type { OwnReview, Review, ReviewStanding } from '../props';
import { currentAlert, flush, jsonResponse, mockFetch } from '../test/helpers';
import { TourReviews } from './tour-reviews';

function review(n: number, extra: Partial<Review> = {}): Review {
  return {
    id: `r-${n}`,
    text: `Review number ${n}, a fine trip.`,
    rating: 1 + (n % 5),
    userName: `Traveller ${n}`,
    userPhoto: '/img/users/default.jpg',
    userPhotoSrcSet: '',
    date: 'Mon 3 May 2027',
    edited: false,
    ...extra,
  };
}

const limits = { minText: 10, maxText: 2000 };
const firstPage = [1, 2, 3, 4, 5].map((n) => review(n));

function setup(reviewing: ReviewStanding | null, reviews = firstPage, pages = 2, total = 7, page = 1) {
  const onRating = vi.fn();
  render(
    <TourReviews
      tourId="t-1"
      path="/tour/alps"
      reviews={reviews}
      page={page}
      pages={pages}
      pageSize={5}
      total={total}
      reviewing={reviewing}
      limits={limits}
      onRating={onRating}
    />,
  );
  return onRating;
}

function listed(): string[] {
  return within(document.getElementById('reviews-list')!)
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('data-review-id') ?? '');
}

/** Clicks a link and tells whether the browser would have followed it (the component did
 * not prevent it); jsdom is kept from navigating either way. */
function follows(link: HTMLElement, init: MouseEventInit = {}): boolean {
  let followed = false;
  const last = (e: Event) => {
    followed = !e.defaultPrevented;
    e.preventDefault();
  };
  document.addEventListener('click', last);
  fireEvent.click(link, init);
  document.removeEventListener('click', last);
  return followed;
}

const mine: OwnReview = { ...review(9), id: 'mine', text: 'My own words about the trip.', rating: 4, userName: 'Me', hidden: false };

describe('TourReviews', () => {
  it('lists the first page; "More reviews" links to the next, and a plain click fetches and appends it instead', async () => {
    const fetch = mockFetch(
      jsonResponse({ status: 'success', data: { reviews: [review(6), review(7), review(8), review(9), review(10)], page: 2, pages: 3, total: 12 } }),
      jsonResponse({ status: 'success', data: { reviews: [review(11), review(12)], page: 3, pages: 3, total: 12 } }),
    );
    setup(null, firstPage, 3, 12);
    expect(listed()).toEqual(['r-1', 'r-2', 'r-3', 'r-4', 'r-5']);
    expect(screen.getByText('Showing 5 of 12 reviews.')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Newer reviews' })).toBeNull();
    const more = screen.getByRole('link', { name: 'More reviews' });
    // Without JavaScript, or before hydration, the link opens page 2 from the server.
    expect(more.getAttribute('href')).toBe('/tour/alps?reviews=2#reviews');
    expect(more.getAttribute('rel')).toBe('next');

    expect(follows(more)).toBe(false);
    expect(more.textContent).toBe('Loading...');
    await flush();
    expect(String(fetch.mock.calls[0]![0])).toMatch(/\/api\/v1\/tours\/t-1\/reviews\?page=2$/);
    expect(listed()).toEqual(['r-1', 'r-2', 'r-3', 'r-4', 'r-5', 'r-6', 'r-7', 'r-8', 'r-9', 'r-10']);
    expect(screen.getByText('Showing 10 of 12 reviews.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'More reviews' }).getAttribute('href')).toBe('/tour/alps?reviews=3#reviews');

    expect(follows(screen.getByRole('link', { name: 'More reviews' }))).toBe(false);
    await flush();
    expect(String(fetch.mock.calls[1]![0])).toMatch(/\?page=3$/);
    expect(listed()).toHaveLength(12);
    expect(screen.queryByRole('link', { name: 'More reviews' })).toBeNull();
  });

  it('leaves a click meant for a new tab to the browser', () => {
    const fetch = mockFetch();
    setup(null);
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      expect(follows(screen.getByRole('link', { name: 'More reviews' }), init)).toBe(true);
    }
    expect(fetch).not.toHaveBeenCalled();
    expect(listed()).toHaveLength(5);
  });

  it('renders a later page as the server sent it, with links to the newer and the older reviews', async () => {
    const fetch = mockFetch(jsonResponse({ status: 'success', data: { reviews: [review(11), review(12)], page: 3, pages: 3, total: 12 } }));
    setup(null, [6, 7, 8, 9, 10].map((n) => review(n)), 3, 12, 2);
    expect(listed()).toEqual(['r-6', 'r-7', 'r-8', 'r-9', 'r-10']);
    expect(screen.getByText('Showing reviews 6–10 of 12.')).toBeTruthy();
    const newer = screen.getByRole('link', { name: 'Newer reviews' });
    expect(newer.getAttribute('href')).toBe('/tour/alps#reviews');
    expect(newer.getAttribute('rel')).toBe('prev');
    expect(screen.getByRole('link', { name: 'More reviews' }).getAttribute('href')).toBe('/tour/alps?reviews=3#reviews');

    expect(follows(screen.getByRole('link', { name: 'More reviews' }))).toBe(false);
    await flush();
    expect(String(fetch.mock.calls[0]![0])).toMatch(/\?page=3$/);
    expect(listed()).toEqual(['r-6', 'r-7', 'r-8', 'r-9', 'r-10', 'r-11', 'r-12']);
    expect(screen.getByText('Showing reviews 6–12 of 12.')).toBeTruthy();
  });

  it('publishes a review: POST with rating and text, the rating reported, the review listed first', async () => {
    const outcome: ReviewOutcome = {
      ratingsAverage: '4.2',
      ratingsQuantity: 8,
      first: { reviews: [mine, ...firstPage.slice(0, 4)], page: 1, pages: 2, total: 8 },
      own: mine,
    };
    const fetch = mockFetch(jsonResponse({ status: 'success', message: 'Thank you! Your review is published.', data: outcome }, 201));
    const onRating = setup({ own: null, canWrite: true, waiting: '' });
    fireEvent.click(screen.getByLabelText('4 stars'));
    fireEvent.change(screen.getByLabelText('Your review'), { target: { value: 'My own words about the trip.' } });
    expect(screen.getByText('10 to 2000 characters; 28 so far.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Publish review' }));
    expect(screen.getByRole('button', { name: 'Publishing...' })).toBeTruthy();
    await flush();
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toMatch(/\/api\/v1\/tours\/t-1\/reviews$/);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ rating: 4, text: 'My own words about the trip.' });
    expect(onRating).toHaveBeenCalledWith('4.2', 8);
    expect(currentAlert()?.textContent).toBe('Thank you! Your review is published.');
    expect(listed()[0]).toBe('mine');
    expect(document.getElementById('own-review-text')?.textContent).toBe('My own words about the trip.');
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(document.getElementById('review-form')).toBeNull();
  });

  it('shows the server refusal in the alert and keeps what was typed', async () => {
    mockFetch(jsonResponse({ status: 'fail', message: 'You have already reviewed this tour.' }, 409));
    const onRating = setup({ own: null, canWrite: true, waiting: '' });
    fireEvent.click(screen.getByLabelText('5 stars'));
    fireEvent.change(screen.getByLabelText('Your review'), { target: { value: 'Twice is nice, they say.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish review' }));
    await flush();
    expect(currentAlert()?.className).toBe('alert alert--error');
    expect(currentAlert()?.textContent).toBe('You have already reviewed this tour.');
    expect((screen.getByLabelText('Your review') as HTMLTextAreaElement).value).toBe('Twice is nice, they say.');
    expect(onRating).not.toHaveBeenCalled();
  });

  it('edits one’s own review with PATCH, and deletes it after a confirmation', async () => {
    const edited: OwnReview = { ...mine, rating: 2, text: 'Less good on reflection.', edited: true };
    const fetch = mockFetch(
      jsonResponse({ status: 'success', message: 'Your review is updated.', data: { ratingsAverage: '3.9', ratingsQuantity: 7, first: { reviews: [edited], page: 1, pages: 1, total: 7 }, own: edited } }),
      jsonResponse({ status: 'success', message: 'Your review is deleted.', data: { ratingsAverage: '4.0', ratingsQuantity: 6, first: { reviews: firstPage, page: 1, pages: 1, total: 6 }, own: null } }),
    );
    const onRating = setup({ own: mine, canWrite: false, waiting: '' }, [mine, ...firstPage.slice(0, 4)], 2, 7);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect((screen.getByLabelText('Your review') as HTMLTextAreaElement).value).toBe('My own words about the trip.');
    expect((screen.getByLabelText('4 stars') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('2 stars'));
    fireEvent.change(screen.getByLabelText('Your review'), { target: { value: 'Less good on reflection.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save review' }));
    await flush();
    expect(String(fetch.mock.calls[0]![0])).toMatch(/\/api\/v1\/reviews\/mine$/);
    expect(fetch.mock.calls[0]![1]?.method).toBe('PATCH');
    expect(onRating).toHaveBeenLastCalledWith('3.9', 7);
    expect(document.getElementById('own-review-text')?.textContent).toBe('Less good on reflection.');
    expect(screen.getByText('Mon 3 May 2027 (edited)')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(fetch).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete it' }));
    await flush();
    expect(fetch.mock.calls[1]![1]?.method).toBe('DELETE');
    expect(String(fetch.mock.calls[1]![0])).toMatch(/\/api\/v1\/reviews\/mine$/);
    expect(onRating).toHaveBeenLastCalledWith('4.0', 6);
    expect(currentAlert()?.textContent).toBe('Your review is deleted.');
    expect(document.getElementById('own-review-text')).toBeNull();
    expect(listed()).not.toContain('mine');
  });

  it('lets the author edit but not delete a review the site hid, and says it is hidden', () => {
    setup({ own: { ...mine, hidden: true }, canWrite: false, waiting: '' });
    expect(screen.getByText('Hidden by the site: other visitors do not see it, and it does not count in the rating.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('tells a traveller whose trip has not ended when they can write, without a form', () => {
    setup({ own: null, canWrite: false, waiting: 'You can review this tour once your trip has ended, from 13 January 2031.' });
    expect(screen.getByText('You can review this tour once your trip has ended, from 13 January 2031.')).toBeTruthy();
    expect(document.getElementById('review-form')).toBeNull();
  });

  it('gives the review links (#your-review) somewhere to land: why not yet, or an invitation to log in', () => {
    setup({ own: null, canWrite: false, waiting: 'You can review this tour once your trip has ended, from 13 January 2031.' });
    expect(document.getElementById('your-review')?.textContent).toBe('You can review this tour once your trip has ended, from 13 January 2031.');
    cleanup();
    setup(null);
    expect(document.getElementById('your-review')?.textContent).toBe('Took this tour? Log in to review it.');
    expect(within(document.getElementById('your-review')!).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    cleanup();
    setup({ own: null, canWrite: false, waiting: '' });
    expect(document.getElementById('your-review')).toBeNull();
  });

  it('says so when there are no reviews', () => {
    setup(null, [], 1, 0);
    expect(screen.getByText('No reviews yet.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'More reviews' })).toBeNull();
  });
});
