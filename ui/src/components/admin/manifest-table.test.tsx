import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../app';
import { fixtures } from '../../dev-fixtures';
import type { ManifestRow, TravellerAnswers } from '../../props';

const traveller = (index: number, category: string, name: string, seat = true, answers: TravellerAnswers['answers'] = []): TravellerAnswers => ({
  index,
  categoryId: category.toLowerCase(),
  category,
  name,
  phone: '',
  seat,
  answers,
});

describe('ManifestTable', () => {
  it('lists each traveller of a family under its booking, with category, seat and answers', () => {
    const data = fixtures.adminManifest;
    const first = data.props.rows[0]!;
    const family: ManifestRow = {
      ...first,
      participants: 3,
      travellers: [
        traveller(1, 'Adult', 'Ann Berg', true, [{ questionId: 'diet', label: 'Dietary needs', type: 'choice', traveller: 1, value: 'Vegan', text: 'Vegan' }]),
        traveller(2, 'Adult', 'Tom Berg'),
        traveller(3, 'Child', 'Liv Berg'),
        traveller(4, 'Infant', 'Ole Berg', false),
      ],
    };
    render(<App data={{ ...data, props: { ...data.props, rows: [family, ...data.props.rows.slice(1)], categories: '2 Adult · 1 Child · 1 Infant' } }} />);
    const rows = [...document.querySelectorAll(`#manifest-table tr[id^="traveller-${first.bookingId}-"]`)];
    expect(rows.map((r) => r.textContent)).toEqual([
      '1. Ann Berg · Adult · Dietary needs: Vegan',
      '2. Tom Berg · Adult',
      '3. Liv Berg · Child',
      '4. Ole Berg · Infant (no seat)',
    ]);
    expect(document.getElementById('manifest-categories')!.textContent).toBe('2 Adult · 1 Child · 1 Infant');
  });

  it('keeps a booking made without names on one row', () => {
    const data = fixtures.adminManifest;
    const first = data.props.rows[0]!;
    const walkIn: ManifestRow = { ...first, travellers: [traveller(1, 'Adult', first.customerName), traveller(2, 'Adult', '')] };
    render(<App data={{ ...data, props: { ...data.props, rows: [walkIn] } }} />);
    expect(document.querySelectorAll('#manifest-table tr[id^="traveller-"]')).toHaveLength(0);
  });
});
