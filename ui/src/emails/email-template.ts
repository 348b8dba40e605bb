// What every template file provides: a subject, a React component for the HTML and a
// plain function for the text alternative, all computed from the same props; notice()
// (email-notice.tsx) makes all three from one description of the email's blocks.
import type { ComponentType } from 'react';
import type { EmailSite } from './email-props';

export interface EmailTemplateProps<P> {
  site: EmailSite;
  props: P;
}

export interface EmailTemplate<P> {
  subject: (data: EmailTemplateProps<P>) => string;
  /** Renders the whole document, from <html> down (see EmailLayout). */
  Component: ComponentType<EmailTemplateProps<P>>;
  text: (data: EmailTemplateProps<P>) => string;
}

/** One line of a details table ("Date: Saturday, 12 June 2027"), in the HTML and the text. */
export interface Fact {
  label: string;
  value: string;
  /** Makes the value a link in the HTML; the text writes the URL out under the value. */
  href?: string;
  /** Further lines of the value, each on its own line under it ("1 × Child at $250.00"). */
  more?: readonly string[];
}
