import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../app';
import { fixtures } from '../dev-fixtures';
import { navigate } from '../lib/navigate';
import { currentAlert, flush, jsonResponse, mockFetch } from '../test/helpers';

vi.mock('../lib/navigate', () => ({ navigate: vi.fn() }));

beforeEach(() => vi.mocked(navigate).mockReset());

const spring = fixtures.adminPromotions.props.promotions[0]!;

describe('AdminPromotionsPage', () => {
  it('lists each code with what it takes off, its rules, uses and the discount given', () => {
    render(<App data={fixtures.adminPromotions} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Promo codes' })).toBeTruthy();
    const cells = within(screen.getByRole('rowheader', { name: 'SPRING10' }).closest('tr')!).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual([
      '10 %',
      'All tours · booked 1 March 2027 to 31 March 2027 · at most 100 uses · 1 per customer',
      '3 (+1 in checkout)',
      '$298.20',
      'On',
      'Edit',
    ]);
  });

  it('switches a code off in place', async () => {
    const fetch = mockFetch(jsonResponse({ status: 'success', data: { promotion: { ...spring.form, active: false } } }));
    render(<App data={fixtures.adminPromotions} />);
    fireEvent.click(screen.getByRole('button', { name: 'Switch off: SPRING10' }));
    await flush();
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toMatch(/\/api\/v1\/admin\/promotions\/p1\/active$/);
    expect(JSON.parse(init?.body as string)).toEqual({ active: false });
    expect(currentAlert()?.textContent).toBe('Promo code SPRING10 switched off');
    expect(screen.getByRole('button', { name: 'Switch on: SPRING10' }).textContent).toBe('Off');
  });

  it('adds a code, showing each field the server refused under it', async () => {
    const fetch = mockFetch(
      jsonResponse({ status: 'fail', message: 'Code must be letters and digits only, at most 32.', fields: { code: 'Code must be letters and digits only, at most 32.' } }, 400),
      jsonResponse({ status: 'success', data: { promotion: { ...spring.form, id: 'p9', code: 'SUMMER' } } }),
    );
    const { container } = render(<App data={fixtures.adminPromotions} />);
    const form = container.querySelector('#promo-new') as HTMLFormElement;
    fireEvent.change(within(form).getByLabelText('Code'), { target: { value: 'sum mer' } });
    fireEvent.change(within(form).getByLabelText('Percentage'), { target: { value: '15' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'The Alps' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add promo code' }));
    await flush();
    expect(JSON.parse(fetch.mock.calls[0]![1]?.body as string)).toMatchObject({ code: 'sum mer', kind: 'percent', percent: 15, tourIds: ['t1'], active: true });
    expect(container.querySelector('#promo-new-code-error')?.textContent).toBe('Code must be letters and digits only, at most 32.');
    expect(navigate).not.toHaveBeenCalled();

    fireEvent.change(within(form).getByLabelText('Code'), { target: { value: 'summer' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add promo code' }));
    await flush();
    expect(currentAlert()?.textContent).toBe('Promo code SUMMER saved');
    expect(navigate).toHaveBeenCalledWith('/admin/promotions');
  });
});
