import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNKNOWN_ERROR } from '../api/client';
import { FieldError, fieldAria } from '../components/field-error';
import { currentAlert, deferred, flush, jsonResponse, mockFetch } from '../test/helpers';
import { request } from '../api/client';
import { settleAnswer } from './answer';
import { showAlert } from './alert';
import { useSubmit } from './use-submit';

/** A form as the site writes them: the action answers with the alert, the hook does the rest. */
function SaveForm({ action, leaves }: { action: () => Promise<boolean>; leaves?: boolean }) {
  const save = useSubmit(action, { busyText: 'Processing...', leaves: leaves ? (ok) => ok : undefined });
  return (
    <form noValidate onSubmit={save.onSubmit}>
      <button type="submit" className="btn btn--primary" disabled={save.busy}>
        {save.text('Save')}
      </button>
    </form>
  );
}

function button(): HTMLButtonElement {
  return screen.getByRole('button') as HTMLButtonElement;
}

describe('useSubmit', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the busy text on a disabled button while the call runs, then the alert and the button again', async () => {
    const answer = deferred<boolean>();
    render(
      <SaveForm
        action={async () => {
          const ok = await answer.promise;
          showAlert(ok ? 'success' : 'error', ok ? 'Booking resolved' : 'Write how it was settled');
          return ok;
        }}
      />,
    );
    expect(button().textContent).toBe('Save');
    fireEvent.submit(button().form!);
    expect(button().textContent).toBe('Processing...');
    expect(button().disabled).toBe(true);
    expect(currentAlert()).toBeNull();

    answer.resolve(false);
    await flush();
    expect(currentAlert()?.className).toBe('alert alert--error');
    expect(currentAlert()?.textContent).toBe('Write how it was settled');
    expect(button().textContent).toBe('Save');
    expect(button().disabled).toBe(false);
  });

  it('sends one call for a double submit', async () => {
    const answer = deferred<boolean>();
    const action = vi.fn(() => answer.promise);
    render(<SaveForm action={action} />);
    const form = button().form!;
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(action).toHaveBeenCalledTimes(1);
    answer.resolve(true);
    await flush();
    fireEvent.submit(form);
    expect(action).toHaveBeenCalledTimes(2);
    await flush();
  });

  it('keeps the form locked when the answer sends the browser elsewhere, and only then', async () => {
    const { unmount } = render(<SaveForm leaves action={() => Promise.resolve(true)} />);
    fireEvent.submit(button().form!);
    await flush();
    expect(button().textContent).toBe('Processing...');
    expect(button().disabled).toBe(true);
    unmount();

    render(<SaveForm leaves action={() => Promise.resolve(false)} />);
    fireEvent.submit(button().form!);
    await flush();
    expect(button().textContent).toBe('Save');
    expect(button().disabled).toBe(false);
  });

  it('shows the error alert for 5 seconds and frees the button when the action breaks', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers();
    render(<SaveForm action={() => Promise.reject(new Error('boom'))} />);
    fireEvent.submit(button().form!);
    await flush();
    expect(currentAlert()?.className).toBe('alert alert--error');
    expect(currentAlert()?.textContent).toBe(UNKNOWN_ERROR);
    expect(button().disabled).toBe(false);
    vi.advanceTimersByTime(4999);
    expect(currentAlert()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(currentAlert()).toBeNull();
  });

  it('keeps the button text when no busy text is given', async () => {
    const answer = deferred<void>();
    function Resend() {
      const resend = useSubmit(() => answer.promise);
      return (
        <button type="button" disabled={resend.busy} onClick={() => void resend.run()}>
          {resend.text('Resend')}
        </button>
      );
    }
    render(<Resend />);
    fireEvent.click(button());
    expect(button().textContent).toBe('Resend');
    expect(button().disabled).toBe(true);
    answer.resolve();
    await flush();
    expect(button().disabled).toBe(false);
  });

  it('puts every field\'s message next to its field at once, with the summing-up alert, and clears them after a success', async () => {
    const fields = {
      price: 'Price per person must be a number, e.g. 1290 or 1290.50.',
      durationDays: 'Duration (days) must be between 1 and 365 days.',
    };
    mockFetch(
      jsonResponse({ status: 'fail', message: 'Please correct 2 fields: ...', fields }, 400),
      jsonResponse({ status: 'success', data: { tour: { id: 't1' } } }),
    );
    function PriceForm() {
      const save = useSubmit(async () => {
        settleAnswer(await request<{ tour: { id: string } }>('POST', 'api/v1/tours', {}), 'tour', 'Saved');
      });
      return (
        <form noValidate onSubmit={save.onSubmit}>
          {(['price', 'durationDays', 'name'] as const).map((key) => (
            <div key={key}>
              <label htmlFor={key}>{key}</label>
              <input id={key} {...fieldAria(key, save.errors[key])} />
              <FieldError fieldId={key} message={save.errors[key]} />
            </div>
          ))}
          <button type="submit">Save</button>
        </form>
      );
    }
    const errorConsole = vi.spyOn(console, 'error');
    render(<PriceForm />);
    fireEvent.submit(button().form!);
    await flush();
    expect(currentAlert()?.className).toBe('alert alert--error');
    expect(currentAlert()?.textContent).toBe('Please correct 2 fields: ...');
    expect(document.getElementById('price-error')?.textContent).toBe(fields.price);
    expect(document.getElementById('durationDays-error')?.textContent).toBe(fields.durationDays);
    expect(screen.getByLabelText('price').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('price').getAttribute('aria-describedby')).toBe('price-error');
    expect(screen.getByLabelText('name').getAttribute('aria-invalid')).toBeNull();
    expect(document.getElementById('name-error')).toBeNull();
    // A refusal by field is not the action breaking: no "Something went wrong".
    expect(errorConsole).not.toHaveBeenCalled();

    fireEvent.submit(button().form!);
    await flush();
    expect(currentAlert()?.textContent).toBe('Saved');
    expect(document.getElementById('price-error')).toBeNull();
    expect(screen.getByLabelText('price').getAttribute('aria-invalid')).toBeNull();
  });
});
