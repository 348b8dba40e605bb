// Shared by the tour editor's test files (split by part of the page so that Vitest runs
// them side by side: in one file they were the suite's longest run, 51 s).
import { fireEvent, screen } from '@testing-library/react';
import type { AdminTour } from '../props';
import { forestHikerAdmin } from '../dev-fixtures';
import { jsonResponse, type mockFetch } from '../test/helpers';

export const origin = window.location.origin;

export function answer(tour: Partial<AdminTour> = {}, extra: Record<string, unknown> = {}, status = 200) {
  return jsonResponse({ status: 'success', data: { tour: { ...forestHikerAdmin, ...tour }, ...extra } }, status);
}

export function sent(fetch: ReturnType<typeof mockFetch>, i = 0) {
  const [url, init] = fetch.mock.calls[i]!;
  return { url: String(url), method: init?.method, body: init?.body };
}

export function json(fetch: ReturnType<typeof mockFetch>, i = 0): unknown {
  return JSON.parse(sent(fetch, i).body as string);
}

export function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

export function value(label: string | RegExp): string {
  return (screen.getByLabelText(label) as HTMLInputElement).value;
}

export function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}
