import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../app';
import { familyBooking as family, fixtures } from '../dev-fixtures';
import type { MyBooking } from '../props';
import { currentAlert, flush, jsonResponse, mockFetch } from '../test/helpers';

const origin = window.location.origin;

function page(booking: MyBooking) {
  return { ...fixtures.myBooking, props: { ...fixtures.myBooking.props, booking } };
}

describe('BookingDetails', () => {
  it('shows the categories, extras, travellers, answers and what is missing', () => {
    render(<App data={page(family)} />);
    expect(document.getElementById('booking-units')!.textContent).toBe('2 × Adult ($397.00), 1 × Infant ($0.00)');
    expect(document.getElementById('booking-extras')!.textContent).toBe('2 × Wetsuit ($15.00)');
    expect(document.getElementById('traveller-1')!.textContent).toBe('Ann Berg (Adult)Dietary needsNone');
    expect(document.getElementById('traveller-3')!.textContent).toBe('Traveller 3 (Infant) · no seat');
    expect([...document.querySelectorAll('#details-missing li')].map((li) => li.textContent)).toEqual(family.details.missing);
    expect(screen.getByText(/Please give these by Sun 13 June 2027/)).toBeTruthy();
    // The form: every name, the booking's question once, the adults' question per adult only.
    expect((document.getElementById('traveller-3-name') as HTMLInputElement).value).toBe('');
    expect((document.getElementById('answer-gear-0-0') as HTMLInputElement).checked).toBe(true);
    expect(document.getElementById('answer-diet-1')).not.toBeNull();
    expect(document.getElementById('answer-diet-3'), 'not asked of infants').toBeNull();
  });

  it('sends the names and answers, says Updating..., and shows what the server kept', async () => {
    const saved: MyBooking = {
      ...family,
      details: {
        ...family.details,
        travellers: family.details.travellers.map((t) => (t.index === 3 ? { ...t, name: 'Ole Berg' } : t)),
        answers: [...family.details.answers, { questionId: 'diet', label: 'Dietary needs', type: 'choice', traveller: 2, value: 'Vegan', text: 'Vegan' }],
        missing: [],
      },
    };
    const fetch = mockFetch(jsonResponse({ status: 'success', data: { booking: saved } }));
    render(<App data={page(family)} />);
    fireEvent.change(document.getElementById('traveller-3-name')!, { target: { value: 'Ole Berg' } });
    fireEvent.change(document.getElementById('answer-diet-2')!, { target: { value: 'Vegan' } });
    fireEvent.click(document.getElementById('answer-gear-0-1')!); // untick Poles
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(screen.getByRole('button', { name: 'Updating...' })).toBeTruthy();
    await flush();
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe(`${origin}/api/v1/my-bookings/b-1/details`);
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(init?.body as string)).toEqual({
      travellers: [
        { category: 'adult', name: 'Ann Berg', phone: '' },
        { category: 'adult', name: 'Tom Berg', phone: '' },
        { category: 'infant', name: 'Ole Berg', phone: '' },
      ],
      answers: [
        { question: 'diet', traveller: 1, value: 'None' },
        { question: 'gear', traveller: 0, value: 'Boots' },
        { question: 'diet', traveller: 2, value: 'Vegan' },
      ],
    });
    expect(currentAlert()!.textContent).toBe('Your travellers and answers are saved.');
    expect(document.getElementById('details-missing')).toBeNull();
    expect(document.getElementById('traveller-3')!.textContent).toContain('Ole Berg (Infant)');
    expect(screen.getByRole('button', { name: 'Save details' })).toBeTruthy();
  });

  it('shows the server message naming the question and keeps what was typed', async () => {
    const message = 'Dietary needs (traveller 2, Adult): please answer this question.';
    mockFetch(jsonResponse({ status: 'fail', message }, 400));
    render(<App data={page(family)} />);
    fireEvent.change(document.getElementById('traveller-3-name')!, { target: { value: 'Ole' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    await flush();
    expect(currentAlert()!.textContent).toBe(message);
    expect(currentAlert()!.className).toContain('alert--error');
    expect((document.getElementById('traveller-3-name') as HTMLInputElement).value).toBe('Ole');
  });

  it('offers no form after the cut-off', () => {
    render(<App data={page({ ...family, details: { ...family.details, editable: false, editUrl: '' } })} />);
    expect(document.getElementById('details-form')).toBeNull();
    expect(document.getElementById('details-closed')!.textContent).toBe(
      'Answers can no longer be changed: the cut-off was Sun 13 June 2027, 09:00 MDT (America/Edmonton). Please contact us if something is wrong.',
    );
  });
});
