import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { App } from '../../app';
import { adminTourGuideView, fixtures, forestHikerAdmin } from '../../dev-fixtures';
import type { AdminTour } from '../../props';
import { currentAlert, flush, jsonResponse, mockFetch } from '../../test/helpers';

vi.mock('../../lib/navigate', () => ({ navigate: vi.fn(), replaceUrl: vi.fn() }));
vi.mock('../leaflet-setup', () => ({ L: null }));

function answer(tour: Partial<AdminTour> = {}) {
  return jsonResponse({ status: 'success', data: { tour: { ...forestHikerAdmin, ...tour } } });
}

function body(fetch: ReturnType<typeof mockFetch>, i = 0): Record<string, unknown> {
  return JSON.parse(fetch.mock.calls[i]![1]!.body as string) as Record<string, unknown>;
}

function field(id: string): HTMLInputElement {
  const el = document.getElementById(id);
  if (!el) throw new Error(`no #${id}`);
  return el as HTMLInputElement;
}

function type(id: string, value: string) {
  fireEvent.change(field(id), { target: { value } });
}

describe('Prices and questions', () => {
  it('shows the saved categories, extras and questions, each field labelled', () => {
    render(<App data={fixtures.adminTour} />);
    const part = within(screen.getByRole('region', { name: 'Prices and questions' }));
    expect((part.getByLabelText('Price category 1: name') as HTMLInputElement).value).toBe('Adult');
    expect((part.getByLabelText('Price category 1: price') as HTMLInputElement).value).toBe('397.00');
    expect((part.getByLabelText('Price category 2: minimum age') as HTMLInputElement).value).toBe('6');
    expect((part.getByLabelText('Price category 2: only with') as HTMLSelectElement).value).toBe('adult');
    // An empty bound reads as none, not 0.
    expect((part.getByLabelText('Price category 1: maximum per booking') as HTMLInputElement).value).toBe('');
    expect((part.getByLabelText('Extra 1: name') as HTMLInputElement).value).toBe('Bear spray');
    expect((part.getByLabelText('Ask for') as HTMLSelectElement).value).toBe('lead');
    expect((part.getByLabelText('Question 1: question') as HTMLInputElement).value).toBe('Dietary needs');
    expect((part.getByLabelText('Question 1: asked of each traveller') as HTMLInputElement).checked).toBe(true);
    expect(document.getElementById('tour-form-state')?.textContent).toBe('');
  });

  it('adds an infant and a choice question, moves and removes rows, and saves them with the tour in one call', async () => {
    const fetch = mockFetch(answer({ version: 8 }));
    render(<App data={fixtures.adminTour} />);

    fireEvent.click(screen.getByRole('button', { name: 'Add a price category' }));
    type('category-name-3', 'Infant');
    type('category-price-3', '0');
    type('category-max-age-3', '3');
    fireEvent.click(field('category-seat-3'));
    fireEvent.change(field('category-only-with-3'), { target: { value: 'adult' } });
    // The child goes first and back again; the extra goes.
    fireEvent.click(screen.getByRole('button', { name: 'Move price category 2 up' }));
    expect(field('category-name-1').value).toBe('Child');
    fireEvent.click(screen.getByRole('button', { name: 'Move price category 1 down' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove extra 1' }));

    fireEvent.change(screen.getByLabelText('Ask for'), { target: { value: 'all' } });
    type('tour-answers-cutoff', '24');
    // A deposit: a percentage, its field shown only for that kind.
    expect(document.getElementById('tour-deposit-percent')).toBeNull();
    fireEvent.change(screen.getByLabelText('Deposit at checkout'), { target: { value: 'percent' } });
    type('tour-deposit-percent', '20');
    type('tour-deposit-days', '30');
    fireEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    type('question-label-2', 'Pick-up point');
    // Options only for a choice question.
    expect(document.getElementById('question-options-2')).toBeNull();
    fireEvent.change(field('question-type-2'), { target: { value: 'choice' } });
    type('question-options-2', 'Hotel\nHarbour');
    fireEvent.click(field('question-required-2'));
    // A question of each traveller may be asked of some categories only.
    fireEvent.click(field('question-category-1-child'));

    expect(document.getElementById('tour-form-state')?.textContent).toBe('Changes not saved yet');
    fireEvent.click(screen.getByRole('button', { name: 'Save tour' }));
    await flush();

    expect(fetch).toHaveBeenCalledOnce();
    const sent = body(fetch);
    expect(sent.version).toBe(7);
    expect(sent.priceCategories).toEqual([
      { id: 'adult', name: 'Adult', price: '397.00', minAge: '', maxAge: '', takesSeat: true, min: '', max: '', onlyWith: '' },
      { id: 'child', name: 'Child', price: '199.00', minAge: '6', maxAge: '15', takesSeat: true, min: '', max: '', onlyWith: 'adult' },
      { id: '', name: 'Infant', price: '0', minAge: '', maxAge: '3', takesSeat: false, min: '', max: '', onlyWith: 'adult' },
    ]);
    expect(sent.extras).toEqual([]);
    expect(sent.travellers).toBe('all');
    expect(sent.answersCutoffHours).toBe('24');
    expect(sent.deposit).toEqual({ kind: 'percent', percent: '20', amount: '', balanceDays: '30' });
    expect(sent.questions).toEqual([
      { id: 'q1', label: 'Dietary needs', help: 'Allergies too', type: 'text', options: [], required: false, perTraveller: true, categories: ['child'] },
      { id: '', label: 'Pick-up point', help: '', type: 'choice', options: ['Hotel', 'Harbour'], required: true, perTraveller: false, categories: [] },
    ]);
    // The details go in the same call.
    expect(sent.name).toBe('The Forest Hiker');
    expect(currentAlert()?.textContent).toBe('Tour saved');
  });

  it('shows each refused field\'s message beside it and keeps what was typed', async () => {
    const fields = {
      'priceCategories.1.name': 'Price category 2: the name is required.',
      'questions.0.options': 'Question 1: a choice question needs between 2 and 30 options, one per line.',
      priceCategories: 'At least one price category must take a seat: a departure\'s capacity counts them.',
    };
    mockFetch(jsonResponse({ status: 'fail', message: `Please correct 3 fields: ${Object.values(fields).join(' ')}`, fields }, 400));
    render(<App data={fixtures.adminTour} />);
    type('category-name-2', ' ');
    fireEvent.change(field('question-type-1'), { target: { value: 'choice' } });
    type('question-options-1', 'Only one');
    fireEvent.click(screen.getByRole('button', { name: 'Save tour' }));
    await flush();

    const name = field('category-name-2');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe(fields['priceCategories.1.name']);
    expect(document.getElementById('question-options-1-error')?.textContent).toBe(fields['questions.0.options']);
    expect(document.getElementById('categories-table-error')?.textContent).toBe(fields.priceCategories);
    expect(field('question-options-1').value).toBe('Only one');
    expect(currentAlert()?.textContent).toContain('Please correct 3 fields');
  });

  it('lets guides read them without a field to change', () => {
    render(<App data={adminTourGuideView} />);
    const part = within(screen.getByRole('region', { name: 'Prices and questions' }));
    expect((part.getByLabelText('Price category 1: name') as HTMLInputElement).disabled).toBe(true);
    expect(part.queryByRole('button', { name: 'Add a price category' })).toBeNull();
    expect(part.queryByRole('button', { name: /Remove/ })).toBeNull();
  });
});

describe('A departure\'s own prices', () => {
  it('sends the prices typed for the departure, blanks left to the category\'s price, and shows a refusal beside the field', async () => {
    const saved = forestHikerAdmin.departures.map((d) => (d.date === '2027-06-15' ? { ...d, prices: { child: 15000 } } : d));
    const refusal = { 'prices.adult': 'Own price for Adult must be a number, e.g. 1290 or 1290.50.' };
    const fetch = mockFetch(
      answer({ version: 8, departures: saved }),
      jsonResponse({ status: 'fail', message: refusal['prices.adult'], fields: refusal }, 400),
    );
    render(<App data={fixtures.adminTour} />);
    const child = screen.getByLabelText('Own price for Child on Tue 15 June 2027') as HTMLInputElement;
    // Blank, with the usual price as its placeholder.
    expect(child.value).toBe('');
    expect(child.placeholder).toBe('199.00');
    fireEvent.change(child, { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save: Tue 15 June 2027' }));
    await flush();
    expect(fetch.mock.calls[0]![0]).toContain('/api/v1/tours/t-5c88fa8c/departures/2027-06-15');
    expect(body(fetch)).toEqual({ prices: { child: '150' } });
    expect((screen.getByLabelText('Own price for Child on Tue 15 June 2027') as HTMLInputElement).value).toBe('150.00');

    const adult = screen.getByLabelText('Own price for Adult on Tue 15 June 2027') as HTMLInputElement;
    fireEvent.change(adult, { target: { value: 'cheap' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save: Tue 15 June 2027' }));
    await flush();
    expect(body(fetch, 1)).toEqual({ prices: { child: '150.00', adult: 'cheap' } });
    expect(adult.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('price-2027-06-15-adult-error')?.textContent).toBe(refusal['prices.adult']);
  });
});
