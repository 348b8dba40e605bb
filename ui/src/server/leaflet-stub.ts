// Stand-in for components/leaflet-setup (and admin/stop-map-leaflet) in the server bundle: maps are built in effects,
// which never run during renderToString.
export const L = null;
