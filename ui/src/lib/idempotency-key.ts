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
