import { saveGiftCardSettings } from '../../api/gift-cards';
import { settleAnswer } from '../../lib/answer';
import { useFormFields } from '../../lib/use-form-fields';
import { useSubmit } from '../../lib/use-submit';
import type { GiftCardSettings as Settings } from '../../props';
import { FormField } from '../form-field';

/**
 * The operator's gift card settings (issue #24 §2): the amounts /gift-cards offers, the
 * bounds of one a buyer types, and how many months a card lasts (36 unless changed).
 * Amounts as typed, in the site's currency; the server reads and checks them.
 * Ids for browser tests: #gift-card-settings (the form), #gift-amounts, #gift-min,
 * #gift-max, #gift-expiry, #gift-settings-save.
 */
export function GiftCardSettings({ settings }: { settings: Settings }) {
  const { fields, bind } = useFormFields({
    amounts: settings.amounts,
    min: settings.min,
    max: settings.max,
    expiryMonths: settings.expiryMonths,
  });
  const save = useSubmit(async () => {
    settleAnswer(await saveGiftCardSettings(fields), 'settings', 'Gift card settings saved');
  });
  const currency = settings.currency.toUpperCase();
  return (
    <section className="admin-section" aria-labelledby="gift-card-settings-title">
      <h2 id="gift-card-settings-title" className="section-title">
        Gift card settings
      </h2>
      <form id="gift-card-settings" className="admin-form" aria-labelledby="gift-card-settings-title" noValidate onSubmit={save.onSubmit}>
        <FormField id="gift-amounts" label={`Amounts offered (${currency}, separated by commas)`} type="text" name="amounts" error={save.errors.amounts} {...bind('amounts')} />
        <FormField id="gift-min" label={`Smallest amount a buyer may choose (${currency})`} type="text" inputMode="decimal" name="min" error={save.errors.min} {...bind('min')} />
        <FormField id="gift-max" label={`Largest amount a buyer may choose (${currency})`} type="text" inputMode="decimal" name="max" error={save.errors.max} {...bind('max')} />
        <FormField
          id="gift-expiry"
          label="A card lasts (months from its delivery)"
          type="text"
          inputMode="numeric"
          name="expiryMonths"
          error={save.errors.expiryMonths}
          {...bind('expiryMonths')}
        />
        <button id="gift-settings-save" type="submit" className="btn btn--small" disabled={save.busy}>
          Save
        </button>
      </form>
    </section>
  );
}
