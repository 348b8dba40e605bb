// An axe scan of every page as rendered (jsdom has no layout, so colour contrast is left
// to the browser tests: it is switched off here).
import { render } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { App } from './app';
import { allFixtures, variantFixtures } from './dev-fixtures';

vi.mock('./components/leaflet-setup', () => ({ L: null }));
vi.mock('./components/admin/stop-map-leaflet', () => ({ L: null }));

describe('accessibility', () => {
  it.each([...allFixtures, ...variantFixtures].map((d) => [d.page, d] as const))(
    '%s has no axe violations',
    async (_page, data) => {
      document.documentElement.lang = 'en';
      document.title = 'Tourbook';
      const { container } = render(<App data={data} />);
      const results = await axe.run(container, {
        resultTypes: ['violations'],
        // jsdom cannot message into a frame (the email page's sandboxed preview): scan the page itself.
        iframes: false,
        rules: { 'color-contrast': { enabled: false } },
      });
      const violations = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(violations).toEqual([]);
    },
    20_000,
  );
});
