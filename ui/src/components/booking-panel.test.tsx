import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../app';
import { familyTourDetail, fixtures } from '../dev-fixtures';
import type { BookingForm, PageData } from '../props';
import { navigate } from '../lib/navigate';
import { currentAlert, deferred, flush, jsonResponse, mockFetch } from '../test/helpers';

vi.mock('../lib/navigate', () => ({ navigate: vi.fn() }));
vi.mock('./leaflet-setup', () => ({ L: null }));
vi.mock('./admin/stop-map-leaflet', () => ({ L: null }));

beforeEach(() => vi.mocked(navigate).mockReset());

describe('BookingPanel', () => {
  it('starts one checkout for a double click, and shows "Processing..." on a disabled button meanwhile', async () => {
    const answer = deferred<Response>();
    const fetch = vi.fn<typeof globalThis.fetch>().mockReturnValue(answer.promise);
    vi.stubGlobal('fetch', fetch);
    const { container } = render(<App data={fixtures.tour} />);
    const button = container.querySelector('#book-tour') as HTMLButtonElement;
    fireEvent.click(button);
    fireEvent.click(button);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(button.textContent).toBe('Processing...');
    expect(button.disabled).toBe(true);

    answer.resolve(jsonResponse({ status: 'fail', message: 'This date is fully booked' }, 409));
    await flush();
    expect(currentAlert()?.className).toBe('alert alert--error');
    expect(currentAlert()?.textContent).toBe('This date is fully booked');
    expect(button.textContent).toBe('Book tour now!');
    expect(button.disabled).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('asks to accept the terms with one checkbox linking them, and sends the version accepted', async () => {
    const fetch = mockFetch(
      jsonResponse({ status: 'fail', message: 'Please accept the terms of booking to book this tour: tick the box above the button.' }, 400),
      jsonResponse({ status: 'success', session: { url: 'https://checkout.test/s/1' } }),
    );
    const { container } = render(<App data={fixtures.tour} />);
    const box = screen.getByRole('checkbox', { name: 'I accept the terms of booking' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(screen.getByRole('link', { name: 'terms of booking' }).getAttribute('href')).toBe('/terms');
    const button = container.querySelector('#book-tour') as HTMLButtonElement;

    // Not ticked: the call goes without terms, and the server's refusal is the alert.
    fireEvent.click(button);
    await flush();
    expect(new URL(String(fetch.mock.calls[0]![0])).searchParams.has('terms')).toBe(false);
    expect(currentAlert()?.textContent).toBe('Please accept the terms of booking to book this tour: tick the box above the button.');
    expect(button.textContent).toBe('Book tour now!');

    fireEvent.click(box);
    fireEvent.click(button);
    expect(button.textContent).toBe('Processing...');
    await flush();
    expect(new URL(String(fetch.mock.calls[1]![0])).searchParams.get('terms')).toBe('2');
    expect(navigate).toHaveBeenCalledWith('https://checkout.test/s/1');
  });

  it('shows no checkbox and sends no terms while none are written', async () => {
    const fetch = mockFetch(jsonResponse({ status: 'success', session: { url: 'https://checkout.test/s/2' } }));
    const data = { ...fixtures.tour, props: { ...fixtures.tour.props, termsVersion: 0 } };
    const { container } = render(<App data={data} />);
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.click(container.querySelector('#book-tour') as HTMLButtonElement);
    await flush();
    expect(new URL(String(fetch.mock.calls[0]![0])).searchParams.has('terms')).toBe(false);
    expect(navigate).toHaveBeenCalledWith('https://checkout.test/s/2');
  });

  it('says what a date with a balance window charges now and what is due by when', () => {
    const props = fixtures.tour.props;
    const tour = {
      ...props.tour,
      startDates: props.tour.startDates.map((d) => ({ ...d, balanceDue: d.date === '2027-06-15' ? 'Sun 16 May 2027' : '' })),
      booking: { ...props.tour.booking, deposit: { percent: 20, amountMinor: 0 } },
    };
    const { container } = render(<App data={{ ...fixtures.tour, props: { ...props, tour } }} />);
    fireEvent.change(screen.getByLabelText('Participants'), { target: { value: '2' } });
    expect(container.querySelector('#booking-deposit')?.textContent).toBe('Pay $158.80 now, $635.20 by Sun 16 May 2027');
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2027-10-06' } });
    expect(container.querySelector('#booking-deposit'), 'a date paid in full').toBeNull();
  });

  it('sends participants=N for a tour of one category, with its total', async () => {
    const fetch = mockFetch(jsonResponse({ status: 'success', session: { url: 'https://checkout.test/s/3' } }));
    const { container } = render(<App data={fixtures.tour} />);
    expect(screen.getByLabelText('Participants').id).toBe('participants');
    expect(container.querySelector('#tour-prices')?.textContent).toBe('$397');
    fireEvent.change(screen.getByLabelText('Participants'), { target: { value: '3' } });
    expect(container.querySelector('#booking-total')?.textContent).toBe('Total $1,191.00');
    fireEvent.click(container.querySelector('#book-tour') as HTMLButtonElement);
    await flush();
    const url = new URL(String(fetch.mock.calls[0]![0]));
    expect(url.searchParams.get('participants')).toBe('3');
    expect(url.searchParams.has('units')).toBe(false);
    expect(url.searchParams.has('details')).toBe(false);
    expect(url.searchParams.has('giftCard')).toBe(false);
  });

  it('sends a gift card code as typed, and shows the server\'s refusal of it', async () => {
    const typo = 'That gift card code has a typo: please check it against the card.';
    const fetch = mockFetch(jsonResponse({ status: 'fail', message: typo }, 400));
    const { container } = render(<App data={fixtures.tour} />);
    fireEvent.change(screen.getByLabelText('Gift card (optional)'), { target: { value: ' 7kq4-m2xw-9d3f-ht6r ' } });
    fireEvent.click(container.querySelector('#book-tour') as HTMLButtonElement);
    await flush();
    expect(new URL(String(fetch.mock.calls[0]![0])).searchParams.get('giftCard')).toBe('7kq4-m2xw-9d3f-ht6r');
    expect(currentAlert()?.textContent).toBe(typo);
  });
});

/** The tour page of the family tour, its form changed by `change`. */
function family(change: (form: BookingForm) => BookingForm = (f) => f): PageData<'tour'> {
  const tour = { ...familyTourDetail, booking: change(familyTourDetail.booking) };
  return { ...fixtures.tour, props: { ...fixtures.tour.props, tour } };
}

function setValue(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** Types into the text field of that accessible name (a required mark is not part of it). */
function setText(name: string, value: string) {
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
}

describe('BookingPanel of a tour with price categories', () => {
  it('shows each price per person before anything is chosen, a count per category and a running total', () => {
    const { container } = render(<App data={family()} />);
    expect(container.querySelector('#tour-prices')?.textContent).toBe('Adult: from €99Child (Ages 4–11): €49Infant (Ages 0–3): Free');
    expect(container.querySelector('#participants')).toBeNull();
    const adults = screen.getByLabelText('Adult') as HTMLInputElement;
    expect(adults.id).toBe('units-adult');
    expect(adults.value).toBe('1');
    expect((screen.getByLabelText('Child (Ages 4–11)') as HTMLInputElement).value).toBe('0');
    expect(screen.getByLabelText('Infant (Ages 0–3)').getAttribute('max')).toBe('2');
    expect(screen.getByText('Free, no seat')).toBeTruthy();
    const total = () => container.querySelector('#booking-total')?.textContent;
    expect(total()).toBe('Total €99.00');

    setValue('Adult', '2');
    setValue('Child (Ages 4–11)', '1');
    setValue('Infant (Ages 0–3)', '1');
    expect(total()).toBe('Total €247.00');
    setValue('Wetsuit (€15 per traveller)', '2');
    expect(total()).toBe('Total €277.00');
    // The October date has its own adult price.
    fireEvent.change(container.querySelector('#start-date')!, { target: { value: '2027-10-06' } });
    expect(total()).toBe('Total €337.00');
    expect(screen.getByText('€129.00 each')).toBeTruthy();
  });

  it('notes at once what the counts break, and still leaves the decision to the server', async () => {
    const fetch = mockFetch(jsonResponse({ status: 'fail', message: 'A child travels only with an adult.' }, 400));
    const { container } = render(<App data={family()} />);
    setValue('Adult', '0');
    setValue('Child (Ages 4–11)', '1');
    expect(container.querySelector('.booking__problem')?.textContent).toBe(' Child travels only with Adult.');
    setValue('Adult', '1');
    setValue('Infant (Ages 0–3)', '3');
    expect(container.querySelector('.booking__problem')?.textContent).toBe(' At most 2 Infant per booking.');
    fireEvent.click(container.querySelector('#book-tour') as HTMLButtonElement);
    await flush();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(currentAlert()?.textContent).toBe('A child travels only with an adult.');
  });

  it('asks every traveller\'s name and their questions, and sends units, extras and details', async () => {
    const fetch = mockFetch(jsonResponse({ status: 'success', session: { url: 'https://checkout.test/s/4' } }));
    const { container } = render(<App data={family()} />);
    setValue('Adult', '2');
    setValue('Child (Ages 4–11)', '1');
    setValue('Infant (Ages 0–3)', '1');
    setValue('Wetsuit (€15 per traveller)', '2');
    const groups = screen.getAllByRole('group', { name: /^Traveller \d/ });
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['Traveller 1 (Adult)', 'Traveller 2 (Adult)', 'Traveller 3 (Child)', 'Traveller 4 (Infant)']);
    // Each group's name field is labelled the same, with the required mark.
    expect(groups.map((g) => g.querySelector('label')!.textContent)).toEqual([
      'Traveller 1 (Adult) *',
      'Traveller 2 (Adult) *',
      'Traveller 3 (Child) *',
      'Traveller 4 (Infant) *',
    ]);
    const names = ['Ann Family', 'Bob Family', 'Cleo Family', 'Dan Family'];
    names.forEach((n, i) => setText(`Traveller ${i + 1} (${['Adult', 'Adult', 'Child', 'Infant'][i]})`, n));
    const diets = screen.getAllByLabelText(/^Dietary needs/) as HTMLSelectElement[];
    expect(diets.map((d) => d.id)).toEqual(['answer-diet-1', 'answer-diet-2', 'answer-diet-3', 'answer-diet-4']);
    expect([...diets[0]!.options].map((o) => o.textContent)).toEqual(['Choose…', 'None', 'Vegetarian', 'Vegan', 'Gluten-free']);
    expect(diets[0]!.getAttribute('aria-required')).toBe('true');
    ['None', 'Vegan', 'None', 'Gluten-free'].forEach((v, i) => fireEvent.change(diets[i]!, { target: { value: v } }));
    const hotel = screen.getByLabelText('Pick-up hotel');
    expect(hotel.getAttribute('aria-required')).toBeNull();
    expect(hotel.getAttribute('aria-describedby')).toBe('answer-hotel-0-help');
    expect(screen.getByText('Where we collect you, if not at the harbour')).toBeTruthy();
    fireEvent.change(hotel, { target: { value: 'Harbour Inn' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms of booking' }));

    fireEvent.click(container.querySelector('#book-tour') as HTMLButtonElement);
    await flush();
    // The details are personal data: they go in a POST's body, never the address.
    const [address, init] = fetch.mock.calls[0]!;
    expect(String(address)).toBe(`${window.location.origin}/api/v1/bookings/checkout-session/t-5c88fa8f`);
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    const body = JSON.parse(String(init!.body)) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['date', 'details', 'extras', 'terms', 'units']);
    expect(body).toMatchObject({ date: '2027-06-15', units: 'adult:2,child:1,infant:1', extras: 'wetsuit:2', terms: 2 });
    expect(body.details).toEqual({
      travellers: [
        { category: 'adult', name: 'Ann Family', phone: '' },
        { category: 'adult', name: 'Bob Family', phone: '' },
        { category: 'child', name: 'Cleo Family', phone: '' },
        { category: 'infant', name: 'Dan Family', phone: '' },
      ],
      answers: [
        { question: 'diet', traveller: 1, value: 'None' },
        { question: 'diet', traveller: 2, value: 'Vegan' },
        { question: 'diet', traveller: 3, value: 'None' },
        { question: 'diet', traveller: 4, value: 'Gluten-free' },
        { question: 'hotel', traveller: 0, value: 'Harbour Inn' },
      ],
    });
    expect(navigate).toHaveBeenCalledWith('https://checkout.test/s/4');
  });

  it('keeps what was typed for each traveller when another joins', () => {
    render(<App data={family()} />);
    setText('Traveller 1 (Adult)', 'Ann Family');
    setValue('Infant (Ages 0–3)', '1');
    setValue('Child (Ages 4–11)', '1');
    expect((screen.getByRole('textbox', { name: 'Traveller 1 (Adult)' }) as HTMLInputElement).value).toBe('Ann Family');
    expect((screen.getByRole('textbox', { name: 'Traveller 3 (Infant)' }) as HTMLInputElement).value).toBe('');
  });

  it("asks only the lead traveller's name and phone when the tour asks the lead's", async () => {
    const fetch = mockFetch(jsonResponse({ status: 'success', session: { url: 'https://checkout.test/s/5' } }));
    const { container } = render(<App data={family((f) => ({ ...f, travellers: 'lead', questions: [] }))} />);
    setValue('Adult', '2');
    expect(screen.getByRole('group', { name: 'Lead traveller (Adult)' })).toBeTruthy();
    expect(container.querySelectorAll('[id$="-name"]')).toHaveLength(1);
    setValue('Name *', 'Ann Lead');
    setValue('Phone *', '+44 20 7946 0000');
    expect(screen.getByRole('textbox', { name: 'Phone' }).getAttribute('type')).toBe('tel');
    fireEvent.click(container.querySelector('#book-tour') as HTMLButtonElement);
    await flush();
    const [address, init] = fetch.mock.calls[0]!;
    expect(String(address)).not.toContain('Ann');
    expect(init).toMatchObject({ method: 'POST' });
    expect((JSON.parse(String(init!.body)) as { details: unknown }).details).toEqual({
      travellers: [
        { category: 'adult', name: 'Ann Lead', phone: '+44 20 7946 0000' },
        { category: 'adult', name: '', phone: '' },
      ],
      answers: [],
    });
  });

  it('asks nobody\'s name when the tour asks none, but still each traveller\'s questions, of the categories named', () => {
    const { container } = render(
      <App data={family((f) => ({ ...f, travellers: '', questions: [{ ...f.questions[0]!, categories: ['child', 'infant'] }] }))} />,
    );
    setValue('Child (Ages 4–11)', '1');
    expect(container.querySelectorAll('[id$="-name"]')).toHaveLength(0);
    expect(screen.getAllByRole('group', { name: /^Traveller/ }).map((g) => g.textContent?.split('Dietary')[0])).toEqual(['Traveller 2 (Child)']);
  });

  it('gives every type of question its control', () => {
    const q = (id: string, type: BookingForm['questions'][number]['type'], options?: string[]) => ({
      id,
      label: id,
      type,
      options,
      required: false,
      perTraveller: false,
    });
    render(
      <App
        data={family((f) => ({
          ...f,
          questions: [
            q('text', 'text'),
            q('longtext', 'longtext'),
            q('choice', 'choice', ['A', 'B']),
            q('choices', 'choices', ['Kayak', 'Bike', 'Boat']),
            q('yesno', 'yesno'),
            q('date', 'date'),
            q('number', 'number'),
            q('phone', 'phone'),
          ],
        }))}
      />,
    );
    expect(screen.getByLabelText('text').getAttribute('type')).toBe('text');
    expect(screen.getByLabelText('longtext').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('choice').tagName).toBe('SELECT');
    expect(screen.getByLabelText('date').getAttribute('type')).toBe('date');
    expect(screen.getByLabelText('number').getAttribute('inputmode')).toBe('decimal');
    expect(screen.getByLabelText('phone').getAttribute('type')).toBe('tel');
    const choices = screen.getByRole('group', { name: 'choices' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Boat' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Kayak' }));
    expect(choices.querySelectorAll('input:checked')).toHaveLength(2);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Boat' }));
    expect(choices.querySelectorAll('input:checked')).toHaveLength(1);
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect((screen.getByRole('radio', { name: 'No' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Yes' }) as HTMLInputElement).checked).toBe(false);
  });
});
