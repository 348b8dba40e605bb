// Leaflet for the stop editor's map: the public maps' parts (components/leaflet-setup.ts)
// with the numbered pins (DivIcon) and the route between the stops (a polyline, with the
// renderers it draws with). Loaded only by the stop editor's effect, so the public tour
// page's JavaScript does not grow; the server build replaces it with a stub as it does
// leaflet-setup.
import { divIcon } from 'leaflet/src/layer/marker/DivIcon';
import 'leaflet/src/layer/vector/Renderer.getRenderer';
import { polyline } from 'leaflet/src/layer/vector/Polyline';
import { L as base } from '../leaflet-setup';

export const L = base ? { ...base, divIcon, polyline } : null;
