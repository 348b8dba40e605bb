import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../app';
import { fixtures } from '../dev-fixtures';

describe('MyToursPage', () => {
  it('marks a booking whose details are missing, linking to where they are given', () => {
    render(<App data={fixtures.myTours} />);
    const link = document.querySelector('#details-needed-b-1 a')!;
    expect(link.textContent).toBe('Details needed by Sun 13 June 2027 for The Forest Hiker on Tue 15 June 2027');
    expect(link.getAttribute('href')).toBe('/my-tours/b-1#traveller-details');
    expect(document.getElementById('details-needed-b-2')).toBeNull();
  });
});
