// Small helpers over the site's JSON API, for setting up what a test needs: a fresh
// account (so tests never share a user), and the tours as the server holds them.
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type BrowserContext } from '@playwright/test';

export const SAMPLE_PASSWORD = 'test1234';

export interface NewUser {
  name: string;
  email: string;
  password: string;
}

export interface ApiUser {
  name: string;
  email: string;
  photo: string;
}

export interface TourLocationJSON {
  type: string;
  coordinates: [number, number];
  description: string;
  day?: number;
}

export interface TourJSON {
  id: string;
  slug: string;
  name: string;
  maxGroupSize: number;
  /** Minor units, as is priceDiscount */
  price: number;
  priceDiscount: number;
  currency: string;
  locations: TourLocationJSON[];
  startDates: { date: string; seatsLeft: number }[];
}

/** A user nobody else has: a unique email per call. */
export function newUser(name = 'Erin Tester'): NewUser {
  const id = randomUUID().slice(0, 8);
  return { name, email: `e2e-${id}@example.com`, password: `pw-${id}-Secret` };
}

/**
 * Signs a new user up through POST /api/v1/users/signup. With `context.request` the
 * session cookie lands in that browser context, which is then signed in.
 */
export async function signUp(request: APIRequestContext, user: NewUser = newUser()): Promise<NewUser & { photo: string }> {
  const res = await request.post('/api/v1/users/signup', {
    data: { name: user.name, email: user.email, password: user.password, passwordConfirm: user.password },
  });
  const body = (await res.json()) as { status: string; message?: string; data?: { user?: ApiUser } };
  expect(res.status(), `signup of ${user.email}: ${body.message ?? ''}`).toBe(201);
  expect(body.status).toBe('success');
  return { ...user, photo: body.data?.user?.photo ?? '' };
}

/** A new user, signed in in `context` (its cookie jar holds the session). */
export async function signedInUser(context: BrowserContext, name?: string): Promise<NewUser & { photo: string }> {
  return signUp(context.request, newUser(name));
}

export async function listTours(request: APIRequestContext): Promise<TourJSON[]> {
  const res = await request.get('/api/v1/tours');
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { status: string; data: { tours: TourJSON[] } };
  expect(body.status).toBe('success');
  return body.data.tours;
}

export async function tourByName(request: APIRequestContext, name: string): Promise<TourJSON> {
  const tours = await listTours(request);
  const tour = tours.find((t) => t.name === name);
  if (!tour) throw new Error(`no tour named ${name} among ${tours.map((t) => t.name).join(', ')}`);
  return tour;
}

const currencySymbols: Record<string, string> = { usd: '$', eur: '€', gbp: '£' };

/** An amount in minor units as the site writes it with cents: formatMoney(99400, 'usd') is "$994.00". */
export function formatMoney(minor: number, currency: string): string {
  const cur = currency.toLowerCase();
  const symbol = currencySymbols[cur] ?? `${cur.toUpperCase()} `;
  const whole = Math.floor(minor / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${symbol}${whole}.${String(minor % 100).padStart(2, '0')}`;
}

const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A yyyy-mm-dd day as the site writes it (Go's "Mon 2 January 2006"): formatDay('2027-06-15') is "Tue 15 June 2027". */
export function formatDay(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) throw new Error(`not a yyyy-mm-dd day: ${iso}`);
  return `${WEEKDAY_NAMES[d.getUTCDay()]} ${d.getUTCDate()} ${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/**
 * Signs an existing user in through POST /api/v1/users/login; the password defaults to
 * the sample users' (laura@example.com and the others of --sample-data). With
 * `context.request` the session cookie lands in that browser context.
 */
export async function logIn(request: APIRequestContext, email: string, password: string = SAMPLE_PASSWORD): Promise<void> {
  const res = await request.post('/api/v1/users/login', { data: { email, password } });
  const body = (await res.json()) as { status: string; message?: string };
  expect(res.status(), `login of ${email}: ${body.message ?? ''}`).toBe(200);
  expect(body.status).toBe('success');
}
