// Every full-page navigation goes through here so tests can replace it with a mock.
export function navigate(url: string): void {
  window.location.assign(url);
}
