// Every kind: the subject, the key facts and URLs in the HTML and the text, the HTML's
// constraints for mail clients (complete document, inline styles, no images or remote
// resources), escaping, and the checks on the JSON's shape.
import { describe, expect, it } from 'vitest';
import { brandedEmailSite, emailFixtures, emailSite, emailVariantFixtures, hostileName } from './email-fixtures';
import type { EmailData, EmailKind } from './email-props';
import { emailKinds, renderEmail } from './render-email';
import { textWidth } from './plain-text';

const allFixtures = [...emailFixtures, ...emailVariantFixtures];
const cases = allFixtures.map((d) => [d.kind, d] as const);

const subjects: Record<EmailKind, string> = {
  passwordReset: 'Reset your Tourbook password',
  welcome: 'Welcome to Tourbook',
  emailChanged: 'Your Tourbook email address was changed',
  signupAttempt: 'You already have a Tourbook account',
  bookingConfirmation: 'Your booking: The Forest Hiker on Saturday, 12 June 2027',
  bookingCancelled: 'Your booking of The Forest Hiker is cancelled',
  bookingChanged: 'Your booking of The Forest Hiker has changed',
  reminder: 'The Forest Hiker starts in two days',
  balanceReminder: 'Balance of $795.20 for The Forest Hiker due by Thu 13 May 2027',
  detailsReminder: 'Details needed for The Forest Hiker by Thu 10 June 2027, 09:00 MDT (America/Edmonton)',
  reviewRequest: 'How was The Forest Hiker?',
  waitlistOffer: 'Seats are free on The Forest Hiker: pay by Fri 11 June 2027, 09:00 MDT (America/Edmonton)',
  waitlistCancelled: 'The Forest Hiker on Saturday, 12 June 2027 is cancelled: your waiting list place has ended',
  paymentLink: 'Pay €2,580.00 for The Forest Hiker',
  giftCard: 'Bea Lund sent you a gift card of $100.00',
  giftCardReceipt: 'Your gift card of $100.00 for Rita Berg',
  bookingNotice: 'New booking: Ada Lovelace, 2 travellers, The Forest Hiker on Sat 12 June 2027 (paid online)',
};

/** The facts each kind must state besides its string props (numbers, optional parts). */
const extraFacts: Record<EmailKind, (d: EmailData) => string[]> = {
  passwordReset: () => ['1 hour'],
  welcome: () => [],
  emailChanged: () => ['nothing in this email can undo the change'],
  signupAttempt: () => ['no new account was made'],
  bookingConfirmation: () => ['Travellers', 'calendar file', 'attached'],
  bookingCancelled: (d) => {
    if (d.kind !== 'bookingCancelled' || d.props.refunded === '') return ['No payment was refunded'];
    if (d.props.returnedBy === 'bank transfer') return [`We will transfer ${d.props.refunded} to you`];
    return ['We have refunded'];
  },
  bookingChanged: (d) =>
    d.kind === 'bookingChanged' && d.props.due !== ''
      ? ['Travellers: 3 → 4', 'is still to pay']
      : ['Date: Saturday, 12 June 2027 → Monday, 14 June 2027', 'We have refunded', 'calendar file attached'],
  reminder: () => [],
  balanceReminder: () => ['Pay the balance'],
  detailsReminder: () => ['Still needed: The name of traveller 2 (Child); Dietary needs (traveller 3, Child).'],
  reviewRequest: () => [],
  waitlistOffer: () => ['2 people', 'next person on the waiting list'],
  paymentLink: () => ['2 people', 'Pay €2,580.00'],
  giftCard: () => ['Gift card code', 'A printable card is attached'],
  giftCardReceipt: () => ['We email the card'],
  bookingNotice: (d) =>
    d.kind === 'bookingNotice' && d.props.day !== ''
      ? ['2 booking changes on your departures since the last digest', 'Grace Hopper']
      : ['A booking of a departure you look after has changed'],
  waitlistCancelled: (d) =>
    d.kind === 'waitlistCancelled' && d.props.offered === ''
      ? ['(1 person) has ended', 'Nothing was charged.']
      : ['(2 people) has ended', 'The seats we were holding for you are released', 'Nothing was charged.'],
};

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

/** Every string prop, a list of lines ("a\nb") as its lines. */
function stringProps(d: EmailData): string[] {
  return Object.values(d.props)
    .filter((v): v is string => typeof v === 'string' && v !== '')
    .flatMap((v) => v.split('\n'));
}

