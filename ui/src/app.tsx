import { PageShell, type PageComponent } from './page-shell';
import { pages } from './pages';
import type { PageData, PageName } from './props';
import { unknownPageData } from './unknown-page';

/**
 * The whole page for one PageData, with every page compiled in: the server bundle and the
 * tests use it. The browser loads just its own page (entry-client.tsx) into the same
 * PageShell, so both render the same markup.
 */
export function App({ data }: { data: PageData }) {
  const page = (pages as Partial<Record<PageName, PageComponent>>)[data.page];
  if (!page) return <PageShell data={unknownPageData(data)} page={pages.error} />;
  return <PageShell data={data} page={page} />;
}
