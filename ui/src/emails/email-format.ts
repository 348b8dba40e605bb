// Text helpers shared by the subjects, the HTML and the plain text of the emails.
import type { Fact } from './email-template';

/** Collapses whitespace (CR/LF included) so a value cannot break a header line. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** 30 → "30 minutes", 60 → "1 hour", 1440 → "24 hours". */
export function minutesText(minutes: number): string {
  if (minutes >= 60 && minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? '1 hour' : `${hours} hours`;
  }
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** 1 → "1 person", 3 → "3 people". */
export function participantsText(participants: number): string {
  return participants === 1 ? '1 person' : `${participants} people`;
}

/** A fact whose value is lines joined by "\n", each shown on its own line; null for none. */
function linesFact(label: string, lines: string): Fact | null {
  const [value, ...more] = lines.split('\n').filter((l) => l.trim() !== '');
  return value === undefined ? null : { label, value, more };
}

/**
 * What a booking bought, as facts: "Travellers" with one line per price category ("2 ×
 * Adult at $497.00"), then "Extras" with one per extra when there are any.
 */
export function boughtFacts(p: { participants: number; travellers: string; extras: string }): Fact[] {
  const travellers = linesFact('Travellers', p.travellers) ?? { label: 'Travellers', value: participantsText(p.participants) };
  const extras = linesFact('Extras', p.extras);
  return extras === null ? [travellers] : [travellers, extras];
}
