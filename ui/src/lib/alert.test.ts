import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showAlert } from './alert';

describe('showAlert', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div id="root"><p>page</p></div>';
  });
  afterEach(() => vi.useRealTimers());

  it('inserts the alert as the first child of body with its type class', () => {
    showAlert('success', 'Login successful');
    const first = document.body.firstElementChild as HTMLElement;
    expect(first.tagName).toBe('DIV');
    expect(first.className).toBe('alert alert--success');
    expect(first.textContent).toBe('Login successful');
    expect(document.body.children[1]?.id).toBe('root');
  });

  it('uses alert--error for errors', () => {
    showAlert('error', 'Incorrect email or password');
    expect(document.body.firstElementChild?.className).toBe('alert alert--error');
  });

  it('removes an earlier alert first', () => {
    showAlert('error', 'first');
    showAlert('success', 'second');
    const alerts = document.querySelectorAll('.alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.textContent).toBe('second');
    expect(document.body.firstElementChild).toBe(alerts[0]);
  });

  it('disappears after 5000 ms by default, not at 4999', () => {
    showAlert('success', 'bye');
    vi.advanceTimersByTime(4999);
    expect(document.querySelector('.alert')).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(document.querySelector('.alert')).toBeNull();
  });

  it('stays for a custom number of seconds', () => {
    showAlert('success', 'Booked!', 10);
    vi.advanceTimersByTime(9999);
    expect(document.querySelector('.alert')).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(document.querySelector('.alert')).toBeNull();
  });

  it("an earlier alert's timer does not remove the newer alert", () => {
    showAlert('error', 'first');
    vi.advanceTimersByTime(3000);
    showAlert('success', 'second');
    vi.advanceTimersByTime(2500);
    expect(document.querySelector('.alert')?.textContent).toBe('second');
  });

  it('shows the message as text, never as HTML', () => {
    showAlert('error', '<img src=x onerror="alert(1)">');
    const el = document.querySelector('.alert')!;
    expect(el.querySelector('img')).toBeNull();
    expect(el.textContent).toBe('<img src=x onerror="alert(1)">');
  });
});
