import { resetPassword } from '../api/users';
import { NewPasswordFields } from '../components/new-password-fields';
import { useFormFields } from '../lib/use-form-fields';
import { useSubmit } from '../lib/use-submit';
import type { PageProps } from '../props';

const empty = { password: '', passwordConfirm: '' };

/** /reset-password/{token}: a new password through a reset link. Ids: #password, #password-confirm, #save-new-password. */
export function ResetPasswordPage({ token, usable }: PageProps['resetPassword']) {
  const { fields, bind } = useFormFields(empty);
  // After a success the page is about to change: the form stays locked.
  const submit = useSubmit(() => resetPassword(token, fields.password, fields.passwordConfirm), { leaves: (ok) => ok });

  if (!usable) {
    return (
      <div className="form-page">
        <h1 className="page-title">This link has expired</h1>
        <p>A link to reset your password works once, for 30 minutes.</p>
        <a className="btn btn--primary" href="/forgot-password">
          Ask for a new link
        </a>
      </div>
    );
  }

  return (
    <div className="form-page">
      <h1 className="page-title">Choose a new password</h1>
      <form className="form form--reset" noValidate onSubmit={submit.onSubmit}>
        <NewPasswordFields password={bind('password')} confirm={bind('passwordConfirm')} />
        <button id="save-new-password" type="submit" className="btn btn--primary" disabled={submit.busy}>
          Save new password
        </button>
      </form>
    </div>
  );
}
