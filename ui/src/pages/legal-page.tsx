// /terms, /privacy, /imprint and /terms/v/{n}: a legal page as the operator wrote it
// (Markdown rendered and sanitised on the server, internal/legal), or the word that it is
// not written yet. Ids for browser tests: #legal-text, #legal-version, #legal-current.
import type { PageProps } from '../props';

export function LegalPage({ kind, title, html, version, savedOn, currentUrl }: PageProps['legal']) {
  if (version === 0) {
    return (
      <div className="legal">
        <h1 className="page-title">{title}</h1>
        <p id="legal-text">{`Our ${title.toLowerCase()} ${kind === 'terms' ? 'are' : 'is'} not written yet. Please check again soon, or ask us if you have a question.`}</p>
        <a href="/">Back to all tours</a>
      </div>
    );
  }
  return (
    <article className="legal">
      {currentUrl ? (
        <p id="legal-current" className="legal__old" role="note">
          {`This is version ${version} of our ${title.toLowerCase()}, from ${savedOn}. `}
          <a href={currentUrl}>Read the current version</a>
        </p>
      ) : null}
      {/* Sanitised by the server (bluemonday): the operator's Markdown, never a visitor's. */}
      <div id="legal-text" className="legal__text" dangerouslySetInnerHTML={{ __html: html }} />
      <p id="legal-version" className="legal__version">{`Version ${version}, ${savedOn}`}</p>
    </article>
  );
}
