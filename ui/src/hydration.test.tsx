// What the Go server renders must hydrate in the browser without a mismatch: render each
// page to a string, hydrate it in jsdom with the same props, and watch for React's errors.
import { act } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './app';
import { allFixtures, fixtures, variantFixtures } from './dev-fixtures';
import { goPages } from './fixtures/go-pages';
import type { PageData } from './props';

vi.mock('./components/leaflet-setup', () => ({ L: null }));
vi.mock('./components/admin/stop-map-leaflet', () => ({ L: null }));

let root: Root | undefined;

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
});

async function hydrate(serverData: PageData, clientData: PageData = serverData) {
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  const recoverable = vi.fn();
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = renderToString(<App data={serverData} />);
  document.body.appendChild(container);
  await act(async () => {
    root = hydrateRoot(container, <App data={clientData} />, { onRecoverableError: recoverable });
  });
  return { consoleError, recoverable, container };
}

describe('hydration', () => {
  it.each([...allFixtures, ...variantFixtures, ...goPages].map((d) => [d.page, d] as const))(
    '%s hydrates without errors',
    async (_page, data) => {
      const { consoleError, recoverable } = await hydrate(data);
      expect(recoverable).not.toHaveBeenCalled();
      expect(consoleError).not.toHaveBeenCalled();
    },
  );

  it('would notice a mismatch (the check can fail)', async () => {
    const other = { ...fixtures.error, props: { ...fixtures.error.props, title: 'Something else' } };
    const { consoleError, recoverable } = await hydrate(fixtures.error, other);
    expect(recoverable.mock.calls.length + consoleError.mock.calls.length).toBeGreaterThan(0);
  });
});
