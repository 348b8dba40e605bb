// Types for the Leaflet source modules components/leaflet-setup.ts imports: the same
// functions and classes @types/leaflet describes for the bundle.
declare module 'leaflet/src/map/Map' {
  export { map as createMap, Map } from 'leaflet';
}
declare module 'leaflet/src/layer/marker/Icon.Default' {
  import type { Icon } from 'leaflet';
  export const IconDefault: typeof Icon.Default;
}
declare module 'leaflet/src/layer/marker/Marker' {
  export { marker, Marker } from 'leaflet';
}
declare module 'leaflet/src/layer/tile/TileLayer' {
  export { tileLayer, TileLayer } from 'leaflet';
}
declare module 'leaflet/src/geo/LatLng' {
  export { latLng as toLatLng } from 'leaflet';
}
declare module 'leaflet/src/geo/LatLngBounds' {
  export { latLngBounds as toLatLngBounds } from 'leaflet';
}
declare module 'leaflet/src/map/handler/Map.BoxZoom';
declare module 'leaflet/src/map/handler/Map.DoubleClickZoom';
declare module 'leaflet/src/map/handler/Map.Drag';
declare module 'leaflet/src/map/handler/Map.Keyboard';
declare module 'leaflet/src/map/handler/Map.ScrollWheelZoom';
declare module 'leaflet/src/map/handler/Map.TapHold';
declare module 'leaflet/src/map/handler/Map.TouchZoom';
declare module 'leaflet/src/control/Control.Attribution';
declare module 'leaflet/src/control/Control.Zoom';
declare module 'leaflet/src/layer/Popup';
declare module 'leaflet/src/layer/marker/DivIcon' {
  export { divIcon, DivIcon } from 'leaflet';
}
declare module 'leaflet/src/layer/vector/Polyline' {
  export { polyline, Polyline } from 'leaflet';
}
declare module 'leaflet/src/layer/vector/Renderer.getRenderer';
