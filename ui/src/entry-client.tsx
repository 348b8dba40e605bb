import 'leaflet/dist/leaflet.css';
import './styles/main.css';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { PageShell, type PageComponent } from './page-shell';
import { pageLoaders } from './page-loaders';
import type { PageData, PageName } from './props';
import { unknownPageData } from './unknown-page';

// Only this page's code is fetched (the document preloads its chunk beside this one);
// then the server's HTML is hydrated with the same props. Hydrating in a transition lets
// React yield to the browser every few milliseconds instead of holding the main thread
// for the whole page (on a slow phone, hundreds of milliseconds in which a tap waits).
async function hydrate(root: HTMLElement, data: PageData) {
  const load = (pageLoaders as Partial<Record<PageName, () => Promise<PageComponent>>>)[data.page];
  const page = load ? (
    <PageShell data={data} page={await load()} />
  ) : (
    <PageShell data={unknownPageData(data)} page={await pageLoaders.error()} />
  );
  startTransition(() => {
    hydrateRoot(root, page);
  });
}

const propsEl = document.getElementById('page-props');
const root = document.getElementById('root');
if (propsEl && root) {
  void hydrate(root, JSON.parse(propsEl.textContent ?? '') as PageData);
}
// Only a page the payment provider sent back to carries the booking confirmation.
if (document.body.dataset.alert) {
  void import('./lib/booking-alert').then((m) => m.showBookingAlert());
}
// Back from a cancelled checkout: the page asks for the hold's seats back (a POST, which
// the server's same-site rules let through where the provider's link is not).
if (/[?&]checkout=cancelled(&|$)/.test(window.location.search)) {
  void import('./api/bookings').then((m) => m.releaseCancelledHold());
}
