// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { familyTourDetail } from '../dev-fixtures';
import type { BookingForm } from '../props';
import { countsProblem, detailsOf, extrasParam, quantity, totalMinor, travellersOf, unitsParam } from './booking-order';

const form: BookingForm = {
  ...familyTourDetail.booking,
  categories: [
    ...familyTourDetail.booking.categories,
    { id: 'senior', name: 'Senior', price: '€79', ages: 'Ages 65+', takesSeat: true, min: 2, max: 0, onlyWith: '' },
  ],
};
const june = { ...familyTourDetail.startDates[0]!, prices: [9900, 4900, 0, 7900] };

describe('booking order', () => {
  it('reads typed counts as whole travellers, nothing below one', () => {
    expect(['3', ' 2', '', '-1', 'x', '2.7', undefined].map((t) => quantity(t))).toEqual([3, 2, 0, 0, 0, 2, 0]);
  });

  it('lists the travellers in the tour\'s category order and adds the total in minor units', () => {
    const counts = { infant: '1', adult: '2', child: '1' };
    expect(travellersOf(form, counts).map((s) => s.key)).toEqual(['adult-1', 'adult-2', 'child-1', 'infant-1']);
    expect(totalMinor(form, june, counts, { wetsuit: '3' })).toBe(2 * 9900 + 4900 + 3 * 1500);
    expect(unitsParam(form, counts)).toBe('adult:2,child:1,infant:1');
    expect(extrasParam(form, { wetsuit: '0' })).toBe('');
  });

  it('says what the counts break, the seats counting only those who take one', () => {
    expect(countsProblem(form, {}, 10)).toBe('Choose at least one traveller.');
    expect(countsProblem(form, { senior: '1' }, 10)).toBe('At least 2 Senior per booking.');
    expect(countsProblem(form, { adult: '1', infant: '3' }, 10)).toBe('At most 2 Infant per booking.');
    expect(countsProblem(form, { child: '2' }, 10)).toBe('Child travels only with Adult.');
    expect(countsProblem(form, { adult: '2', child: '1', infant: '2' }, 3)).toBe('');
    expect(countsProblem(form, { adult: '3', child: '1' }, 3)).toBe('Only 3 seat(s) left on this date.');
  });

  it('sends no details when the tour asks none', () => {
    const none = { ...form, travellers: '' as const, questions: [] };
    expect(detailsOf(none, travellersOf(none, { adult: '1' }), {}, '', {})).toBeNull();
  });
});
