// A position pasted from a map site in one piece: "38.7223, -9.1393" (Google Maps, OSM
// and most others copy latitude first), "38.7223,-9.1393", "38.7223 -9.1393" or
// "(38.7223, -9.1393)".

export type PastedPosition = { lat: number; lng: number } | { error: string };

const PAIR = /^\(?\s*(-?\d+(?:\.\d+)?)\s*(?:,\s*|\s+)(-?\d+(?:\.\d+)?)\s*\)?$/;

export const PASTE_HINT = 'Paste a latitude and longitude from a map site, e.g. 38.7223, -9.1393';

/**
 * The position in `text`, an error saying what is wrong with it, or null when the text is
 * not two numbers at all (a single coordinate being typed).
 */
export function parseLatLng(text: string): PastedPosition | null {
  const match = PAIR.exec(text.trim());
  if (!match) return null;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  if (!(lat >= -90 && lat <= 90)) {
    return { error: `The latitude (the first number) must be between -90 and 90; ${match[1]} is not.` };
  }
  if (!(lng >= -180 && lng <= 180)) {
    return { error: `The longitude (the second number) must be between -180 and 180; ${match[2]} is not.` };
  }
  return { lat, lng };
}
