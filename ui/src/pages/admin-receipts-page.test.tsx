import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../app';
import { fixtures } from '../dev-fixtures';

describe('AdminReceiptsPage', () => {
  it("lists the period's receipts and credit notes by number, each its PDF, with the totals and the CSV", () => {
    render(<App data={fixtures.adminReceipts} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Receipts, May 2027' })).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Receipts and credit notes of May 2027, by number' })).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const receipt = within(rows[0]!);
    expect(receipt.getByRole('link', { name: '2027-000042' }).getAttribute('href')).toBe('/admin/bookings/b-7e21c0a3/receipts/r-42');
    expect(receipt.getByRole('rowheader').textContent).toBe('2027-000042Receipt');
    expect(receipt.getByRole('link', { name: 'Þórdís Ægisdóttir' }).getAttribute('href')).toBe('/admin/bookings/b-7e21c0a3');
    expect(receipt.getByText('$176.44 (12.5 %)')).toBeTruthy();
    const credit = within(rows[1]!);
    expect(credit.getByText('Credit note for 2027-000042')).toBeTruthy();
    expect(credit.getByText('-$794.00')).toBeTruthy();

    const totals = within(screen.getByRole('table', { name: 'Totals of May 2027 by currency' })).getAllByRole('row');
    expect(totals[1]!.textContent).toBe('USD1$1,588.001$794.00$794.00$88.22');
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/admin/receipts.csv?month=5&year=2027');
    expect(screen.getByRole('link', { name: 'Receipts' }).getAttribute('aria-current')).toBe('page');
  });

  it('chooses the period with a GET form: a year, and a month or the whole year', () => {
    const { container } = render(<App data={fixtures.adminReceipts} />);
    const form = container.querySelector('form#receipts-filter') as HTMLFormElement;
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['get', '/admin/receipts']);
    const year = screen.getByLabelText('Year') as HTMLSelectElement;
    const month = screen.getByLabelText('Month') as HTMLSelectElement;
    expect([year.name, year.value]).toEqual(['year', '2027']);
    expect([month.name, month.value]).toEqual(['month', '5']);
    expect(within(month).getAllByRole('option').map((o) => o.textContent).slice(0, 3)).toEqual(['The whole year', 'January', 'February']);
  });

  it('says when nothing was issued in the period', () => {
    render(<App data={{ ...fixtures.adminReceipts, props: { ...fixtures.adminReceipts.props, period: '2025', documents: [], totals: [] } }} />);
    expect(screen.getByText('No receipts were issued in 2025.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
