// Loaded only by TourMap's effect (dynamic import), so neither the server bundle nor pages
// without a map pull Leaflet in. The server build replaces this module with a stub.
import L from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';

// Bundled marker images instead of Leaflet's CSS-based path guess (which would prefix our
// already complete URLs): no external image URLs.
L.Icon.Default.imagePath = '';
L.Icon.Default.mergeOptions({ iconUrl, iconRetinaUrl, shadowUrl });

export { L };
