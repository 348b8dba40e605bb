import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// React's act() environment flag, so state updates in tests are flushed and not warned about.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  vi.useRealTimers();
  // Some tests (the server bundle) run in plain Node, without a DOM.
  if (typeof document === 'undefined') return;
  cleanup();
  document.body.innerHTML = '';
  delete document.body.dataset.alert;
});

// Leaflet reads `document` as its modules load. The maps import it in an effect, which a
// test can leave pending when it ends; in Vitest's vmThreads pool the file's window is
// gone by the time such an import runs. Loaded here, while the window exists, it is
// already in the file's module cache when a map asks for it.
if (typeof document !== 'undefined') await import('../components/leaflet-setup');
