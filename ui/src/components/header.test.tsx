import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../app';
import { fixtures, site, user } from '../dev-fixtures';
import type { Role } from '../props';

function renderAs(role: Role | null) {
  render(<App data={{ ...fixtures.overview, user: role ? { ...user, role } : null }} />);
}

describe('Header', () => {
  it.each(['admin', 'lead-guide', 'guide'] as const)('links a %s to the back office', (role) => {
    renderAs(role);
    expect(screen.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
  });

  it('shows no Admin link to travellers', () => {
    renderAs('user');
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('shows no Admin link when signed out', () => {
    renderAs(null);
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('folds its links into a Menu disclosure (<details>), which works without JavaScript', () => {
    renderAs('admin');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const details = nav.closest('details')!;
    expect(details.classList.contains('menu')).toBe(true);
    expect(details.querySelector(':scope > summary')!.textContent).toBe('Menu');
  });

  it('marks the link of the current page, and of the section of a page inside it', () => {
    render(<App data={{ ...fixtures.myTours, user }} />);
    expect(screen.getByRole('link', { name: 'My bookings' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'All tours' }).getAttribute('aria-current')).toBeNull();
  });

  it('marks the section of a page inside it as "true"', () => {
    render(<App data={{ ...fixtures.myBooking, user }} />);
    expect(screen.getByRole('link', { name: 'My bookings' }).getAttribute('aria-current')).toBe('true');
  });
});

describe("The business's brand", () => {
  const branded = {
    ...site,
    name: 'Fjord & Fell Tours',
    shortName: 'Fjord & Fell',
    contactEmail: 'hello@fjordfell.example',
    contactPhone: '+47 55 12 34 56',
    address: ['Strandkaien 3', '5013 Bergen', 'Norway'],
  };

  it('shows the logo as the header\'s link home, named by the business, with no site name beside it', () => {
    const { container } = render(<App data={{ ...fixtures.overview, site: { ...branded, logo: '/img/brand/logo-7f3a-header.png' } }} />);
    const home = container.querySelector('.header__brand')!;
    expect(home.getAttribute('href')).toBe('/');
    const logo = home.querySelector('img')!;
    expect(logo.getAttribute('src')).toBe('/img/brand/logo-7f3a-header.png');
    expect(logo.getAttribute('alt')).toBe('Fjord & Fell Tours');
    expect(home.textContent).toBe('');
    expect(container.textContent).not.toContain('Tourbook');
  });

  it('shows the name without a logo, and the short name for a phone', () => {
    const { container } = render(<App data={{ ...fixtures.overview, site: branded }} />);
    const home = container.querySelector('.header__brand')!;
    expect(home.querySelector('.header__name--long')!.textContent).toBe('Fjord & Fell Tours');
    expect(home.querySelector('.header__name--short')!.textContent).toBe('Fjord & Fell');
  });

  it('signs the footer with the address and contact, linked', () => {
    render(<App data={{ ...fixtures.overview, site: branded }} />);
    const footer = screen.getByRole('contentinfo');
    expect(footer.querySelector('.footer__address')!.textContent).toBe('Strandkaien 3\n5013 Bergen\nNorway');
    expect(footer.querySelector('address')!.textContent).toBe('Strandkaien 3\n5013 Bergen\nNorway' + 'hello@fjordfell.example' + '+47 55 12 34 56');
    expect(screen.getByRole('link', { name: 'hello@fjordfell.example' }).getAttribute('href')).toBe('mailto:hello@fjordfell.example');
    expect(screen.getByRole('link', { name: '+47 55 12 34 56' }).getAttribute('href')).toBe('tel:+4755123456');
    expect(footer.textContent).not.toContain('Tourbook');
  });

  it('leaves the footer without an address or contact when none is given', () => {
    render(<App data={fixtures.overview} />);
    const address = screen.getByRole('contentinfo').querySelector('address')!;
    expect(address.textContent).toBe('');
    expect(address.querySelector('a')).toBeNull();
  });
});
