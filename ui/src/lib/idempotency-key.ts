import { useEffect, useMemo, useRef } from 'react';

// The key that makes a refund happen once (docs/admin.md, POST /api/v1/bookings/{id}/cancel):
// the same key sent again answers with the first outcome instead of refunding again.

/**
 * A random key. crypto.randomUUID exists only in secure contexts (HTTPS or localhost), so a
 * back office reached over plain HTTP on a LAN falls back to 16 random bytes in hex.
 */
export function idempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One key for a form until its call goes through: a double click, or a retry after a
 * failure, sends the same key, so the server acts once; `used()` after a success makes
 * the next submission a new one. Made in the browser (after hydration): the server
 * renderer has no crypto, and the key is never shown.
 */
export function useFormKey(): { current: () => string; used: () => void } {
  const key = useRef('');
  useEffect(() => {
    if (key.current === '') key.current = idempotencyKey();
  }, []);
  return useMemo(
    () => ({
      current: () => {
        if (key.current === '') key.current = idempotencyKey();
        return key.current;
      },
      used: () => {
        key.current = idempotencyKey();
      },
    }),
    [],
  );
}
