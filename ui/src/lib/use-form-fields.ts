import { useState } from 'react';

/**
 * State for a form of text fields: `bind('email')` gives an input its value and onChange,
 * `reset()` empties them all again (the password form clears itself after saving).
 */
export function useFormFields<T extends { [K in keyof T]: string }>(initial: T) {
  const [fields, setFields] = useState<T>(initial);
  const bind = (key: keyof T) => ({
    value: fields[key],
    onChange: (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value })),
  });
  return { fields, bind, reset: () => setFields(initial) };
}
