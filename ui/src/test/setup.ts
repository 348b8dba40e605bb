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
