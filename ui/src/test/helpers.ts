import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** A fetch Response stand-in whose body resolves at once (no stream, no macrotasks). */
export function jsonResponse(body: unknown, status = 200): Response {
  return textResponse(JSON.stringify(body), status);
}

export function textResponse(text: string, status = 200): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    text: () => Promise.resolve(text),
    json: () => Promise.resolve(JSON.parse(text)),
  } as unknown as Response;
}

/** Replaces global fetch with a mock answering `body` (or the given responses in order). */
export function mockFetch(...responses: Response[]) {
  const fn = vi.fn<typeof fetch>();
  for (const res of responses) fn.mockResolvedValueOnce(res);
  vi.stubGlobal('fetch', fn);
  return fn;
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Lets pending promise chains (fetch → text → setState) settle inside act(). */
export async function flush(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  });
}

export function currentAlert(): HTMLElement | null {
  return document.body.querySelector(':scope > .alert');
}
