import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { App } from '../app';
import { tourSignedOut } from '../dev-fixtures';

// The map itself is tour-map.test.tsx's; here Leaflet stays out of the way.
vi.mock('../components/leaflet-setup', () => ({ L: null }));

describe('the tour page itinerary', () => {
  it('sits with the map, and pointing at or focusing a stop makes it the one the map highlights', () => {
    render(<App data={tourSignedOut} />);
    const wrapper = document.querySelector('.tour-map')!;
    expect(wrapper.querySelector('#map')).not.toBeNull();
    expect(wrapper.querySelector('.itinerary')).not.toBeNull();
    const stops = screen.getAllByRole('button', { name: /^Day \d+ / });
    expect(stops.map((b) => b.textContent)).toEqual(tourSignedOut.props.tour.locations.map((l) => `Day ${l.day} ${l.description}`));
    expect(stops.every((b) => b.getAttribute('aria-pressed') === 'false')).toBe(true);
    fireEvent.mouseEnter(stops[1]!);
    expect(stops[1]!.getAttribute('aria-pressed')).toBe('true');
    fireEvent.focus(stops[0]!);
    expect(stops.map((b) => b.getAttribute('aria-pressed'))).toEqual(['true', 'false', 'false']);
  });
});
