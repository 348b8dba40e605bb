// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { idempotencyKey } from './idempotency-key';

describe('idempotencyKey', () => {
  it('is a random UUID where the browser has one', () => {
    const a = idempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(idempotencyKey()).not.toBe(a);
  });

  it('falls back to 16 random bytes in hex outside a secure context', () => {
    const getRandomValues = vi.fn(<T extends ArrayBufferView | null>(array: T): T => {
      if (array instanceof Uint8Array) array.forEach((_, i) => (array[i] = i * 17));
      return array;
    });
    vi.stubGlobal('crypto', { getRandomValues });
    expect(idempotencyKey()).toBe('00112233445566778899aabbccddeeff');
    expect(getRandomValues).toHaveBeenCalledOnce();
  });
});