function urls(d: EmailData): string[] {
  return stringProps(d).filter((v) => v.startsWith('https://'));
}

const collapse = (s: string) => s.replace(/\s+/g, ' ');

describe('renderEmail', () => {
  it('has a fixture for every kind', () => {
    expect(new Set(emailFixtures.map((d) => d.kind))).toEqual(new Set(emailKinds));
    expect(emailKinds).toHaveLength(17);
  });

  it.each(emailFixtures.map((d) => [d.kind, d] as const))('%s: subject', (kind, d) => {
    expect(renderEmail(d).subject).toBe(subjects[kind]);
  });

  it.each(cases)('%s: the HTML and the text state every fact and URL', (kind, d) => {
    const { html, text } = renderEmail(d);
    const doc = parse(html);
    const shown = collapse(doc.body.textContent ?? '');
    const hrefs = [...doc.querySelectorAll('a[href]')].map((a) => a.getAttribute('href'));
    const textLines = text.split('\n').map((l) => l.trim());
    for (const fact of [...stringProps(d), ...extraFacts[kind](d)]) {
      if (!fact.startsWith('https://')) {
        expect(shown).toContain(collapse(fact));
      }
      expect(collapse(text)).toContain(collapse(fact));
    }
    for (const url of urls(d)) {
      expect(hrefs).toContain(url);
      // Written out whole on a line of its own, so it stays one clickable link.
      expect(textLines).toContain(url);
    }
    expect(shown).toContain(`Hi ${d.props.name},`);
    expect(text).toContain(`Hi ${d.props.name},`);
  });

  it.each(cases)('%s: a complete document with the subject as its title', (_kind, d) => {
    const { subject, html } = renderEmail(d);
    expect(html.startsWith('<!doctype html><html lang="en"><head>')).toBe(true);
    const doc = parse(html);
    expect(doc.querySelector('meta[charset]')?.getAttribute('charset')).toBe('utf-8');
    expect(doc.querySelector('meta[name="viewport"]')).not.toBeNull();
    expect(doc.title).toBe(subject);
    expect(doc.querySelector('h1')?.textContent).toBeTruthy();
  });

  it.each(cases)('%s: inline styles only, no images (without a logo), no remote resources', (_kind, d) => {
    const { html } = renderEmail(d);
    expect(html).not.toMatch(/<img|<style|<link|<script|<svg|<iframe|<object|<embed|<video|<picture/i);
    expect(html).not.toMatch(/\sclass=/i);
    expect(html).not.toContain('http://');
    const doc = parse(html);
    for (const el of doc.querySelectorAll('*')) {
      for (const attr of el.attributes) {
        // Only links may point anywhere; src, srcset, background, url(…) in styles may not.
        if (attr.name === 'href') {
          expect(el.tagName).toBe('A');
          expect(attr.value).toMatch(/^https:\/\//);
          continue;
        }
        expect(attr.value, `${el.tagName} ${attr.name}`).not.toMatch(/https?:|url\(|\/\//i);
      }
    }
    // Every address in the HTML is a link to a URL from the props or the site.
    const allowed = new Set([...urls(d), d.site.url]);
    for (const a of doc.querySelectorAll('a')) expect(allowed).toContain(a.getAttribute('href'));
  });

  it.each(cases)('%s: the site address in the footer, the site name as a text wordmark', (_kind, d) => {
    const doc = parse(renderEmail(d).html);
    const links = [...doc.querySelectorAll('a')];
    expect(links[0]?.textContent).toBe(d.site.name);
    expect(links[0]?.getAttribute('href')).toBe(d.site.url);
    expect(links.at(-1)?.textContent).toBe(d.site.url);
  });

  it.each(cases)('%s: a call to action styled as a button', (kind, d) => {
    const doc = parse(renderEmail(d).html);
    const button = [...doc.querySelectorAll('a')].find((a) => a.getAttribute('style')?.includes('display:inline-block'));
    expect(button, kind).toBeDefined();
    expect(button?.getAttribute('href')).toMatch(/^https:\/\//);
  });

  it.each(cases)('%s: the text is wrapped at 72 characters, URLs whole', (_kind, d) => {
    const { text } = renderEmail(d);
    expect(text.endsWith('\n')).toBe(true);
    expect(text.endsWith('\n\n')).toBe(false);
    expect(text).not.toContain('\r');
    expect(text).not.toMatch(/\n{3}/);
    for (const line of text.split('\n')) {
      if (/^\s*https:\/\/\S+$/.test(line)) continue;
      expect(Array.from(line).length, line).toBeLessThanOrEqual(textWidth);
    }
    expect(text).toContain(`\n-- \n${d.site.name}\n${d.site.url}\n`);
  });

  it('leaves out the optional facts when they are empty', () => {
    const confirmation = renderEmail(emailVariantFixtures.find((d) => d.kind === 'bookingConfirmation')!);
    expect(confirmation.text).not.toContain('Meeting point');
    expect(confirmation.html).not.toContain('Meeting point');
    // A booking taken by the operator to be paid later says what is due and by when.
    expect(confirmation.text).toContain('Please pay $497.00 by Mon 19 April 2027.');
    const paid = renderEmail(emailFixtures.find((d) => d.kind === 'bookingConfirmation')!);
    expect(paid.text).not.toContain('Please pay');
    expect(paid.text).not.toContain('Pay by');
    const cancelled = renderEmail(emailVariantFixtures.find((d) => d.kind === 'bookingCancelled')!);
    expect(cancelled.text).not.toContain('Reason');
    expect(cancelled.html).not.toContain('Reason');
    expect(cancelled.text).not.toContain('We have refunded');
  });

  it('lists what a booking bought, one line per price category and per extra, then the total', () => {
    const { html, text } = renderEmail(emailFixtures.find((d) => d.kind === 'bookingConfirmation')!);
    expect(text).toContain(
      [
        'Travellers:        2 × Adult at $497.00',
        '                   1 × Child at $250.00',
        '                   1 × Infant at $0.00',
        'Extras:            2 × Wetsuit at $15.00',
        '                   1 × Single room at $80.00',
        'Total:             $1,354.00',
      ].join('\n'),
    );
    const rows = [...parse(html).querySelectorAll('tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.innerHTML));
    expect(rows).toContainEqual(['Travellers', '2 × Adult at $497.00<br>1 × Child at $250.00<br>1 × Infant at $0.00']);
    expect(rows).toContainEqual(['Extras', '2 × Wetsuit at $15.00<br>1 × Single room at $80.00']);
    expect(rows).toContainEqual(['Total', '$1,354.00']);
    // Without extras there is no Extras line.
    const single = renderEmail(emailVariantFixtures.find((d) => d.kind === 'bookingConfirmation')!);
    expect(single.text).toContain('Travellers:        1 × Adult at $497.00\n');
    expect(single.text + single.html).not.toContain('Extras');
  });

  it('never says a card was refunded when the operator pays the money back', () => {
    const owed = emailVariantFixtures.find((d) => d.kind === 'bookingCancelled' && d.props.returnedBy !== '')!;
    const { text, html } = renderEmail(owed);
    expect(collapse(text)).toContain('We will transfer €2,580.00 to you by bank transfer');
    expect(text).not.toContain('We have refunded');
    expect(html).not.toContain('We have refunded');

    // Nor for a change or a refund that keeps a booking paid outside the site.
    const changed = emailFixtures.find((d) => d.kind === 'bookingChanged')!;
    for (const changes of ['Travellers: 3 → 2', '']) {
      const out = renderEmail({ ...changed, props: { ...changed.props, changes, returnedBy: 'cash' } } as EmailData);
      expect(collapse(out.text), changes).toContain('We will pay you back $497.00 in cash');
      expect(out.subject + out.text + out.html, changes).not.toContain('We have refunded');
      expect(out.text, changes).not.toContain('statement');
    }
  });

  it('takes the site name from the props, never hard-coded', () => {
    for (const d of emailFixtures) {
      const out = renderEmail({ ...d, site: { ...emailSite, name: 'Wanderly', url: 'https://wander.example' } } as EmailData);
      expect(JSON.stringify(out), d.kind).not.toContain('Tourbook');
      expect(out.text).toContain('Wanderly');
      expect(out.html).toContain('Wanderly');
    }
  });

  it.each(cases)("%s: a business's logo heads it, its address and contact sign it, in the HTML and the text", (_kind, d) => {
    const out = renderEmail({ ...d, site: brandedEmailSite } as EmailData);
    expect(JSON.stringify(out)).not.toContain('Tourbook');
    const doc = new DOMParser().parseFromString(out.html, 'text/html');
    const images = [...doc.querySelectorAll('img')];
    expect(images.map((i) => [i.getAttribute('src'), i.getAttribute('alt')])).toEqual([
      [brandedEmailSite.logo, 'Fjord & Fell Tours'],
    ]);
    const footer = doc.body.textContent!;
    expect(footer).toContain('Strandkaien 3, 5013 Bergen, Norway');
    expect(footer).toContain('hello@fjordfell.example · +47 55 12 34 56');
    expect(doc.querySelector('a[href="mailto:hello@fjordfell.example"]')).not.toBeNull();
    expect(out.text).toContain(
      '-- \nFjord & Fell Tours\nStrandkaien 3\n5013 Bergen\nNorway\nhello@fjordfell.example\n+47 55 12 34 56\nhttps://fjordfell.example\n',
    );
    // Painted in its colour and shades, none of the default green's left.
    expect(out.html).toContain('border-bottom:3px solid #0b4f6c');
    expect(out.html).toContain('color:#08374c');
    for (const green of ['#1f6f50', '#155239', '#e8f3ee']) expect(out.html).not.toContain(green);
  });

  it('paints a colour that is not "#rrggbb" in the default green', () => {
    const d = emailFixtures.find((f) => f.kind === 'bookingConfirmation')!;
    const out = renderEmail({ ...d, site: { ...brandedEmailSite, colour: 'red;background:url(x)' } } as EmailData);
    expect(out.html).toContain('#1f6f50');
    expect(out.html).not.toContain('#0b4f6c');
    expect(out.html).not.toContain('url(x)');
  });

  it('refuses a site without its address lines', () => {
    const d = emailFixtures[0]!;
    expect(() => renderEmail({ ...d, site: { ...emailSite, address: 'Bergen' } } as unknown as EmailData)).toThrow(
      'site.address is not a list of lines',
    );
  });

  it.each(cases)('%s: escapes hostile names in the HTML and keeps them as they are in the text', (kind, d) => {
    const props = { ...d.props, name: hostileName, ...('tourName' in d.props ? { tourName: hostileName } : {}) };
    const out = renderEmail({ ...d, props } as EmailData);
    expect(out.html).toContain('&lt;b&gt;Zoë&lt;/b&gt; &amp; &quot;Co&quot;');
    expect(out.html).not.toContain('<b>');
    expect(out.text).toContain(`Hi ${hostileName},`);
    if ('tourName' in d.props) expect(out.subject, kind).toContain(hostileName);
    expect(parse(out.html).body.textContent).toContain(`Hi ${hostileName},`);
  });

  it('escapes quotes and ampersands in link addresses', () => {
    const d = emailFixtures.find((x) => x.kind === 'passwordReset')!;
    const resetUrl = 'https://tours.example/reset?a=1&b="x"><script>';
    const { html } = renderEmail({ ...d, props: { ...d.props, resetUrl } } as EmailData);
    expect(html).toContain('href="https://tours.example/reset?a=1&amp;b=&quot;x&quot;&gt;&lt;script&gt;"');
    expect(html).not.toContain('<script>');
  });

  it('keeps the subject on one line whatever the tour name holds', () => {
    const d = emailFixtures.find((x) => x.kind === 'reminder')!;
    const out = renderEmail({ ...d, props: { ...d.props, tourName: 'Forest\r\nBcc: x@example.com ' } } as EmailData);
    expect(out.subject).toBe('Forest Bcc: x@example.com starts in two days');
  });

  it('refuses unknown kinds and props of the wrong shape', () => {
    const d = emailFixtures.find((x) => x.kind === 'passwordReset')!;
    expect(() => renderEmail({ ...d, kind: 'newsletter' } as unknown as EmailData)).toThrow(/unknown kind "newsletter"/);
    expect(() => renderEmail({ ...d, kind: 'toString' } as unknown as EmailData)).toThrow(/unknown kind/);
    expect(() => renderEmail({ ...d, props: { name: 'Ada' } } as unknown as EmailData)).toThrow(
      'renderEmail passwordReset: props.resetUrl is not a string, props.validMinutes is not a number',
    );
    expect(() => renderEmail({ ...d, props: { ...d.props, validMinutes: '60' } } as unknown as EmailData)).toThrow(
      /validMinutes is not a number/,
    );
    expect(() => renderEmail({ kind: 'welcome', props: { name: 'A', toursUrl: 'https://x' } } as unknown as EmailData)).toThrow(
      /site is missing/,
    );
    expect(() => renderEmail({ ...d, site: { ...emailSite, url: null } } as unknown as EmailData)).toThrow(
      /site.url is not a string/,
    );
  });
});
