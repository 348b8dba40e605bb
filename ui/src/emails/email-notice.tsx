// Every email is a notice: a greeting, then paragraphs, a details table and a button in the
// order the template gives, from which both the HTML (EmailLayout and its parts) and the
// plain-text alternative (plain-text.ts) are made. A template is then only its words.
import { EmailButton } from './email-button';
import { EmailFacts } from './email-facts';
import { oneLine } from './email-format';
import { EmailLayout } from './email-layout';
import { EmailParagraph } from './email-paragraph';
import type { EmailSite } from './email-props';
import type { EmailTemplate, EmailTemplateProps, Fact } from './email-template';
import { factsText, linkText, plainTextEmail, wrap } from './plain-text';

export type NoticeBlock =
  /** A paragraph; "" is left out. `text` words it differently in the plain text ("the link below"). */
  | { paragraph: string; text?: string }
  | { facts: Fact[] }
  | { button: string; href: string };

export interface Notice {
  subject: string;
  /** The big title of the HTML and the underlined one of the text. */
  heading: string;
  /** The inbox's preview line. */
  preview: string;
  /** Whom "Hi …," greets. */
  name: string;
  blocks: NoticeBlock[];
}

function NoticeBlockHTML({ block }: { block: NoticeBlock }) {
  if ('facts' in block) return <EmailFacts facts={block.facts} />;
  if ('button' in block) return <EmailButton href={block.href} label={block.button} />;
  return block.paragraph === '' ? null : <EmailParagraph>{block.paragraph}</EmailParagraph>;
}

function noticeText(site: EmailSite, n: Notice): string {
  const blocks = n.blocks.map((b) => {
    if ('facts' in b) return factsText(b.facts);
    if ('button' in b) return linkText(`${b.button}:`, b.href);
    return wrap(b.text ?? b.paragraph);
  });
  return plainTextEmail({ site, heading: n.heading, blocks: [wrap(`Hi ${n.name},`), ...blocks] });
}

/** The template whose subject, HTML and text are those of the notice `words` writes. */
export function notice<P>(words: (data: EmailTemplateProps<P>) => Notice): EmailTemplate<P> {
  return {
    subject: (data) => oneLine(words(data).subject),
    Component: function NoticeEmail(data) {
      const n = words(data);
      return (
        <EmailLayout site={data.site} title={oneLine(n.subject)} preview={n.preview} heading={n.heading}>
          <EmailParagraph>Hi {n.name},</EmailParagraph>
          {n.blocks.map((block, i) => (
            <NoticeBlockHTML key={i} block={block} />
          ))}
        </EmailLayout>
      );
    },
    text: (data) => noticeText(data.site, words(data)),
  };
}
