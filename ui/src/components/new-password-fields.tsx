import { FormField } from './form-field';

type Bound = { value: string; onChange: (e: { target: { value: string } }) => void };

/**
 * A new password and its confirmation (#password, #password-confirm), as every form that
 * sets one asks for them: the account page, a reset link and the first start's setup.
 */
export function NewPasswordFields({ label = 'New password', password, confirm }: { label?: string; password: Bound; confirm: Bound }) {
  return (
    <>
      <FormField id="password" label={label} type="password" name="password" autoComplete="new-password" required {...password} />
      <FormField
        id="password-confirm"
        label="Confirm password"
        type="password"
        name="passwordConfirm"
        autoComplete="new-password"
        required
        {...confirm}
      />
    </>
  );
}
