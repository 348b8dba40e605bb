import { signup, type SignupData } from '../api/users';
import { FormField } from '../components/form-field';
import { useFormFields } from '../lib/use-form-fields';
import { useSubmit } from '../lib/use-submit';

const empty: SignupData = { name: '', email: '', password: '', passwordConfirm: '' };

export function SignupPage() {
  const { fields: form, bind } = useFormFields<SignupData>(empty);
  // After a success the page is about to change: the form stays locked.
  const submit = useSubmit(() => signup(form), { leaves: (ok) => ok });

  return (
    <div className="form-page">
      <h1 className="page-title">Create your account</h1>
      <form className="form form--signup" noValidate onSubmit={submit.onSubmit}>
        <FormField id="name" label="Your name" type="text" name="name" autoComplete="name" required {...bind('name')} />
        <FormField id="email" label="Email address" type="email" name="email" autoComplete="email" required {...bind('email')} />
        <FormField
          id="password"
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          {...bind('password')}
        />
        <FormField
          id="passwordConfirm"
          label="Confirm password"
          type="password"
          name="passwordConfirm"
          autoComplete="new-password"
          required
          {...bind('passwordConfirm')}
        />
        <p className="form__hint" id="signup-legal">
          Read our <a href="/terms">terms of booking</a> and our <a href="/privacy">privacy notice</a>: how we handle your
          bookings and your data.
        </p>
        <button type="submit" className="btn btn--primary" disabled={submit.busy}>
          Sign up
        </button>
        <p className="form__alt">
          Already have an account? <a href="/login">Log in</a>
        </p>
      </form>
    </div>
  );
}
