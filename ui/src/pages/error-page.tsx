import type { PageProps } from '../props';

export function ErrorPage({ status, title, message }: PageProps['error']) {
  return (
    <div className="error-page">
      <p className="error-page__status">{status}</p>
      <h1 className="page-title">{title}</h1>
      <p className="error-page__message">{message}</p>
      <a className="btn btn--primary" href="/">
        Back to all tours
      </a>
    </div>
  );
}
