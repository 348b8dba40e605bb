// Stand-in for components/leaflet-setup in the server bundle: maps are built in effects,
// which never run during renderToString.
export const L = null;
