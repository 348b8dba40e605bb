import { useState, type FormEvent } from 'react';
import { login } from '../api/users';
import { FormField } from '../components/form-field';

export function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setBusy(true);
    const ok = await login(email, password);
    // After a success the page is about to change: keep the form locked.
    if (!ok) setBusy(false);
  }

  return (
    <div className="form-page">
      <h1 className="page-title">Log into your account</h1>
      {/* SPEC.md §5: no client-side validation; the server's message is shown instead. */}
      <form className="form form--login" noValidate onSubmit={(e) => void submit(e)}>
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
        <FormField
          id="password"
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          Log in
        </button>
        <p className="form__alt">
          <a href="/forgot-password">Forgot your password?</a>
        </p>
        <p className="form__alt">
          New here? <a href="/signup">Create an account</a>
        </p>
      </form>
    </div>
  );
}
