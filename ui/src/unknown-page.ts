import type { PageData } from './props';

/** What to show for a page name this build does not know: the error page, as a 500. */
export function unknownPageData(data: PageData): PageData<'error'> {
  return {
    ...data,
    page: 'error',
    props: { status: 500, title: 'Something went wrong', message: 'This page could not be shown.' },
  };
}
