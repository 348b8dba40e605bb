// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { budgets, defaultBudget, measure, pageName, pageScripts } from './js-budget.mjs';

// A manifest shaped like Vite's: the entry imports React's chunk, and loads each page;
// the tour page loads the map, which loads Leaflet.
const manifest = {
  'src/entry-client.tsx': {
    file: 'assets/entry.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['src/pages/overview-page.tsx', 'src/pages/tour-page.tsx', 'src/pages/my-tours-page.tsx'],
    css: ['assets/entry.css'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_card.js': { file: 'assets/card.js', imports: ['_react.js'] },
  'src/pages/overview-page.tsx': { file: 'assets/overview.js', isDynamicEntry: true, imports: ['_card.js'] },
  'src/pages/my-tours-page.tsx': { file: 'assets/my-tours.js', isDynamicEntry: true, imports: ['_card.js'] },
  'src/pages/tour-page.tsx': {
    file: 'assets/tour.js',
    isDynamicEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['src/components/leaflet-setup.ts'],
  },
  'src/components/leaflet-setup.ts': { file: 'assets/leaflet.js', isDynamicEntry: true, imports: ['_react.js'] },
};

describe('js-budget', () => {
  it('names pages as the Go handlers do', () => {
    expect(pageName('overview')).toBe('overview');
    expect(pageName('my-tours')).toBe('myTours');
    expect(pageName('admin-email')).toBe('adminEmail');
  });

  it("counts the entry's static imports, the page and all it loads, each file once", () => {
    expect(pageScripts(manifest)).toEqual({
      myTours: ['assets/entry.js', 'assets/react.js', 'assets/my-tours.js', 'assets/card.js'],
      overview: ['assets/entry.js', 'assets/react.js', 'assets/overview.js', 'assets/card.js'],
      tour: ['assets/entry.js', 'assets/react.js', 'assets/tour.js', 'assets/leaflet.js'],
    });
  });

  it('adds up the sizes and holds each page to its budget', () => {
    const sizes = { 'assets/entry.js': 5_000, 'assets/react.js': 60_000, 'assets/overview.js': 2_000, 'assets/card.js': 1_000, 'assets/my-tours.js': 500, 'assets/tour.js': 3_000, 'assets/leaflet.js': 44_000 };
    const rows = measure(manifest, (f) => sizes[f]);
    expect(rows).toEqual([
      { page: 'tour', files: 4, bytes: 112_000, budget: budgets.tour },
      { page: 'overview', files: 4, bytes: 68_000, budget: budgets.overview },
      { page: 'myTours', files: 4, bytes: 66_500, budget: defaultBudget },
    ]);
    expect(rows[0].bytes > rows[0].budget).toBe(true);
  });

  it('refuses a manifest without the entry', () => {
    expect(() => pageScripts({})).toThrow(/entry-client/);
  });
});
