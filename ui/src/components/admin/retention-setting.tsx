import { setEmailRetention } from '../../api/admin-emails';
import { settleAnswer } from '../../lib/answer';
import { useFormFields } from '../../lib/use-form-fields';
import { useSubmit } from '../../lib/use-submit';
import { FormField } from '../form-field';

/**
 * How long sent emails keep their text and attachments (issue #22 §5): after that the
 * outbox keeps only who, what and when. Held and failed emails keep theirs.
 * Ids for browser tests: #email-retention (the form), #retention-days, #retention-save.
 */
export function RetentionSetting({ days }: { days: number }) {
  const { fields, bind } = useFormFields({ days: String(days) });
  const save = useSubmit(async () => {
    settleAnswer(await setEmailRetention(fields.days), 'days', (d) => `Sent emails now keep their text for ${d} days`);
  });
  return (
    <section className="admin-section" aria-labelledby="email-retention-title">
      <h2 id="email-retention-title" className="section-title">
        Keeping sent emails
      </h2>
      <form id="email-retention" className="admin-form" aria-labelledby="email-retention-title" noValidate onSubmit={save.onSubmit}>
        <p className="form__hint">
          Sent emails lose their text and attachments after this many days; the list keeps who, what and when. Held and failed emails keep theirs.
        </p>
        <FormField id="retention-days" label="Keep sent emails for (days)" type="text" inputMode="numeric" name="days" required error={save.errors.days} {...bind('days')} />
        <button id="retention-save" type="submit" className="btn btn--small" disabled={save.busy}>
          Save
        </button>
      </form>
    </section>
  );
}
