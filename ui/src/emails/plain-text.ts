// The plain-text alternative's layout: a heading, blocks separated by blank lines, a
// signature with the business's name, postal address and contact and the site's address. Lines are wrapped at 72 characters; a word longer
// than that (a URL) stands alone on its line rather than being broken, so it stays
// clickable.
import type { EmailSite } from './email-props';
import type { Fact } from './email-template';

export const textWidth = 72;

/** Counts characters, not UTF-16 units, so "Zoë" and emoji wrap like any word. */
function length(text: string): number {
  return Array.from(text).length;
}

/**
 * Greedy word wrap of one paragraph. Whitespace (newlines included) is collapsed; the first
 * line starts with `firstIndent`, the others with `indent`, and both count in the width.
 */
export function wrap(text: string, width: number = textWidth, indent = '', firstIndent = ''): string {
  const words = text.split(/\s+/).filter((w) => w !== '');
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const prefix = lines.length === 0 ? firstIndent : indent;
    if (line === '') {
      line = prefix + word;
    } else if (length(line) + 1 + length(word) <= width) {
      line += ` ${word}`;
    } else {
      lines.push(line);
      line = indent + word;
    }
  }
  if (line !== '') lines.push(line);
  return lines.join('\n');
}

/**
 * A details table with aligned values:
 *   Date:          Saturday, 12 June 2027
 *   Meeting point: Banff visitor centre, …
 * A fact with a link has its URL on the next line, under the value.
 */
export function factsText(facts: readonly Fact[]): string {
  const labelWidth = Math.max(...facts.map((f) => length(f.label))) + 2;
  const pad = ' '.repeat(labelWidth);
  return facts
    .map((f) => {
      const label = `${f.label}:`;
      // The label takes the place of the first line's indent.
      const value = label + ' '.repeat(labelWidth - length(label)) + wrap(f.value, textWidth, pad, pad).slice(pad.length);
      const more = (f.more ?? []).map((line) => `\n${wrap(line, textWidth, pad, pad)}`).join('');
      return (f.href === undefined ? value : `${value}\n${pad}${f.href}`) + more;
    })
    .join('\n');
}

/** A sentence followed by a URL on its own line ("Choose a new password:\nhttps://…"). */
export function linkText(label: string, url: string): string {
  return `${wrap(label)}\n${url}`;
}

export interface PlainTextEmail {
  site: EmailSite;
  heading: string;
  /** Paragraphs, already wrapped (use wrap, factsText, linkText). Empty strings are dropped. */
  blocks: readonly string[];
}

export function plainTextEmail({ site, heading, blocks }: PlainTextEmail): string {
  const title = wrap(heading);
  const underline = '='.repeat(Math.min(textWidth, Math.max(...title.split('\n').map(length))));
  const signature = [
    '-- ',
    site.name,
    ...site.address,
    ...[site.contactEmail, site.contactPhone].filter((c) => c !== ''),
    site.url,
    wrap(`You receive this email because of your account at ${site.name}.`),
  ].join('\n');
  return [`${title}\n${underline}`, ...blocks.filter((b) => b !== ''), signature].join('\n\n') + '\n';
}
