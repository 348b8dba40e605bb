// Loaded only by the maps' effects (dynamic import), so neither the server bundle nor pages
// without a map pull Leaflet in. The server build replaces this module with a stub.
//
// Built from Leaflet's own source modules, only the parts the maps use: the map with its
// usual handlers (drag, zoom by touch, double click, box and keys; the wheel's stays
// registered so it can be turned off), the zoom and attribution controls, tiles, markers
// and popups. Vector layers, GeoJSON, overlays, tooltips and the other controls stay out:
// Leaflet's bundle registers every part when it loads, so nothing else can leave them out,
// and they were a third of the tour page's JavaScript budget.
import { createMap as map } from 'leaflet/src/map/Map';
import 'leaflet/src/map/handler/Map.BoxZoom';
import 'leaflet/src/map/handler/Map.DoubleClickZoom';
import 'leaflet/src/map/handler/Map.Drag';
import 'leaflet/src/map/handler/Map.Keyboard';
import 'leaflet/src/map/handler/Map.ScrollWheelZoom';
import 'leaflet/src/map/handler/Map.TapHold';
import 'leaflet/src/map/handler/Map.TouchZoom';
import 'leaflet/src/control/Control.Attribution';
import 'leaflet/src/control/Control.Zoom';
import 'leaflet/src/layer/Popup';
import { IconDefault } from 'leaflet/src/layer/marker/Icon.Default';
import { marker } from 'leaflet/src/layer/marker/Marker';
import { tileLayer } from 'leaflet/src/layer/tile/TileLayer';
import { toLatLng as latLng } from 'leaflet/src/geo/LatLng';
import { toLatLngBounds as latLngBounds } from 'leaflet/src/geo/LatLngBounds';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';

// Bundled marker images instead of Leaflet's CSS-based path guess (which would prefix our
// already complete URLs): no external image URLs.
IconDefault.imagePath = '';
IconDefault.mergeOptions({ iconUrl, iconRetinaUrl, shadowUrl });

export const L = { latLng, latLngBounds, map, marker, tileLayer };
