import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../app';
import { fixtures } from '../dev-fixtures';
import { navigate } from '../lib/navigate';
import { currentAlert, flush, jsonResponse, mockFetch } from '../test/helpers';

vi.mock('../lib/navigate', () => ({ navigate: vi.fn() }));
vi.mock('./leaflet-setup', () => ({ L: null }));
vi.mock('./admin/stop-map-leaflet', () => ({ L: null }));

beforeEach(() => vi.mocked(navigate).mockReset());

describe('PromoCodeField', () => {
  it('checks the code against the booking chosen, shows what it takes off, and sends it with the checkout', async () => {
    const fetch = mockFetch(
      jsonResponse({
        status: 'success',
        data: { promo: { code: 'SPRING10', price: '$994.00', discount: '-$99.40', total: '$894.60', discountMinor: 9940, totalMinor: 89460 } },
      }),
      jsonResponse({ status: 'success', session: { url: 'https://checkout.test/s/1' } }),
    );
    const { container } = render(<App data={fixtures.tour} />);
    fireEvent.change(screen.getByLabelText('Promo code'), { target: { value: 'spring10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await flush();
    const check = new URL(String(fetch.mock.calls[0]![0]));
    expect(check.pathname).toMatch(/^\/api\/v1\/bookings\/promo\//);
    expect(check.searchParams.get('promo')).toBe('spring10');
    expect(check.searchParams.get('date')).not.toBe('');
    expect(currentAlert()?.textContent).toBe('Promo code SPRING10 applied: -$99.40');
    expect(container.querySelector('#promo-result')?.textContent).toBe('SPRING10: -$99.40 · you pay $894.60 instead of $994.00');

    fireEvent.click(container.querySelector('#book-tour') as HTMLButtonElement);
    await flush();
    expect(new URL(String(fetch.mock.calls[1]![0])).searchParams.get('promo')).toBe('spring10');
    expect(navigate).toHaveBeenCalledWith('https://checkout.test/s/1');
  });

  it('stops showing what the code takes off once the booking is changed, since it was worked out for the old one', async () => {
    mockFetch(
      jsonResponse({
        status: 'success',
        data: { promo: { code: 'SPRING10', price: '$397.00', discount: '-$39.70', total: '$357.30', discountMinor: 3970, totalMinor: 35730 } },
      }),
    );
    const { container } = render(<App data={fixtures.tour} />);
    // The live region is there before anything is applied, so what it then says is read out.
    expect(container.querySelector('#promo-status')?.getAttribute('aria-live')).toBe('polite');
    fireEvent.change(screen.getByLabelText('Promo code'), { target: { value: 'SPRING10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await flush();
    expect(container.querySelector('#promo-result')?.textContent).toBe('SPRING10: -$39.70 · you pay $357.30 instead of $397.00');
    expect(screen.getByLabelText('Promo code').getAttribute('aria-describedby')).toBe('promo-result');
    fireEvent.change(screen.getByLabelText('Participants'), { target: { value: '3' } });
    expect(container.querySelector('#promo-result'), 'a quote for one traveller, three now').toBeNull();
    expect(screen.getByLabelText('Promo code').hasAttribute('aria-describedby')).toBe(false);
  });

  it("shows the server's refusal in the page's alert", async () => {
    mockFetch(jsonResponse({ status: 'fail', message: 'The promo code WINTER expired on 31 March.' }, 409));
    const { container } = render(<App data={fixtures.tour} />);
    fireEvent.change(screen.getByLabelText('Promo code'), { target: { value: 'WINTER' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await flush();
    expect(currentAlert()?.className).toBe('alert alert--error');
    expect(currentAlert()?.textContent).toBe('The promo code WINTER expired on 31 March.');
    expect(container.querySelector('#promo-result')).toBeNull();
  });
});
