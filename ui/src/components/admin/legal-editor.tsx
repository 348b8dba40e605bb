import { useId, useState } from 'react';
import { previewLegal, saveLegal } from '../../api/legal';
import { errorMessage } from '../../api/client';
import { showAlert } from '../../lib/alert';
import { settleAnswer } from '../../lib/answer';
import { raiseFieldErrors } from '../../lib/field-errors';
import { thousands } from '../../lib/format';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { useSubmit } from '../../lib/use-submit';
import type { AdminLegalText, AdminLegalVersion } from '../../props';
import { FieldError, fieldAria } from '../field-error';

interface LegalEditorProps {
  text: AdminLegalText;
  maxLength: number;
  /** Told of each save that made a new version. */
  onSaved: (kind: string, version: AdminLegalVersion) => void;
}

/**
 * One legal page's editor: its Markdown, a preview as the page will show it (rendered
 * and sanitised by the server, the same as the page), and Save, which makes the next
 * version. Ids for browser tests, by kind (terms, privacy, imprint): #legal-KIND (the
 * textarea), #legal-KIND-preview-button, #legal-KIND-save, #legal-KIND-preview,
 * #legal-KIND-version.
 */
export function LegalEditor({ text, maxLength, onSaved }: LegalEditorProps) {
  const { kind, title } = text;
  const [markdown, setMarkdown] = useState(text.markdown);
  const [saved, setSaved] = useState({ markdown: text.markdown, version: text.version });
  const [preview, setPreview] = useState<string | null>(null);
  const hintId = useId();
  const fieldId = `legal-${kind}`;
  useUnsavedChanges(markdown !== saved.markdown);

  const save = useSubmit(async () => {
    const res = await saveLegal(kind, markdown);
    const made = res.data?.new ?? false;
    const version = settleAnswer(res, 'version', (v) =>
      made ? `${title} saved as version ${v.number}` : `${title} unchanged: still version ${v.number}`,
    );
    if (!version || !res.data) return;
    setMarkdown(res.data.markdown);
    setSaved({ markdown: res.data.markdown, version });
    if (made) onSaved(kind, version);
  });
  const show = useSubmit(async () => {
    const res = await previewLegal(kind, markdown);
    if (res.status !== 'success' || !res.data) {
      showAlert('error', errorMessage(res));
      raiseFieldErrors(res);
      return;
    }
    setPreview(res.data.html);
  });
  const error = save.errors.markdown ?? show.errors.markdown;

  return (
    <section className="admin-section" aria-labelledby={`${fieldId}-title`}>
      <h2 id={`${fieldId}-title`} className="section-title">
        {title}
      </h2>
      <p id={`${fieldId}-version`} className="form__hint">
        {saved.version.number === 0 ? (
          'Not written yet: the page says so to visitors.'
        ) : (
          <>
            {`Version ${saved.version.number}, saved ${saved.version.savedAt} by ${saved.version.savedBy}. `}
            <a href={text.path}>See the page</a>
          </>
        )}
      </p>
      <form className="admin-form" noValidate onSubmit={save.onSubmit} aria-labelledby={`${fieldId}-title`}>
        <div className="form__group">
          <label className="form__label" htmlFor={fieldId}>
            {`${title} (Markdown)`}
          </label>
          <textarea
            id={fieldId}
            className="form__input legal-editor__text"
            rows={12}
            value={markdown}
            onChange={(e) => setMarkdown(e.target.value)}
            {...fieldAria(fieldId, error, hintId)}
          />
          <p id={hintId} className="form__hint">
            {`${thousands(markdown.length)} of ${thousands(maxLength)} characters. # a heading, **bold**, *italic*, - a list, [a link](https://…).`}
            {kind === 'terms' ? ' Each save is a new version; travellers accept the newest when they book.' : ''}
          </p>
          <FieldError fieldId={fieldId} message={error} />
        </div>
        <div className="admin-form__row">
          <button id={`${fieldId}-preview-button`} type="button" className="btn btn--small btn--outline" disabled={show.busy} onClick={() => void show.run()}>
            Preview
          </button>
          <button id={`${fieldId}-save`} type="submit" className="btn btn--small" disabled={save.busy}>
            {save.text('Save')}
          </button>
        </div>
      </form>
      {preview !== null ? (
        <div className="legal-editor__preview" aria-label={`Preview of the ${title.toLowerCase()}`} role="region">
          {/* Sanitised by the server, exactly as the page shows it. */}
          <div id={`${fieldId}-preview`} className="legal__text" dangerouslySetInnerHTML={{ __html: preview }} />
        </div>
      ) : null}
    </section>
  );
}
