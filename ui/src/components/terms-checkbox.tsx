/**
 * "I accept the terms of booking", linking them (opened in a new tab, so what was chosen
 * stays): the booking panel's and a waiting list offer's. The page checks nothing; the
 * server refuses a checkout without the version accepted (SPEC.md §5).
 */
export function TermsCheckbox({ id, checked, onChange }: { id: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="form__group">
      <label className="checkbox booking__terms">
        <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
        <span>
          I accept the{' '}
          <a href="/terms" target="_blank" rel="noopener">
            terms of booking
          </a>
        </span>
      </label>
    </div>
  );
}
