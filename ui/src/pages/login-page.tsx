import { useState } from 'react';
import { login } from '../api/users';
import { FormField } from '../components/form-field';
import { useSubmit } from '../lib/use-submit';

export function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // After a success the page is about to change: the form stays locked.
  const submit = useSubmit(() => login(email, password), { leaves: (ok) => ok });

  return (
    <div className="form-page">
      <h1 className="page-title">Log into your account</h1>
      {/* SPEC.md §5: no client-side validation; the server's message is shown instead. */}
      <form className="form form--login" noValidate onSubmit={submit.onSubmit}>
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
        <button type="submit" className="btn btn--primary" disabled={submit.busy}>
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
