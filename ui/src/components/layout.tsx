import type { ReactNode } from 'react';
import type { PageName } from '../props';
import { Footer } from './footer';
import { Header } from './header';

export function Layout({ page, children }: { page?: PageName; children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header page={page} />
      <main className="main" id="main">
        {children}
      </main>
      <Footer />
    </>
  );
}
