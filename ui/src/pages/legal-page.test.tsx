import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../app';
import { fixtures } from '../dev-fixtures';

describe('LegalPage', () => {
  it('shows the current version as the server rendered it, with its number and day', () => {
    const { container } = render(<App data={fixtures.legal} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of booking' })).toBeTruthy();
    expect(container.querySelector('#legal-text strong')?.textContent).toBe('Booking.');
    expect(container.querySelector('#legal-version')?.textContent).toBe('Version 2, 3 May 2027');
    expect(container.querySelector('#legal-current')).toBeNull();
  });

  it('says an older version is one, linking the current', () => {
    const data = { ...fixtures.legal, props: { ...fixtures.legal.props, version: 1, currentUrl: '/terms' } };
    render(<App data={data} />);
    expect(screen.getByRole('note').textContent).toBe('This is version 1 of our terms of booking, from 3 May 2027. Read the current version');
    expect(screen.getByRole('link', { name: 'Read the current version' }).getAttribute('href')).toBe('/terms');
  });

  it('says politely that a page is not written yet', () => {
    const data = { ...fixtures.legal, props: { kind: 'terms', title: 'Terms of booking', html: '', version: 0, savedOn: '', currentUrl: '' } };
    render(<App data={data} />);
    expect(screen.getByText('Our terms of booking are not written yet. Please check again soon, or ask us if you have a question.')).toBeTruthy();
  });
});
