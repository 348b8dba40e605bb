// The business's brand colour in emails: the button, the details table's tint, links and
// the heading take it from the site (Go derives the shades, as for the pages' style
// sheet); anything but "#rrggbb" falls back to the site's default green. Mail clients
// do not support CSS variables, so the colours are written into each inline style.
import { createContext, useContext, type ReactNode } from 'react';
import type { EmailSite } from './email-props';
import { colors } from './email-styles';

export interface EmailColours {
  green: string;
  greenDark: string;
  greenLight: string;
}

const defaults: EmailColours = { green: colors.green, greenDark: colors.greenDark, greenLight: colors.greenLight };

const hex = /^#[0-9a-fA-F]{6}$/;

/** The colours of site, or the defaults when any is not "#rrggbb". */
export function coloursOf(site: EmailSite): EmailColours {
  const { colour, colourDark, colourLight } = site;
  return hex.test(colour) && hex.test(colourDark) && hex.test(colourLight)
    ? { green: colour, greenDark: colourDark, greenLight: colourLight }
    : defaults;
}

const ColoursContext = createContext<EmailColours>(defaults);

export function EmailColoursProvider({ site, children }: { site: EmailSite; children: ReactNode }) {
  return <ColoursContext.Provider value={coloursOf(site)}>{children}</ColoursContext.Provider>;
}

export function useEmailColours(): EmailColours {
  return useContext(ColoursContext);
}
