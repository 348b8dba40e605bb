import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../app';
import { fixtures } from '../dev-fixtures';
import { Ticket } from './ticket';

describe('Ticket', () => {
  it('shows the QR code and the code as text on a paid booking of /my-tours', () => {
    render(<App data={fixtures.myTours} />);
    const img = screen.getByRole('img', { name: 'QR code of your ticket for The Forest Hiker' });
    expect(img.getAttribute('src')).toBe('/my-tours/b-1/ticket.svg');
    expect(document.querySelectorAll('.ticket')).toHaveLength(1); // the pending booking has none
    expect(document.querySelector('.ticket__code')?.textContent).toBe('7KQ4-M2XD-9TWP');
    expect(document.querySelector('.ticket__checked')).toBeNull();
  });

  it('says when it was checked in', () => {
    render(<Ticket tourName="The Forest Hiker" ticket={{ code: '7KQ4-M2XD-9TWP', qrUrl: '/q.svg', checked: 'Checked in at 08:42' }} />);
    expect(document.querySelector('.ticket__checked')?.textContent).toBe('Checked in at 08:42');
  });
});
