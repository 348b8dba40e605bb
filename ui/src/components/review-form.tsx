import { useId, useState } from 'react';
import type { ReviewInput } from '../api/reviews';
import { useSubmit } from '../lib/use-submit';
import type { ReviewLimits } from '../props';

interface Props {
  limits: ReviewLimits;
  initial?: ReviewInput;
  submitLabel: string;
  busyLabel: string;
  /** Resolves true when saved: the form is then done with */
  onSubmit: (input: ReviewInput) => Promise<boolean>;
  onCancel?: () => void;
}

/**
 * A rating from 1 to 5 (radio buttons, so keyboards and screen readers choose as with
 * any other) and the text, with the server's bounds shown and set on the field; the
 * server checks them again and its message goes to the alert.
 */
export function ReviewForm({ limits, initial, submitLabel, busyLabel, onSubmit, onCancel }: Props) {
  const [rating, setRating] = useState(initial?.rating ?? 0);
  const [text, setText] = useState(initial?.text ?? '');
  const id = useId();
  const length = [...text.trim()].length;
  const submit = useSubmit(
    async () => {
      const done = await onSubmit({ rating, text });
      if (done && !initial) {
        setRating(0);
        setText('');
      }
    },
    { busyText: busyLabel },
  );

  return (
    <form id="review-form" className="review-form" onSubmit={submit.onSubmit}>
      <fieldset className="review-form__rating">
        <legend className="form__label">Your rating</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="review-form__star">
            <input
              id={`review-rating-${n}`}
              type="radio"
              name={`${id}-rating`}
              value={n}
              checked={rating === n}
              required
              onChange={() => setRating(n)}
            />
            {n === 1 ? '1 star' : `${n} stars`}
          </label>
        ))}
      </fieldset>
      <div className="form__group">
        <label className="form__label" htmlFor="review-text">
          Your review
        </label>
        <textarea
          id="review-text"
          className="form__input review-form__text"
          rows={5}
          required
          minLength={limits.minText}
          maxLength={limits.maxText}
          value={text}
          aria-describedby={`${id}-hint`}
          onChange={(e) => setText(e.target.value)}
        />
        <p className="form__hint" id={`${id}-hint`}>
          {`${limits.minText} to ${limits.maxText} characters; ${length} so far.`}
        </p>
      </div>
      <p className="review-form__actions">
        <button id="review-submit" type="submit" className="btn btn--small" disabled={submit.busy}>
          {submit.text(submitLabel)}
        </button>
        {onCancel ? (
          <button type="button" className="btn btn--small btn--outline" disabled={submit.busy} onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </p>
    </form>
  );
}
