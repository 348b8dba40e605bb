import 'leaflet/dist/leaflet.css';
import './styles/main.css';
import { hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { showBookingAlert } from './lib/booking-alert';
import type { PageData } from './props';

const propsEl = document.getElementById('page-props');
const root = document.getElementById('root');
if (propsEl && root) {
  const data = JSON.parse(propsEl.textContent ?? '') as PageData;
  hydrateRoot(root, <App data={data} />);
}
showBookingAlert();
