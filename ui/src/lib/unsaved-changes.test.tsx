import { fireEvent, render, screen } from '@testing-library/react';
import { useId, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasUnsavedChanges, LEAVE_QUESTION, useUnsavedChanges } from './unsaved-changes';

/** A form that is unsaved while its field differs from what was saved. */
function Form({ initial = '' }: { initial?: string }) {
  const [saved, setSaved] = useState(initial);
  const [text, setText] = useState(initial);
  useUnsavedChanges(text !== saved);
  const id = useId();
  return (
    <div>
      <label htmlFor={id}>Name</label>
      <input id={id} value={text} onChange={(e) => setText(e.target.value)} />
      <button type="button" onClick={() => setSaved(text)}>
        Save
      </button>
      <a href="/admin/tours">All tours</a>
      <a href="#details">Details</a>
      <a href="/admin/bookings" target="_blank">
        Bookings in a new tab
      </a>
    </div>
  );
}

/** Whether the browser would ask before unloading the page now. */
function unloadAsks(): boolean {
  const e = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(e);
  return e.defaultPrevented;
}

/** Clicks a link; true when the page would follow it. */
function follow(name: string): boolean {
  const link = screen.getByRole('link', { name });
  // jsdom does not navigate; the default action is what is asked about.
  return fireEvent.click(link);
}

describe('useUnsavedChanges', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks before leaving only while there are changes, and not after they are saved', () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const view = render(<Form />);
    expect(unloadAsks()).toBe(false);
    expect(follow('All tours')).toBe(true);
    expect(confirm).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Lisbon' } });
    expect(hasUnsavedChanges()).toBe(true);
    expect(unloadAsks()).toBe(true);
    // A link to another page asks, in words; "stay" keeps the page.
    expect(follow('All tours')).toBe(false);
    expect(confirm).toHaveBeenCalledWith(LEAVE_QUESTION);
    // A link within the page, or one opening another tab, does not leave it.
    confirm.mockClear();
    expect(follow('Details')).toBe(true);
    expect(follow('Bookings in a new tab')).toBe(true);
    expect(confirm).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(hasUnsavedChanges()).toBe(false);
    expect(unloadAsks()).toBe(false);
    expect(follow('All tours')).toBe(true);
    expect(confirm).not.toHaveBeenCalled();
    view.unmount();
  });

  it('lets the person leave when they say so, without asking a second time on unload', () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const view = render(<Form />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Porto' } });
    expect(follow('All tours')).toBe(true);
    expect(confirm).toHaveBeenCalledOnce();
    expect(unloadAsks()).toBe(false);
    view.unmount();
    // Gone with its form: nothing is left unsaved.
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('asks while any of several forms has changes', () => {
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    const view = render(
      <>
        <Form initial="a" />
        <Form initial="b" />
      </>,
    );
    const [first, second] = screen.getAllByLabelText('Name');
    fireEvent.change(first!, { target: { value: 'a2' } });
    fireEvent.change(second!, { target: { value: 'b2' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    expect(unloadAsks()).toBe(true);
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[1]!);
    expect(unloadAsks()).toBe(false);
    view.unmount();
  });
});
