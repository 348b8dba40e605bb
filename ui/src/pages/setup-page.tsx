import { completeSetup } from '../api/users';
import { FormField } from '../components/form-field';
import { NewPasswordFields } from '../components/new-password-fields';
import { useFormFields } from '../lib/use-form-fields';
import { useSubmit } from '../lib/use-submit';
import type { PageProps } from '../props';

const empty = { name: '', email: '', password: '', passwordConfirm: '' };

/**
 * /setup/{token}: a new site's first administrator, through the one-time address its
 * start-up log gave. Ids: #name, #email, #password, #password-confirm, #create-admin.
 */
export function SetupPage({ token }: PageProps['setup']) {
  const { fields, bind } = useFormFields(empty);
  // After a success the page is about to change: the form stays locked.
  const submit = useSubmit(() => completeSetup({ token, ...fields }), { leaves: (ok) => ok });

  return (
    <div className="form-page">
      <h1 className="page-title">Set up your site</h1>
      <p>Create the first administrator: the account that runs the back office. This address works once.</p>
      <form className="form form--setup" noValidate onSubmit={submit.onSubmit}>
        <FormField id="name" label="Your name" name="name" autoComplete="name" required {...bind('name')} />
        <FormField id="email" label="Email address" type="email" name="email" autoComplete="email" required {...bind('email')} />
        <NewPasswordFields label="Password" password={bind('password')} confirm={bind('passwordConfirm')} />
        <button id="create-admin" type="submit" className="btn btn--primary" disabled={submit.busy}>
          Create the administrator
        </button>
      </form>
    </div>
  );
}
