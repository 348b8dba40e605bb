import type { ComponentType } from 'react';
import { Layout } from './components/layout';
import type { PageData, PageName, PageProps } from './props';
import { SessionProvider } from './session';

/** The component of one page, given that page's props. */
export type PageComponent<P extends PageName = PageName> = ComponentType<PageProps[P]>;

/** The whole page around its component: the same on the server and in the browser. */
export function PageShell<P extends PageName>({ data, page: Page }: { data: PageData<P>; page: PageComponent<P> }) {
  return (
    <SessionProvider site={data.site} initialUser={data.user}>
      <Layout page={data.page}>
        <Page {...data.props} />
      </Layout>
    </SessionProvider>
  );
}
