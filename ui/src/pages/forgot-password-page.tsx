import { useState } from 'react';
import { forgotPassword } from '../api/users';
import { FormField } from '../components/form-field';
import { useSubmit } from '../lib/use-submit';

/** /forgot-password: ask for a link to set a new password. Ids: #email, #send-reset-link. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const submit = useSubmit(async () => setSent(await forgotPassword(email)));

  return (
    <div className="form-page">
      <h1 className="page-title">Forgot your password?</h1>
      <p>Type the email address of your account: we will send it a link to choose a new password.</p>
      <form className="form form--forgot" noValidate onSubmit={submit.onSubmit}>
        <FormField
          id="email"
          label="Email address"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button id="send-reset-link" type="submit" className="btn btn--primary" disabled={submit.busy}>
          {sent ? 'Send the link again' : 'Send me a link'}
        </button>
        <p className="form__alt">
          Remembered it? <a href="/login">Log in</a>
        </p>
      </form>
    </div>
  );
}
