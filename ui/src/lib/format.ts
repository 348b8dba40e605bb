// Small text helpers. Prices and dates arrive formatted from Go (see props.ts); these only
// compose strings, so server and client render the same text.
import type { Difficulty, TourStatus } from '../props';

const difficultyLabels: Record<Difficulty, string> = {
  easy: 'Easy',
  medium: 'Medium',
  difficult: 'Difficult',
};

export function difficultyLabel(difficulty: Difficulty): string {
  return difficultyLabels[difficulty] ?? difficulty;
}

const tourStatusLabels: Record<TourStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  archived: 'Archived',
};

/** The same words AdminTourRow.statusLabel carries, for pages that get only the status. */
export function tourStatusLabel(status: TourStatus): string {
  return tourStatusLabels[status] ?? status;
}

/** "Easy 5-day tour" */
export function tourKind(difficulty: Difficulty, durationDays: number): string {
  return `${difficultyLabel(difficulty)} ${durationDays}-day tour`;
}

export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The alert after adding departures: how many were added and how many dates were taken. */
export function departuresAddedMessage(added: number, skipped: number): string {
  return `Added ${added} departure(s)${skipped > 0 ? `; ${skipped} date(s) already had one` : ''}`;
}

/** 50000 → "50,000": written here, not by Intl, so the server's render and the browser's agree. */
export function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
