// The booking panel's "Promo code" (issue #24 §1): the code typed goes with the checkout,
// and "Apply" asks the server at once whether it applies to the booking as chosen and
// what it takes off; a refusal ("The promo code SPRING10 expired on 31 March.") is shown
// in the page's alert.
import { useState } from 'react';
import { checkPromo } from '../api/promotions';
import { errorMessage } from '../api/client';
import { showAlert } from '../lib/alert';
import { useSubmit } from '../lib/use-submit';
import type { PromoQuote } from '../props';

interface PromoCodeFieldProps {
  tourId: string;
  /** The checkout's query as chosen now (date, units, extras), without the code: a
   * function, called on "Apply" only (the server's JS engine has no URLSearchParams) */
  query: () => string;
  code: string;
  onChange: (code: string) => void;
}

export function PromoCodeField({ tourId, query, code, onChange }: PromoCodeFieldProps) {
  // The quote and the booking (query) it was worked out for.
  const [applied, setApplied] = useState<{ quote: PromoQuote; query: string } | null>(null);
  const apply = useSubmit(async () => {
    const asked = query();
    const res = await checkPromo(tourId, `${asked}&promo=${encodeURIComponent(code.trim())}`);
    const promo = res.status === 'success' ? res.data?.promo : undefined;
    if (!promo) {
      setApplied(null);
      showAlert('error', errorMessage(res));
      return;
    }
    setApplied({ quote: promo, query: asked });
    showAlert('success', `Promo code ${promo.code} applied: ${promo.discount}`);
  });
  // What was applied holds only for the code and the booking it was checked against
  // (query is called only once something was applied: never on the server).
  const shown = applied && applied.quote.code === code.trim().toUpperCase() && applied.query === query() ? applied.quote : null;
  return (
    <div className="form__group booking__promo">
      <label className="form__label" htmlFor="promo-code">
        Promo code
      </label>
      <div className="inline-form">
        <input
          id="promo-code"
          className="form__input"
          autoComplete="off"
          autoCapitalize="characters"
          aria-describedby={shown ? 'promo-result' : undefined}
          value={code}
          onChange={(e) => onChange(e.target.value)}
        />
        <button
          id="promo-apply"
          type="button"
          className="btn btn--small btn--outline"
          disabled={apply.busy || code.trim() === ''}
          onClick={() => void apply.run()}
        >
          Apply
        </button>
      </div>
      {/* Always there, so that a screen reader reads out what appears in it. */}
      <div id="promo-status" aria-live="polite">
        {shown ? (
          <p className="form__hint" id="promo-result">
            {`${shown.code}: ${shown.discount} · you pay ${shown.total} instead of ${shown.price}`}
          </p>
        ) : null}
      </div>
    </div>
  );
}
