// A paid booking's receipt, as its traveller reaches it and as the PDF keeps its texts.
import { expect, type Locator, type Page } from '@playwright/test';
import { waitForHydration } from './page';

/** text as UTF-16BE bytes, as a PDF keeps a Unicode string (its title and author). */
export function utf16be(text: string): Buffer {
  const out = Buffer.alloc(text.length * 2);
  for (let i = 0; i < text.length; i++) out.writeUInt16BE(text.charCodeAt(i), i * 2);
  return out;
}

/**
 * As the signed-in traveller of `page`: opens their first booking's page from /my-tours
 * and returns its one receipt link.
 */
export async function firstBookingReceipt(page: Page): Promise<Locator> {
  await page.goto('/my-tours');
  await waitForHydration(page);
  await page.locator('.my-tours .card').first().getByRole('link', { name: /^View booking/ }).click();
  await page.waitForURL((u) => /^\/my-tours\/[^/]+$/.test(u.pathname));
  await waitForHydration(page);
  const link = page.locator('#receipts a');
  await expect(link).toHaveCount(1);
  return link;
}
