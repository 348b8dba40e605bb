// A test SMTP server on loopback: the tourbook binary sends its emails here
// (`--smtp-url smtp://127.0.0.1:PORT?tls=none`), and tests read them. One per Playwright
// worker that asks for it (the `smtpServer` option of lib/fixtures.ts).
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO), lower-cased. */
  rcptTo: string[];
  /** The envelope's sender (MAIL FROM). */
  mailFrom: string;
  /** The message as it came over DATA. */
  raw: Buffer;
  /** The message parsed (headers, text and HTML parts). */
  parsed: ParsedMail;
  /** The addresses of the To header, lower-cased. */
  to: string[];
}

interface Waiter {
  from: number;
  matches: (mail: ReceivedMail) => boolean;
  resolve: (mail: ReceivedMail) => void;
}

export interface MessageFilter {
  /** Only messages received at or after this mark (default: from now on). */
  since?: number;
  /** Only messages with this Subject. */
  subject?: string;
}

/** Whether `mail` goes to `address` (its envelope or its To header). */
export function isTo(mail: ReceivedMail, address: string): boolean {
  const a = address.toLowerCase();
  return mail.rcptTo.includes(a) || mail.to.includes(a);
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return list.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
}

export class TestSmtpServer {
  /** Every message accepted, in the order they arrived. */
  readonly messages: ReceivedMail[] = [];
  private waiters: Waiter[] = [];
  private readonly server: SMTPServer;
  private port = 0;

  constructor() {
    this.server = new SMTPServer({
      // Plain SMTP on loopback: no STARTTLS, no AUTH (the binary sends none with tls=none).
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      logger: false,
      size: 10 * 1024 * 1024,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', callback);
        stream.on('end', () => {
          const raw = Buffer.concat(chunks);
          simpleParser(raw).then(
            (parsed) => {
              this.add({
                rcptTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
                mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                raw,
                parsed,
                to: addresses(parsed.to),
              });
              callback();
            },
            (err: Error) => callback(err),
          );
        });
      },
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    // SMTPServer keeps its net.Server in `.server`.
    const addr = (this.server as unknown as { server: import('node:net').Server }).server.address();
    this.port = typeof addr === 'object' && addr ? addr.port : 0;
    if (!this.port) throw new Error('the test SMTP server has no port');
  }

  /** The --smtp-url for the tourbook binary. */
  get url(): string {
    return `smtp://127.0.0.1:${this.port}?tls=none`;
  }

  /** A mark in the stream of messages: the index the next one will have. */
  mark(): number {
    return this.messages.length;
  }

  /** Messages received since `mark`. */
  since(mark: number): ReceivedMail[] {
    return this.messages.slice(mark);
  }

  /**
   * Resolves with the first message to `to` (envelope or To header), and with the Subject
   * if given, received at or after `since` (default: from now on), as soon as it arrives.
   */
  nextMessageTo(to: string, { since = this.mark(), subject }: MessageFilter = {}): Promise<ReceivedMail> {
    const matches = (m: ReceivedMail) => isTo(m, to) && (subject === undefined || m.parsed.subject === subject);
    const found = this.messages.slice(since).find(matches);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => this.waiters.push({ from: since, matches, resolve }));
  }

  private add(mail: ReceivedMail): void {
    const index = this.messages.length;
    this.messages.push(mail);
    const ready = this.waiters.filter((w) => index >= w.from && w.matches(mail));
    this.waiters = this.waiters.filter((w) => !ready.includes(w));
    for (const w of ready) w.resolve(mail);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const smtp = new TestSmtpServer();
  await smtp.start();
  return smtp;
}
