import type { Paging } from '../../props';

interface PagerProps {
  paging: Paging;
  /** Rows on this page */
  shown: number;
  /** The list's address for a page, with the filters it was shown with */
  pageUrl: (page: number) => string;
}

/** "Showing N of TOTAL" and the Previous / Next links of a long list (plain links: no JS needed). */
export function Pager({ paging, shown, pageUrl }: PagerProps) {
  if (shown === 0 && !paging.hasPrev && !paging.hasNext) return null;
  return (
    <nav className="pager" aria-label="Pages">
      <p id="pager-summary" className="pager__summary">
        {`Showing ${shown} of ${paging.total}`}
        {paging.hasPrev || paging.hasNext ? <span className="pager__page">{` (page ${paging.page})`}</span> : null}
      </p>
      {paging.hasPrev ? (
        <a id="pager-prev" className="btn btn--tiny" href={pageUrl(paging.page - 1)} rel="prev">
          Previous
        </a>
      ) : null}
      {paging.hasNext ? (
        <a id="pager-next" className="btn btn--tiny" href={pageUrl(paging.page + 1)} rel="next">
          Next
        </a>
      ) : null}
    </nav>
  );
}
