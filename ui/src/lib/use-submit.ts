// Submit → busy → alert, once for every form and action button (CONVENTIONS.md "repeated
// behaviour one hook"). The alert itself comes from the answer of the call (lib/answer.ts,
// lib/tour-answer.ts, api/users.ts) with its display time (lib/alert.ts): the hook shows
// one only when the action itself breaks, so the person is never left with a dead button.
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { UNKNOWN_ERROR } from '../api/client';
import { showAlert } from './alert';
import { FieldsRefused, type FieldErrors } from './field-errors';

export interface SubmitOptions<R> {
  /** The button's text while the action runs (SPEC.md: 'Processing...', 'Updating...'); without it the text stays. */
  busyText?: string;
  /** True when this result sends the browser elsewhere: the form stays locked until the page goes. */
  leaves?: (result: R) => boolean;
}

export interface Submit<A extends unknown[]> {
  /** The action is running (or the page is leaving): disable the button. */
  busy: boolean;
  /** Runs the action unless it is already running: a double click sends one call. */
  run: (...args: A) => Promise<void>;
  /** A form's onSubmit: no page load, then `run()` (only for an action that takes no arguments). */
  onSubmit: A extends [] ? (e: FormEvent<HTMLFormElement>) => void : never;
  /** The button's text: the busy text while busy, else `idle`. */
  text: (idle: string) => string;
  /**
   * What the last run's answer said of each field (lib/field-errors.ts), all at once, by
   * the field's key; empty after a run that did not fail field by field.
   */
  errors: FieldErrors;
}

export function useSubmit<A extends unknown[], R>(action: (...args: A) => Promise<R>, options: SubmitOptions<R> = {}): Submit<A> {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  // The guard is a ref, not the state: two clicks in one tick both see busy === false.
  const running = useRef(false);
  // The action of the latest render, so `run` sees what was typed last and can stay stable.
  const latest = useRef({ action, leaves: options.leaves });
  latest.current = { action, leaves: options.leaves };

  // Stable, so a callback handed to a child (a scanner, a row) does not change each render.
  const run = useCallback(async (...args: A) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    let stay = false;
    let fields: FieldErrors = {};
    try {
      const result = await latest.current.action(...args);
      stay = latest.current.leaves?.(result) ?? false;
    } catch (err) {
      if (err instanceof FieldsRefused) {
        // The alert that sums them up is already shown.
        fields = err.fields;
      } else {
        console.error('Action failed:', err);
        showAlert('error', UNKNOWN_ERROR);
      }
    }
    setErrors(fields);
    if (stay) return;
    running.current = false;
    setBusy(false);
  }, []);

  const onSubmit = useCallback(
    (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      void run(...([] as unknown as A));
    },
    [run],
  ) as Submit<A>['onSubmit'];

  const { busyText } = options;
  const text = (idle: string) => (busy && busyText !== undefined ? busyText : idle);
  return { busy, run, onSubmit, text, errors };
}
