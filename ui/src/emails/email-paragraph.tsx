import type { ReactNode } from 'react';
import { paragraphStyle } from './email-styles';

export function EmailParagraph({ children }: { children: ReactNode }) {
  return <p style={paragraphStyle}>{children}</p>;
}
