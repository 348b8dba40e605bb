// What the booking panel adds up and sends (issue #23): the travellers of the counts
// chosen per price category, the running total, the questions each one is asked, and
// the details the checkout call carries. The total is for display only: the server
// computes every amount from the tour and ignores what the page says about money.
import type { BookingForm, CategoryOption, QuestionField, StartDateOption } from '../props';

/** Typed text per id: the count of each category, the quantity of each extra. */
export type Counts = Record<string, string>;

/** What the checkout call's `details` carries (details.Given on the server). */
export interface DetailsGiven {
  travellers: { category: string; name: string; phone: string }[];
  answers: { question: string; traveller: number; value: string }[];
}

/** One traveller of the order: their category and the key their fields are kept by. */
export interface TravellerSlot {
  category: CategoryOption;
  /** "child-2": the second child, so adding an infant keeps what was typed for the others. */
  key: string;
}

/** "3" → 3; "", "-1", "x" → 0. */
export function quantity(text: string | undefined): number {
  const n = Number.parseInt(text ?? '', 10);
  return n > 0 ? n : 0;
}

/** Every traveller, in the order of the units: the tour's category order, each count times. */
export function travellersOf(form: BookingForm, counts: Counts): TravellerSlot[] {
  return form.categories.flatMap((category) =>
    Array.from({ length: quantity(counts[category.id]) }, (_, k) => ({ category, key: `${category.id}-${k + 1}` })),
  );
}

/** The order's total on `date` in minor units: each traveller at the date's price of their category, and the extras. */
export function totalMinor(form: BookingForm, date: StartDateOption, counts: Counts, extras: Counts): number {
  let total = 0;
  form.categories.forEach((c, i) => (total += quantity(counts[c.id]) * (date.prices[i] ?? 0)));
  for (const e of form.extras) total += quantity(extras[e.id]) * e.priceMinor;
  return total;
}

/** Whether a question asked per traveller is asked of a traveller of `category`. */
export function askedOf(q: QuestionField, category: string): boolean {
  return q.perTraveller && (!q.categories?.length || q.categories.includes(category));
}

/**
 * What the counts break of the tour's rules, as the server would say it, or '' when
 * nothing: a quick note beside the counts. The server decides on booking.
 */
export function countsProblem(form: BookingForm, counts: Counts, seatsLeft: number): string {
  const n = (id: string) => quantity(counts[id]);
  const named = (id: string) => form.categories.find((c) => c.id === id)?.name ?? id;
  let seats = 0;
  let travellers = 0;
  for (const c of form.categories) {
    const k = n(c.id);
    travellers += k;
    if (c.takesSeat) seats += k;
    if (k > 0 && k < c.min) return `At least ${c.min} ${c.name} per booking.`;
    if (c.max > 0 && k > c.max) return `At most ${c.max} ${c.name} per booking.`;
    if (k > 0 && c.onlyWith && n(c.onlyWith) === 0) return `${c.name} travels only with ${named(c.onlyWith)}.`;
  }
  if (travellers === 0) return 'Choose at least one traveller.';
  if (seats > seatsLeft) return `Only ${seatsLeft} seat(s) left on this date.`;
  return '';
}

/** The units of the checkout call: "adult:2,child:1" (categories with none left out). */
export function unitsParam(form: BookingForm, counts: Counts): string {
  return form.categories
    .filter((c) => quantity(counts[c.id]) > 0)
    .map((c) => `${c.id}:${quantity(counts[c.id])}`)
    .join(',');
}

/** The extras of the checkout call: "boots:2", "" for none. */
export function extrasParam(form: BookingForm, extras: Counts): string {
  return form.extras
    .filter((e) => quantity(extras[e.id]) > 0)
    .map((e) => `${e.id}:${quantity(extras[e.id])}`)
    .join(',');
}

/** The key an answer is typed under: the question, and the traveller's key for one asked per traveller. */
export function answerKey(q: QuestionField, slot?: TravellerSlot): string {
  return slot ? `${q.id}/${slot.key}` : q.id;
}

/**
 * The details the checkout call carries: one traveller per traveller in the units' order
 * (names as the tour asks), and every answer given, per traveller (1-based) or per
 * booking (0). Null when the tour asks nothing.
 */
export function detailsOf(
  form: BookingForm,
  slots: TravellerSlot[],
  names: Record<string, string>,
  phone: string,
  answers: Record<string, string>,
): DetailsGiven | null {
  if (form.travellers === '' && form.questions.length === 0) return null;
  const given: DetailsGiven = {
    travellers: slots.map((s, i) => ({
      category: s.category.id,
      name: form.travellers === 'all' || (form.travellers === 'lead' && i === 0) ? (names[s.key] ?? '').trim() : '',
      phone: form.travellers === 'lead' && i === 0 ? phone.trim() : '',
    })),
    answers: [],
  };
  const add = (q: QuestionField, traveller: number, slot?: TravellerSlot) => {
    const value = answers[answerKey(q, slot)] ?? '';
    if (value.trim() !== '') given.answers.push({ question: q.id, traveller, value });
  };
  for (const q of form.questions) {
    if (q.perTraveller) slots.forEach((s, i) => askedOf(q, s.category.id) && add(q, i + 1, s));
    else add(q, 0);
  }
  return given;
}

/**
 * What the checkout charges now of `total` for `seats` seated travellers on `date`, as
 * the server works it out (tour.Tour.Split): the deposit when the date has a balance due
 * and the tour asks one (a percentage rounded up, or an amount per seat), else the total.
 * A deposit that would be the whole total (or more) is none.
 */
export function dueNowMinor(form: BookingForm, date: StartDateOption, total: number, seats: number): number {
  const d = form.deposit;
  if (!d || date.balanceDue === '' || total <= 0) return total;
  const deposit = d.percent > 0 ? Math.ceil((total * d.percent) / 100) : d.amountMinor * Math.max(seats, 1);
  return deposit > 0 && deposit < total ? deposit : total;
}
