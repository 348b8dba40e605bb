// The brand colour's contrast with white text (WCAG 2), for the settings form's live
// preview. The server (internal/business, colour.go) measures it the same way and decides;
// this only shows the operator what it will say.

/** "#rrggbb" (either case, spaces around) as its red, green and blue; null otherwise. */
export function parseColour(text: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(text.trim());
  if (!m) return null;
  return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The contrast ratio of white text on the colour, from 1 to 21. */
export function contrastWithWhite(rgb: [number, number, number]): number {
  return 1.05 / (luminance(rgb) + 0.05);
}

/** "4.5:1": at most two decimals, rounded down, as the server writes it. */
export function ratioText(ratio: number): string {
  return `${Math.floor(ratio * 100) / 100}:1`;
}
