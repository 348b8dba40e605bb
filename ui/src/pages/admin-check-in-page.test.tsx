import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../app';
import { fixtures } from '../dev-fixtures';
import type { CheckInTicket } from '../props';
import { currentAlert, flush, jsonResponse, mockFetch } from '../test/helpers';

const origin = window.location.origin;
const departure = `${origin}/api/v1/tours/t-5c88fa8c/departures/2027-06-15`;

const jo: CheckInTicket = { bookingId: 'b-7e21c0a5', code: '7KQ4-M2XD-9TWP', customerName: 'Jo <b>Bold</b> & Sons', participants: 4, checkIn: null };
const joIn: CheckInTicket = {
  ...jo,
  checkIn: { arrived: 3, noShow: false, at: '08:50', by: 'Kwame Mensah', label: '3 of 4 arrived', text: 'Already checked in at 08:50 by Kwame Mensah: 3 of 4 arrived.' },
};

function typeCode(code: string) {
  fireEvent.change(screen.getByLabelText('Ticket code'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Find' }));
}

describe('AdminCheckInPage', () => {
  it('shows the departure, the count and the travellers, names as text', () => {
    render(<App data={fixtures.adminCheckIn} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Check-in' })).toBeTruthy();
    expect(document.getElementById('check-in-count')?.textContent).toBe('2 of 6 travellers arrived');
    const items = within(document.getElementById('check-in-list')!).getAllByRole('button');
    expect(items.map((b) => b.textContent)).toEqual([
      'Laura Wilson2 participants · 2 of 2 arrived',
      'Jo <b>Bold</b> & Sons4 participants · Not checked in',
    ]);
    expect(document.querySelector('#check-in-list b')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Scan QR code' })).toBeNull(); // no camera in jsdom
  });

  it('finds a ticket by its code as typed, and records how many came', async () => {
    const fetch = mockFetch(jsonResponse({ status: 'success', data: { ticket: jo } }), jsonResponse({ status: 'success', data: { ticket: joIn } }, 201));
    render(<App data={fixtures.adminCheckIn} />);
    typeCode('7kq4 m2xd 9twp');
    await flush();
    expect(String(fetch.mock.calls[0]![0])).toBe(`${departure}/tickets/lookup`);
    expect(JSON.parse(fetch.mock.calls[0]![1]?.body as string)).toEqual({ code: '7kq4 m2xd 9twp' });
    expect(document.getElementById('ticket-name')?.textContent).toBe('Jo <b>Bold</b> & Sons');
    expect(document.getElementById('arrived-count')?.textContent).toBe('4 of 4');
    fireEvent.click(screen.getByRole('button', { name: 'One fewer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Mark 3 arrived' }));
    await flush();
    expect(String(fetch.mock.calls[1]![0])).toBe(`${departure}/check-ins`);
    expect(JSON.parse(fetch.mock.calls[1]![1]?.body as string)).toEqual({ bookingId: 'b-7e21c0a5', arrived: 3 });
    expect(currentAlert()?.textContent).toBe('Jo <b>Bold</b> & Sons: 3 of 4 arrived');
    expect(document.getElementById('ticket-checked')?.textContent).toBe('Checked in: 3 of 4 arrived.');
    expect(document.getElementById('check-in-count')?.textContent).toBe('5 of 6 travellers arrived');
    expect((screen.getByLabelText('Ticket code') as HTMLInputElement).value).toBe('');
  });

  it('says a ticket was already checked in, and undoes it', async () => {
    const fetch = mockFetch(jsonResponse({ status: 'success', data: { ticket: joIn } }), jsonResponse({ status: 'success', data: { ticket: jo } }));
    render(<App data={fixtures.adminCheckIn} />);
    typeCode('7KQ4-M2XD-9TWP');
    await flush();
    expect(document.getElementById('ticket-checked')?.textContent).toBe('Already checked in at 08:50 by Kwame Mensah: 3 of 4 arrived.');
    expect(document.getElementById('ticket-result')?.className).toContain('check-in__card--warn');
    expect(within(document.getElementById('ticket-result')!).queryByRole('button', { name: /^Mark/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Undo check-in' }));
    await flush();
    expect(fetch.mock.calls[1]![1]?.method).toBe('DELETE');
    expect(String(fetch.mock.calls[1]![0])).toBe(`${departure}/check-ins/b-7e21c0a5`);
    expect(screen.getByRole('button', { name: 'Mark 4 arrived' })).toBeTruthy();
  });

  it('shows the server’s answer for a code it refuses, in the alert and on the page', async () => {
    const message = 'This ticket is for The Sea Explorer on Thu 8 July 2027, not for this departure.';
    mockFetch(jsonResponse({ status: 'fail', message }, 409));
    render(<App data={fixtures.adminCheckIn} />);
    typeCode('AAAA-BBBB-CCCC');
    await flush();
    expect(currentAlert()?.className).toBe('alert alert--error');
    expect(currentAlert()?.textContent).toBe(message);
    expect(document.getElementById('ticket-problem')?.textContent).toBe(message);
    expect(document.getElementById('ticket-result')).toBeNull();
  });

  it('asks for a code before calling the server', () => {
    const fetch = mockFetch();
    render(<App data={fixtures.adminCheckIn} />);
    typeCode('   ');
    expect(fetch).not.toHaveBeenCalled();
    expect(document.getElementById('ticket-problem')?.textContent).toBe('Type the code printed under the ticket’s QR code.');
  });

  it('lets a traveller without their code be checked in from the list; a no-show too', async () => {
    const noShow = { ...jo, code: '', checkIn: { ...joIn.checkIn!, arrived: 0, noShow: true, label: 'No-show' } };
    const fetch = mockFetch(jsonResponse({ status: 'success', data: { ticket: noShow } }, 201));
    render(<App data={fixtures.adminCheckIn} />);
    fireEvent.click(screen.getByRole('button', { name: /^Jo <b>Bold<\/b> & Sons/ }));
    fireEvent.click(screen.getByRole('button', { name: 'No-show' }));
    await flush();
    expect(JSON.parse(fetch.mock.calls[0]![1]?.body as string)).toEqual({ bookingId: 'b-7e21c0a5', arrived: 0 });
    expect(currentAlert()?.textContent).toBe('Jo <b>Bold</b> & Sons: no-show recorded');
    expect(within(document.getElementById('check-in-list')!).getByRole('button', { name: /^Jo/ }).textContent).toContain('No-show');
  });

  it('before the departure’s day, looks tickets up but records nothing', async () => {
    mockFetch(jsonResponse({ status: 'success', data: { ticket: jo } }));
    const opens = 'Check-in opens on the day of the departure, Tue 15 June 2027 (America/Edmonton time). Until then you can look tickets up.';
    render(<App data={{ ...fixtures.adminCheckIn, props: { ...fixtures.adminCheckIn.props, opens } }} />);
    expect(document.getElementById('check-in-opens')?.textContent).toBe(opens);
    typeCode('7KQ4-M2XD-9TWP');
    await flush();
    expect(document.getElementById('ticket-name')?.textContent).toBe('Jo <b>Bold</b> & Sons');
    expect(within(document.getElementById('ticket-result')!).queryAllByRole('button')).toHaveLength(0);
  });

  it('clears the previous error as soon as a new lookup starts, and keeps it cleared when that one finds the ticket', async () => {
    const message = 'No ticket has this code. Check it, or find the traveller in the list below.';
    let answer: (r: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => (answer = resolve));
    const fetch = mockFetch(jsonResponse({ status: 'fail', message }, 404));
    render(<App data={fixtures.adminCheckIn} />);
    typeCode('AAAA-BBBB-CCCC');
    await flush();
    expect(document.getElementById('ticket-problem')?.textContent).toBe(message);
    expect(currentAlert()?.textContent).toBe(message);

    fetch.mockImplementationOnce(() => pending);
    typeCode('7KQ4-M2XD-9TWP');
    // While the good code is being looked up, the old error is already gone.
    expect(document.getElementById('ticket-problem')).toBeNull();
    expect(currentAlert()).toBeNull();
    answer(jsonResponse({ status: 'success', data: { ticket: jo } }));
    await flush();
    expect(document.getElementById('ticket-problem')).toBeNull();
    expect(document.getElementById('ticket-name')?.textContent).toBe('Jo <b>Bold</b> & Sons');
  });

  it('adds a latecomer to a booking already checked in, without undoing it', async () => {
    const joAll = { ...joIn, checkIn: { ...joIn.checkIn!, arrived: 4, label: '4 of 4 arrived' } };
    const fetch = mockFetch(jsonResponse({ status: 'success', data: { ticket: joIn } }), jsonResponse({ status: 'success', data: { ticket: joAll } }, 201));
    render(<App data={fixtures.adminCheckIn} />);
    typeCode('7KQ4-M2XD-9TWP');
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Latecomer: mark 4 of 4 arrived' }));
    await flush();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1]![1]?.method).toBe('POST');
    expect(JSON.parse(fetch.mock.calls[1]![1]?.body as string)).toEqual({ bookingId: 'b-7e21c0a5', arrived: 4 });
    expect(document.getElementById('ticket-checked')?.textContent).toBe('Checked in: 4 of 4 arrived.');
    expect(document.getElementById('check-in-count')?.textContent).toBe('6 of 6 travellers arrived');
    // Everyone is here: nobody left to add.
    expect(document.getElementById('ticket-latecomer')).toBeNull();
  });

  it('lets a no-show arrive late', async () => {
    const noShow = { ...jo, code: '', checkIn: { ...joIn.checkIn!, arrived: 0, noShow: true, label: 'No-show' } };
    mockFetch(jsonResponse({ status: 'success', data: { ticket: noShow } }, 201));
    render(<App data={fixtures.adminCheckIn} />);
    fireEvent.click(screen.getByRole('button', { name: /^Jo <b>Bold<\/b> & Sons/ }));
    fireEvent.click(screen.getByRole('button', { name: 'No-show' }));
    await flush();
    expect(screen.getByRole('button', { name: 'Arrived late: mark 1 arrived' })).toBeTruthy();
  });

  it('links a call to each traveller with a phone, in the list and on their ticket', async () => {
    mockFetch(jsonResponse({ status: 'success', data: { ticket: jo } }));
    render(<App data={fixtures.adminCheckIn} />);
    const list = within(document.getElementById('check-in-list')!);
    expect(list.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Call Jo <b>Bold</b> & Sons', 'tel:+351912345678'],
    ]);
    typeCode('7KQ4-M2XD-9TWP');
    await flush();
    expect(document.getElementById('ticket-call')?.getAttribute('href')).toBe('tel:+351912345678');
    expect(document.getElementById('ticket-call')?.textContent).toBe('Call +351 912 345 678');
  });
});
