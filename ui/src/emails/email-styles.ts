// Inline styles shared by the email components. Mail clients drop <style> blocks and
// external CSS unpredictably, so every element carries its own style attribute; the
// colours are the site's (styles/main.css) written out, since var() is not supported.
import type { CSSProperties } from 'react';

export const colors = {
  green: '#1f6f50',
  greenDark: '#155239',
  greenLight: '#e8f3ee',
  text: '#2b2b2b',
  muted: '#595959',
  border: '#d9ddd9',
  bg: '#f6f7f5',
  white: '#ffffff',
} as const;

/** Fonts every client has; no web fonts (they would be remote resources). */
export const fontFamily = 'Helvetica, Arial, sans-serif';

export const textStyle: CSSProperties = {
  fontFamily,
  fontSize: 16,
  lineHeight: '24px',
  color: colors.text,
};

export const paragraphStyle: CSSProperties = { ...textStyle, margin: '0 0 16px' };

export const linkStyle: CSSProperties = { color: colors.green, textDecoration: 'underline' };

export const smallStyle: CSSProperties = {
  fontFamily,
  fontSize: 13,
  lineHeight: '20px',
  color: colors.muted,
  margin: '0 0 8px',
};
