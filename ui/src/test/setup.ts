import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// React's act() environment flag, so state updates in tests are flushed and not warned about.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  document.body.innerHTML = '';
  delete document.body.dataset.alert;
});
