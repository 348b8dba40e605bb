// The booking panel's "Gift card" field (issue #24 §2): a code as printed on the card,
// which pays part or all of the booking. The server checks it when the checkout opens
// and says in the alert why a code cannot pay (a typo, spent, expired).
interface GiftCardFieldProps {
  value: string;
  onChange: (value: string) => void;
}

export function GiftCardField({ value, onChange }: GiftCardFieldProps) {
  return (
    <div className="form__group">
      <label className="form__label" htmlFor="gift-card">
        Gift card (optional)
      </label>
      <input
        id="gift-card"
        className="form__input"
        type="text"
        name="giftCard"
        autoComplete="off"
        spellCheck={false}
        placeholder="XXXX-XXXX-XXXX-XXXX"
        maxLength={40}
        value={value}
        aria-describedby="gift-card-hint"
        onChange={(e) => onChange(e.target.value)}
      />
      <p className="form__hint" id="gift-card-hint">
        The card pays what it can; you pay the rest by card.
      </p>
    </div>
  );
}
