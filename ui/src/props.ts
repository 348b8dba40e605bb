// The contract between the Go page handlers and the React pages.
//
// The types are declared once, in Go (internal/view), and generated into
// ./generated/view.ts by `make generate` (`make lint` fails while that file is stale):
// change them there, never here. This file re-exports them with the two types only the UI
// needs. The Go side serialises the props as JSON and hands them to the server bundle's
// renderPage(page, json); the same JSON is embedded in the document (<script
// id="page-props" type="application/json">) so the client hydrates with identical props.
// Everything locale-dependent (prices, dates) is formatted in Go and arrives as a string:
// Intl in the server's JS engine may differ from the browser's and break hydration.
import type { PageProps, SessionUser, SiteConfig } from './generated/view';

export type * from './generated/view';

export type PageName = keyof PageProps;

/** What the document carries in #page-props and what renderPage receives. */
export interface PageData<P extends PageName = PageName> {
  page: P;
  site: SiteConfig;
  user: SessionUser | null;
  props: PageProps[P];
}
