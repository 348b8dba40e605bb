import type { ReactNode } from 'react';
import { Footer } from './footer';
import { Header } from './header';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main className="main" id="main">
        {children}
      </main>
      <Footer />
    </>
  );
}
