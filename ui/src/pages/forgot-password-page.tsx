import { useState, type FormEvent } from 'react';
import { forgotPassword } from '../api/users';
import { FormField } from '../components/form-field';

/** /forgot-password: ask for a link to set a new password. Ids: #email, #send-reset-link. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setBusy(true);
    setSent(await forgotPassword(email));
    setBusy(false);
  }

  return (
    <div className="form-page">
      <h1 className="page-title">Forgot your password?</h1>
      <p>Type the email address of your account: we will send it a link to choose a new password.</p>
      <form className="form form--forgot" noValidate onSubmit={(e) => void submit(e)}>
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
        <button id="send-reset-link" type="submit" className="btn btn--primary" disabled={busy}>
          {sent ? 'Send the link again' : 'Send me a link'}
        </button>
        <p className="form__alt">
          Remembered it? <a href="/login">Log in</a>
        </p>
      </form>
    </div>
  );
}
