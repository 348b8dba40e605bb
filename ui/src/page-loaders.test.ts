// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { pageLoaders } from './page-loaders';
import { pages } from './pages';
import type { PageName } from './props';

vi.mock('./components/leaflet-setup', () => ({ L: null }));
vi.mock('./components/admin/stop-map-leaflet', () => ({ L: null }));

describe('pageLoaders', () => {
  it.each(Object.keys(pages) as PageName[])('loads the %s page component the server renders', async (name) => {
    expect(await pageLoaders[name]()).toBe(pages[name]);
  });
});
