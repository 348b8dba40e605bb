// /admin/emails/{id}: one email of the outbox, its parts and delivery history; resend it
// (docs/admin.md, admins).
// The HTML part is never put into the page's DOM: it is shown in an <iframe sandbox="">
// (no allowances: no script, no form, an opaque origin) through srcdoc, and the page's CSP,
// which the frame inherits, loads no remote image.
// Ids for browser tests: #admin-nav, #email-details, #email-status, #email-history,
// #email-attachments, #email-html (the iframe), #email-text, #email-resend.
import { useState } from 'react';
import { resendEmail } from '../api/admin-emails';
import { AdminNav } from '../components/admin/admin-nav';
import { StatusBadge } from '../components/status-badge';
import { settleAnswer } from '../lib/answer';
import { useSubmit } from '../lib/use-submit';
import type { PageProps } from '../props';

export function AdminEmailPage({ email: initialEmail }: PageProps['adminEmail']) {
  // The resend answers with the whole email, which replaces the page's copy.
  const [email, setEmail] = useState(initialEmail);
  const resend = useSubmit(async () => {
    const saved = settleAnswer(await resendEmail(email.id), 'email', 'Email queued again');
    if (saved) setEmail(saved);
  });

  return (
    <div className="admin">
      <AdminNav current="emails" exact={false} />
      <p className="admin__back">
        <a href="/admin/emails">All emails</a>
      </p>
      <h1 className="page-title">{email.subject}</h1>

      <section className="admin-section" aria-labelledby="email-details-title">
        <h2 id="email-details-title" className="section-title">
          Details
        </h2>
        <dl id="email-details" className="admin-facts">
          <div>
            <dt>To</dt>
            <dd>{email.to}</dd>
          </div>
          <div>
            <dt>Subject</dt>
            <dd>{email.subject}</dd>
          </div>
          <div>
            <dt>Kind</dt>
            <dd>
              <code>{email.kind}</code>
            </dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd id="email-status">
              <StatusBadge status={`email-${email.status}`} label={email.statusLabel} />
            </dd>
          </div>
          <div>
            <dt>Queued</dt>
            <dd>{email.createdAt}</dd>
          </div>
          <div>
            <dt>Sent</dt>
            <dd>{email.sentAt === '' ? 'Not sent' : email.sentAt}</dd>
          </div>
          <div>
            <dt>Attempts</dt>
            <dd>{email.resends > 0 ? `${email.attempts} (resent ${email.resends}×)` : email.attempts}</dd>
          </div>
          <div>
            <dt>Next attempt</dt>
            <dd>{email.nextAttemptAt === '' ? 'None' : email.nextAttemptAt}</dd>
          </div>
          <div>
            <dt>Last error</dt>
            <dd>{email.lastError === '' ? 'None' : email.lastError}</dd>
          </div>
        </dl>
        {email.bodyRemoved ? (
          <p id="email-body-removed" className="form__hint">
            This email’s text and attachments were removed after the retention period set on the outbox page, so it cannot be sent again.
          </p>
        ) : (
          <button id="email-resend" type="button" className="btn btn--primary" disabled={resend.busy} onClick={() => void resend.run()}>
            Resend
          </button>
        )}
      </section>

      <section className="admin-section" aria-labelledby="email-history-title">
        <h2 id="email-history-title" className="section-title">
          Delivery history
        </h2>
        {email.history.length === 0 ? (
          <p className="empty">No attempt yet.</p>
        ) : (
          <ol id="email-history" className="admin-history">
            {email.history.map((attempt, i) => (
              // Attempts have no id and never move: the position is their identity.
              <li key={i} className="admin-history__item">
                <span className="admin-history__at">{attempt.at}</span>
                <span className="admin-history__label">{attempt.outcomeLabel}</span>
                {attempt.error !== '' ? <p className="admin-history__detail">{attempt.error}</p> : null}
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="admin-section" aria-labelledby="email-attachments-title">
        <h2 id="email-attachments-title" className="section-title">
          Attachments
        </h2>
        {email.attachments.length === 0 ? (
          <p className="empty">None.</p>
        ) : (
          <ul id="email-attachments">
            {email.attachments.map((file) => (
              <li key={file.name}>
                <code>{file.name}</code> {`(${file.contentType}, ${file.sizeLabel})`}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="admin-section" aria-labelledby="email-html-title">
        <h2 id="email-html-title" className="section-title">
          HTML part
        </h2>
        {email.html === '' ? (
          <p className="empty">This email has no HTML part.</p>
        ) : (
          // sandbox="" allows nothing: no script, no form, no same origin, no top navigation.
          <iframe id="email-html" className="email-preview" title={`HTML part of “${email.subject}”`} sandbox="" srcDoc={email.html} />
        )}
      </section>

      <section className="admin-section" aria-labelledby="email-text-title">
        <h2 id="email-text-title" className="section-title">
          Text part
        </h2>
        {email.text === '' ? (
          <p className="empty">This email has no text part.</p>
        ) : (
          <pre id="email-text" className="email-text">
            {email.text}
          </pre>
        )}
      </section>
    </div>
  );
}
