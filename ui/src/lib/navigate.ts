// Every full-page navigation goes through here so tests can replace it with a mock.
export function navigate(url: string): void {
  window.location.assign(url);
}

/**
 * Changes the address bar without loading a page: the page already shows what the new
 * address serves (a tour just created is edited in place, and its alert stays in view).
 */
export function replaceUrl(url: string): void {
  window.history.replaceState(window.history.state, '', url);
}
