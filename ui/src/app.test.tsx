import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from './app';
import { fixtures, tourSignedOut } from './dev-fixtures';
import { navigate } from './lib/navigate';
import { currentAlert, deferred, flush, jsonResponse, mockFetch } from './test/helpers';

vi.mock('./lib/navigate', () => ({ navigate: vi.fn() }));
// The map has its own tests; here Leaflet stays out of the way.
vi.mock('./components/leaflet-setup', () => ({ L: null }));
vi.mock('./components/admin/stop-map-leaflet', () => ({ L: null }));

beforeEach(() => vi.mocked(navigate).mockReset());

describe('App', () => {
  it('shows every departure with its local start time, and pictures in every width stored', () => {
    const { container } = render(<App data={tourSignedOut} />);
    const departures = [...container.querySelectorAll('.departures__list > li')].map((li) => li.textContent);
    expect(departures).toEqual([
      'Sun 25 April 2027Starts 09:00 MDT (America/Edmonton)Full',
      'Tue 15 June 2027Starts 08:30 MDT (America/Edmonton)Meeting point: Banff visitor centre7 seats left',
      'Wed 6 October 2027Starts 09:00 MDT (America/Edmonton)25 seats left',
    ]);
    const hero = container.querySelector('.tour-hero__img') as HTMLImageElement;
    expect(hero.getAttribute('srcset')).toContain('0a1b2c3d4e5f60718293a4b5c6d7e8f9-480.jpg 480w');
    expect(hero.getAttribute('sizes')).toBe('(min-width: 1240px) 1200px, 100vw');
    const pictures = [...container.querySelectorAll('.pictures__img')];
    // Imported pictures are one file: no srcset; an uploaded (or sample) one lists its widths.
    expect(pictures.map((img) => img.getAttribute('srcset'))).toEqual([
      null,
      null,
      expect.stringContaining('aa1b2c3d4e5f60718293a4b5c6d7e8f9.jpg 1600w'),
    ]);
  });

  it('renders the overview with a card per tour', () => {
    render(<App data={fixtures.overview} />);
    expect(screen.getByRole('heading', { level: 1, name: 'All tours' })).toBeTruthy();
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(3);
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { name: 'The Forest Hiker' })).toBeTruthy();
    expect(first.getByText('Easy 5-day tour')).toBeTruthy();
    expect(first.getByText('Banff, CAN')).toBeTruthy();
    expect(first.getByText('June 2027')).toBeTruthy();
    expect(first.getByText('3 stops')).toBeTruthy();
    expect(first.getByText('25 people')).toBeTruthy();
    expect(first.getByText('$397')).toBeTruthy();
    expect(first.getByRole('link', { name: /Details/ }).getAttribute('href')).toBe('/tour/the-forest-hiker');
    expect(within(cards[2]!).getByText('No upcoming dates')).toBeTruthy();
  });

  it('shows Log in and Sign up when signed out', () => {
    render(<App data={fixtures.overview} />);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it('shows My bookings, Log out and the user when signed in', () => {
    render(<App data={fixtures.myTours} />);
    expect(screen.getByRole('link', { name: 'My bookings' }).getAttribute('href')).toBe('/my-tours');
    expect(screen.getByRole('button', { name: 'Log out' }).className).toContain('nav__el--logout');
    const me = screen.getByRole('link', { name: /Laura/ });
    expect(me.getAttribute('href')).toBe('/me');
    expect(within(me).getByAltText('Laura Wilson').getAttribute('src')).toBe('/img/users/user-2.jpg');
    expect(me.textContent).toBe('Laura');
  });

  it('logs out from the header button, then goes home after 1500 ms', async () => {
    // The page clock: the redirect must not fire later, inside another test.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      mockFetch(jsonResponse({ status: 'success' }));
      render(<App data={fixtures.myTours} />);
      fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
      await flush();
      expect(currentAlert()?.textContent).toBe('Logged out successfully');
      vi.advanceTimersByTime(1499);
      expect(navigate).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(navigate).toHaveBeenCalledWith('/');
    } finally {
      vi.runOnlyPendingTimers();
      vi.useRealTimers();
    }
  });

  it('renders the tour page with facts, guides, map data and the booking form', () => {
    const { container } = render(<App data={fixtures.tour} />);
    expect(screen.getByRole('heading', { level: 1, name: 'The Forest Hiker' })).toBeTruthy();
    expect(screen.getByAltText('Miyah Myles')).toBeTruthy();
    const map = container.querySelector('section.section-map > #map') as HTMLElement;
    expect(map.getAttribute('role')).toBe('region');
    expect(map.getAttribute('aria-label')).toBe("Map of the tour's locations");
    expect(JSON.parse(map.dataset.locations!)).toEqual(fixtures.tour.props.tour.locations);
    // The stops are readable as text too, in order, without JavaScript or a map.
    const stops = [...container.querySelectorAll('.itinerary__stop')].map((li) => li.textContent);
    expect(stops).toEqual(fixtures.tour.props.tour.locations.map((l) => `Day ${l.day} ${l.description}`));

    const select = container.querySelector('select#start-date') as HTMLSelectElement;
    expect(select.value).toBe('2027-06-15');
    expect(select.options[0]!.disabled).toBe(true);
    expect(select.options[1]!.textContent).toBe('Tue 15 June 2027, 08:30 MDT (America/Edmonton) (7 seats left)');
    expect(select.options[1]!.textContent).toContain('7 seats left');
    const participants = container.querySelector('input#participants') as HTMLInputElement;
    expect(participants.min).toBe('1');
    expect(participants.max).toBe('7');
    fireEvent.change(select, { target: { value: '2027-10-06' } });
    expect(participants.max).toBe('25');

    const button = container.querySelector('button#book-tour') as HTMLButtonElement;
    expect(button.dataset.tourId).toBe('t-5c88fa8c');
    expect(button.textContent).toBe('Book tour now!');
  });

  it('has no map section when the tour has no locations', () => {
    const data = { ...fixtures.tour, props: { ...fixtures.tour.props, tour: { ...fixtures.tour.props.tour, locations: [] } } };
    const { container } = render(<App data={data} />);
    expect(container.querySelector('.section-map')).toBeNull();
    expect(container.querySelector('#map')).toBeNull();
    expect(container.querySelector('.itinerary')).toBeNull();
  });

  it('asks a signed-out visitor to log in to book', () => {
    const { container } = render(<App data={tourSignedOut} />);
    expect(screen.getByRole('link', { name: 'Log in to book tour' }).getAttribute('href')).toBe('/login');
    expect(container.querySelector('#book-tour')).toBeNull();
  });

  it('shows "Fully booked" and no button when no date is bookable', () => {
    const tour = fixtures.tour.props.tour;
    const data = {
      ...fixtures.tour,
      props: { ...fixtures.tour.props, tour: { ...tour, startDates: tour.startDates.map((d) => ({ ...d, bookable: false })) } },
    };
    const { container } = render(<App data={data} />);
    expect(screen.getByText('Fully booked')).toBeTruthy();
    expect(container.querySelector('#book-tour')).toBeNull();
  });

  it('books: "Processing..." then goes to session.url', async () => {
    const fetch = mockFetch(jsonResponse({ status: 'success', session: { url: 'https://pay.example/s' } }));
    const { container } = render(<App data={fixtures.tour} />);
    fireEvent.change(container.querySelector('#participants')!, { target: { value: '3' } });
    const button = container.querySelector('#book-tour') as HTMLButtonElement;
    fireEvent.click(button);
    expect(button.textContent).toBe('Processing...');
    await flush();
    expect(String(fetch.mock.calls[0]![0])).toContain(
      '/api/v1/bookings/checkout-session/t-5c88fa8c?date=2027-06-15&participants=3',
    );
    expect(navigate).toHaveBeenCalledWith('https://pay.example/s');
    expect(button.textContent).toBe('Processing...');
  });

  it('restores the book button text after a failed booking', async () => {
    mockFetch(jsonResponse({ status: 'fail', message: 'This date is fully booked' }, 409));
    const { container } = render(<App data={fixtures.tour} />);
    const button = container.querySelector('#book-tour') as HTMLButtonElement;
    fireEvent.click(button);
    expect(button.textContent).toBe('Processing...');
    await flush();
    expect(button.textContent).toBe('Book tour now!');
    expect(currentAlert()?.textContent).toBe('This date is fully booked');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('renders the login form', () => {
    const { container } = render(<App data={fixtures.login} />);
    const form = container.querySelector('form.form--login')!;
    expect(form.querySelector('#email')).toBeTruthy();
    expect(form.querySelector('#password')).toBeTruthy();
    expect(form.querySelector('[type=submit]')).toBeTruthy();
  });

  it('logs in from the form', async () => {
    const fetch = mockFetch(jsonResponse({ status: 'success' }));
    const { container } = render(<App data={fixtures.login} />);
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'laura@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'pass1234' } });
    fireEvent.submit(container.querySelector('form.form--login')!);
    await flush();
    expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string)).toEqual({
      email: 'laura@example.com',
      password: 'pass1234',
    });
    expect(currentAlert()?.textContent).toBe('Login successful');
  });

  it('renders the signup form', () => {
    const { container } = render(<App data={fixtures.signup} />);
    const form = container.querySelector('form.form--signup')!;
    for (const id of ['name', 'email', 'password', 'passwordConfirm']) {
      expect(form.querySelector(`#${id}`)).toBeTruthy();
    }
  });

  it('renders the account forms, prefilled', () => {
    const { container } = render(<App data={fixtures.account} />);
    const data = container.querySelector('form.form-user-data')!;
    expect((data.querySelector('#name') as HTMLInputElement).value).toBe('Laura Wilson');
    expect((data.querySelector('#email') as HTMLInputElement).value).toBe('laura@example.com');
    const photo = data.querySelector('input#photo') as HTMLInputElement;
    expect(photo.type).toBe('file');
    expect(photo.name).toBe('photo');
    expect(photo.accept).toBe('image/jpeg,image/png,image/webp');
    expect(within(data as HTMLElement).getByRole('button').textContent).toBe('Save settings');
    const pw = container.querySelector('form.form-user-password')!;
    for (const id of ['password-current', 'password', 'password-confirm']) {
      expect(pw.querySelector(`#${id}`)).toBeTruthy();
    }
    expect(pw.querySelector('.btn--save-password')!.textContent).toBe('Save password');
  });

  it('shows the saved user in the header and form after a data update, without a reload', async () => {
    const saved = { ...fixtures.account.user!, name: 'Maria Lopez', email: 'maria@example.com', photo: '/img/users/u-new.jpg' };
    const fetch = mockFetch(jsonResponse({ status: 'success', data: { user: saved } }));
    const { container } = render(<App data={fixtures.account} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Maria Lopez' } });
    const file = new File(['x'], 'me.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Choose new photo'), { target: { files: [file] } });
    fireEvent.submit(container.querySelector('form.form-user-data')!);
    await flush();

    const body = fetch.mock.calls[0]![1]!.body as FormData;
    expect(body.get('name')).toBe('Maria Lopez');
    expect(body.get('email')).toBe('laura@example.com');
    expect(body.get('photo')).toBe(file);
    expect(currentAlert()?.textContent).toBe('DATA updated successfully');
    const me = screen.getByRole('link', { name: /Maria/ });
    expect(me.textContent).toBe('Maria');
    expect(within(me).getByAltText('Maria Lopez').getAttribute('src')).toBe('/img/users/u-new.jpg');
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('maria@example.com');
    expect(screen.getByAltText('Current photo of Maria Lopez').getAttribute('src')).toBe('/img/users/u-new.jpg');
  });

  it('asks for the current password only when the email changes, and sends it then', async () => {
    const saved = { ...fixtures.account.user!, email: 'laura.w@example.com' };
    const fetch = mockFetch(jsonResponse({ status: 'success', data: { user: saved } }));
    const { container } = render(<App data={fixtures.account} />);
    const form = container.querySelector('form.form-user-data')!;
    expect(form.querySelector('#email-password-current')).toBeNull();
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'LAURA@example.com ' } });
    expect(form.querySelector('#email-password-current')).toBeNull();
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'laura.w@example.com' } });
    const pw = screen.getByLabelText('Current password, to change your email') as HTMLInputElement;
    expect(pw.type).toBe('password');
    expect(pw.name).toBe('passwordCurrent');
    expect(pw.required).toBe(true);
    fireEvent.change(pw, { target: { value: 'test1234' } });
    fireEvent.submit(form);
    await flush();
    const body = fetch.mock.calls[0]![1]!.body as FormData;
    expect(body.get('email')).toBe('laura.w@example.com');
    expect(body.get('passwordCurrent')).toBe('test1234');
    expect(currentAlert()?.textContent).toBe('DATA updated successfully');
    // Saved: the email is the account's again, and the field goes.
    expect(form.querySelector('#email-password-current')).toBeNull();
  });

  it('does not send a photo when none was chosen', async () => {
    const fetch = mockFetch(jsonResponse({ status: 'success', data: { user: fixtures.account.user } }));
    const { container } = render(<App data={fixtures.account} />);
    fireEvent.submit(container.querySelector('form.form-user-data')!);
    await flush();
    expect((fetch.mock.calls[0]![1]!.body as FormData).has('photo')).toBe(false);
    expect((fetch.mock.calls[0]![1]!.body as FormData).has('passwordCurrent')).toBe(false);
  });

  it("password form: 'Updating...' during the call, then 'Save password' and empty fields", async () => {
    const pending = deferred<Response>();
    const fetch = vi.fn<typeof globalThis.fetch>().mockReturnValue(pending.promise);
    vi.stubGlobal('fetch', fetch);
    const { container } = render(<App data={fixtures.account} />);
    const form = container.querySelector('form.form-user-password')!;
    const fields = ['#password-current', '#password', '#password-confirm'].map(
      (s) => form.querySelector(s) as HTMLInputElement,
    );
    fireEvent.change(fields[0]!, { target: { value: 'old12345' } });
    fireEvent.change(fields[1]!, { target: { value: 'new12345' } });
    fireEvent.change(fields[2]!, { target: { value: 'new12345' } });
    const button = form.querySelector('.btn--save-password')!;

    fireEvent.submit(form);
    expect(button.textContent).toBe('Updating...');
    expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string)).toEqual({
      passwordCurrent: 'old12345',
      password: 'new12345',
      passwordConfirm: 'new12345',
    });
    expect(fields.map((f) => f.value)).toEqual(['old12345', 'new12345', 'new12345']);

    pending.resolve(jsonResponse({ status: 'success' }));
    await flush();
    expect(button.textContent).toBe('Save password');
    expect(fields.map((f) => f.value)).toEqual(['', '', '']);
    expect(currentAlert()?.textContent).toBe('PASSWORD updated successfully');
  });

  it('renders my bookings', () => {
    render(<App data={fixtures.myTours} />);
    expect(screen.getByRole('heading', { level: 1, name: 'My bookings' })).toBeTruthy();
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('$794.00')).toBeTruthy();
    expect(within(cards[0]!).getByText('Paid')).toBeTruthy();
    expect(within(cards[0]!).getByText('2 people')).toBeTruthy();
    expect(within(cards[0]!).getByRole('link', { name: /^View tour/ }).getAttribute('href')).toBe('/tour/the-forest-hiker');
    // A booking of a tour no longer on sale: its own page, but no link to the tour's.
    expect(within(cards[1]!).getByRole('link', { name: /^View booking/ }).getAttribute('href')).toBe('/my-tours/b-2');
    expect(within(cards[1]!).queryByRole('link', { name: /^View tour/ })).toBeNull();
  });

  it('renders an empty state with a link home when there are no bookings', () => {
    render(<App data={{ ...fixtures.myTours, props: { bookings: [], waitlist: [], termsVersion: 0 } }} />);
    expect(screen.getByText('You have not booked any tours yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find your next adventure' }).getAttribute('href')).toBe('/');
  });

  it('renders the error page', () => {
    render(<App data={fixtures.error} />);
    expect(screen.getByText('404')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('There is no tour with that name.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to all tours' }).getAttribute('href')).toBe('/');
  });
});
