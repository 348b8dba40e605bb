// Leaflet for tests, from the same source modules as components/leaflet-setup.ts: the
// maps' layers are instances of these classes, not of the 'leaflet' bundle's.
import { Map } from 'leaflet/src/map/Map';
import { Marker } from 'leaflet/src/layer/marker/Marker';
import { TileLayer } from 'leaflet/src/layer/tile/TileLayer';
import { Polyline } from 'leaflet/src/layer/vector/Polyline';
import { L as setup } from '../components/leaflet-setup';

if (!setup) throw new Error('leaflet-setup is the server stub in a browser test');

export const L = { ...setup, Map, Marker, TileLayer, Polyline };
