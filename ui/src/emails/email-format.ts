// Text helpers shared by the subjects, the HTML and the plain text of the emails.

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
