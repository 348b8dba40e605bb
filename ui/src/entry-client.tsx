import 'leaflet/dist/leaflet.css';
import './styles/main.css';
import { hydrateRoot } from 'react-dom/client';
import { PageShell, type PageComponent } from './page-shell';
import { pageLoaders } from './page-loaders';
import type { PageData, PageName } from './props';
import { unknownPageData } from './unknown-page';

// Only this page's code is fetched (the document preloads its chunk beside this one);
// then the server's HTML is hydrated with the same props.
async function hydrate(root: HTMLElement, data: PageData) {
  const load = (pageLoaders as Partial<Record<PageName, () => Promise<PageComponent>>>)[data.page];
  if (!load) {
    hydrateRoot(root, <PageShell data={unknownPageData(data)} page={await pageLoaders.error()} />);
    return;
  }
  hydrateRoot(root, <PageShell data={data} page={await load()} />);
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
