// SPEC.md §4 "Alert": one alert at a time, the first child of <body>, gone after `seconds`.
// Plain DOM rather than a React root: the alert must be exactly one element at the top of
// the body, outside the hydrated #root, and it has no state worth a component.

export type AlertType = 'success' | 'error';

let hideTimer: number | undefined;

export function hideAlert(): void {
  if (hideTimer !== undefined) {
    window.clearTimeout(hideTimer);
    hideTimer = undefined;
  }
  document.querySelectorAll('body > .alert').forEach((el) => el.remove());
}

export function showAlert(type: AlertType, msg: string, seconds = 5): void {
  hideAlert();
  const el = document.createElement('div');
  el.className = `alert alert--${type}`;
  // Screen readers announce it; errors interrupt, confirmations wait their turn.
  el.setAttribute('role', type === 'error' ? 'alert' : 'status');
  el.textContent = msg;
  document.body.insertBefore(el, document.body.firstChild);
  hideTimer = window.setTimeout(() => {
    hideTimer = undefined;
    el.remove();
  }, seconds * 1000);
}
