import { useRef, useState } from 'react';
import { deleteMe, MY_DATA_URL, updateSettings, type PasswordChange } from '../api/users';
import { FormField } from '../components/form-field';
import { NewPasswordFields } from '../components/new-password-fields';
import { UserPhoto } from '../components/user-photo';
import { useFormFields } from '../lib/use-form-fields';
import { useSubmit } from '../lib/use-submit';
import type { SessionUser } from '../props';
import { useSession } from '../session';

const SAVE_PASSWORD_TEXT = 'Save password';
const UPDATING_TEXT = 'Updating...';
const noPasswords: PasswordChange = { passwordCurrent: '', password: '', passwordConfirm: '' };

function UserDataForm({ user, onSaved }: { user: SessionUser; onSaved: (user: SessionUser) => void }) {
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  // The server asks for the current password when the sign-in email changes: the field
  // shows only then, and is sent only then.
  const [passwordCurrent, setPasswordCurrent] = useState('');
  const emailChanges = email.trim().toLowerCase() !== user.email.toLowerCase();
  const photoRef = useRef<HTMLInputElement>(null);

  const save = useSubmit(async () => {
    const form = new FormData();
    form.append('name', name);
    form.append('email', email);
    if (emailChanges) form.append('passwordCurrent', passwordCurrent);
    const photo = photoRef.current?.files?.[0];
    if (photo) form.append('photo', photo);

    const res = await updateSettings(form, 'data');
    const saved = res.status === 'success' ? res.data?.user : undefined;
    if (saved) {
      setName(saved.name);
      setEmail(saved.email);
      setPasswordCurrent('');
      if (photoRef.current) photoRef.current.value = '';
      onSaved(saved);
    }
  });

  return (
    // SPEC.md §5: no client-side validation; the server's message is shown instead.
    <form className="form form-user-data" noValidate onSubmit={save.onSubmit}>
      <FormField id="name" label="Name" type="text" name="name" autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} />
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
      {emailChanges && (
        <FormField
          id="email-password-current"
          label="Current password, to change your email"
          type="password"
          name="passwordCurrent"
          autoComplete="current-password"
          required
          value={passwordCurrent}
          onChange={(e) => setPasswordCurrent(e.target.value)}
        />
      )}
      <div className="form__group form__photo-upload">
        <UserPhoto className="form__user-photo" src={user.photo} srcSet={user.photoSrcSet} size={72} alt={`Current photo of ${user.name}`} />
        <div>
          <label className="form__label" htmlFor="photo">
            Choose new photo
          </label>
          <input
            className="form__upload"
            type="file"
            id="photo"
            name="photo"
            accept="image/jpeg,image/png,image/webp"
            ref={photoRef}
          />
        </div>
      </div>
      <button type="submit" className="btn btn--primary" disabled={save.busy}>
        Save settings
      </button>
    </form>
  );
}

function PasswordForm({ email }: { email: string }) {
  const { fields, bind, reset } = useFormFields<PasswordChange>(noPasswords);
  const save = useSubmit(
    async () => {
      await updateSettings(fields, 'password');
      // SPEC.md §4: the button text comes back and the three fields are cleared afterwards.
      reset();
    },
    { busyText: UPDATING_TEXT },
  );

  return (
    <form className="form form-user-password" noValidate onSubmit={save.onSubmit}>
      {/* Lets password managers tie the new password to the account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormField
        id="password-current"
        label="Current password"
        type="password"
        name="passwordCurrent"
        autoComplete="current-password"
        required
        {...bind('passwordCurrent')}
      />
      <NewPasswordFields password={bind('password')} confirm={bind('passwordConfirm')} />
      <button type="submit" className="btn btn--primary btn--save-password" disabled={save.busy}>
        {save.text(SAVE_PASSWORD_TEXT)}
      </button>
    </form>
  );
}

/** What the site holds about the account, as a JSON file (issue #22 §5). */
function DataSection() {
  return (
    <>
      <p className="form__hint">A copy of your account, bookings (with travellers, payments and refunds), reviews, waiting lists and consents, as a JSON file.</p>
      <a id="download-data" className="btn btn--small btn--outline" href={MY_DATA_URL} download>
        Download my data
      </a>
    </>
  );
}

/**
 * Deleting the account asks for the password; the server refuses it while a booking is
 * paid for a departure to come. Bookings, receipts and reviews stay, under placeholders.
 */
function DeleteAccountForm({ email }: { email: string }) {
  const [password, setPassword] = useState('');
  const remove = useSubmit(() => deleteMe(password), { leaves: (deleted) => deleted });
  return (
    <form id="delete-account" className="form form-delete-account" noValidate onSubmit={remove.onSubmit}>
      <p className="form__hint">
        Your name, email and photo are removed and you are signed out everywhere. Your bookings and receipts are kept for our accounts, and your reviews stay, signed “A former traveller”. This cannot be undone.
      </p>
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormField
        id="delete-password"
        label="Your password, to delete your account"
        type="password"
        name="passwordCurrent"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <button id="delete-account-submit" type="submit" className="btn btn--danger-fill" disabled={remove.busy}>
        Delete my account
      </button>
    </form>
  );
}

export function AccountPage() {
  const { user, setUser } = useSession();
  if (!user) {
    return (
      <div className="form-page">
        <h1 className="page-title">Your account</h1>
        <p>
          Please <a href="/login">log in</a> to see your account.
        </p>
      </div>
    );
  }
  return (
    <div className="account">
      <h1 className="page-title">Your account settings</h1>
      <section className="account__section" aria-labelledby="data-title">
        <h2 id="data-title" className="section-title">
          Your details
        </h2>
        <UserDataForm user={user} onSaved={setUser} />
      </section>
      <section className="account__section" aria-labelledby="password-title">
        <h2 id="password-title" className="section-title">
          Password change
        </h2>
        <PasswordForm email={user.email} />
      </section>
      <section className="account__section" aria-labelledby="your-data-title">
        <h2 id="your-data-title" className="section-title">
          Your data
        </h2>
        <DataSection />
      </section>
      <section className="account__section" aria-labelledby="delete-title">
        <h2 id="delete-title" className="section-title">
          Delete your account
        </h2>
        <DeleteAccountForm email={user.email} />
      </section>
    </div>
  );
}
