// The verified reviews calls: read a page of a tour's reviews; write, edit and delete
// one's own. Writes answer with the tour's new rating and first page of reviews.
import { showAlert } from '../lib/alert';
import type { ReviewOutcome, ReviewsPage } from '../props';
import { apiPath, errorMessage, request } from './client';

// A page of reviews and what a write leaves (the rating, the first page, and one's own
// review, null once deleted) are declared in Go (internal/view) with the pages' types.
export type { ReviewOutcome, ReviewsPage };

export interface ReviewInput {
  rating: number;
  text: string;
}

/** Page `page` of a tour's reviews, or null after an error alert. */
export async function fetchReviews(tourId: string, page: number): Promise<ReviewsPage | null> {
  const res = await request<ReviewsPage>('GET', `${apiPath('api/v1/tours', tourId, 'reviews')}?page=${page}`);
  if (res.status !== 'success' || !res.data) {
    showAlert('error', errorMessage(res));
    return null;
  }
  return res.data;
}

async function write(method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: ReviewInput): Promise<ReviewOutcome | null> {
  const res = await request<ReviewOutcome>(method, path, body ? { rating: body.rating, text: body.text } : undefined);
  if (res.status !== 'success' || !res.data) {
    showAlert('error', errorMessage(res));
    return null;
  }
  showAlert('success', res.message ?? 'Saved.');
  return res.data;
}

/** Resolves with the outcome (a success alert shown), or null after an error alert. */
export function createReview(tourId: string, input: ReviewInput): Promise<ReviewOutcome | null> {
  return write('POST', apiPath('api/v1/tours', tourId, 'reviews'), input);
}

export function updateReview(id: string, input: ReviewInput): Promise<ReviewOutcome | null> {
  return write('PATCH', apiPath('api/v1/reviews', id), input);
}

export function deleteReview(id: string): Promise<ReviewOutcome | null> {
  return write('DELETE', apiPath('api/v1/reviews', id));
}
