import type { PolicyTier } from '../props';

/**
 * A cancellation policy's tiers as a list of "when: refund" lines. The days are counted
 * to the departure's day where the tour runs (timeZone), which the note says.
 */
export function CancellationPolicy({ tiers, timeZone, id }: { tiers: PolicyTier[]; timeZone: string; id?: string }) {
  return (
    <div className="policy" id={id}>
      <ul className="policy__tiers">
        {tiers.map((tier) => (
          <li key={tier.when} className="policy__tier">
            <span className="policy__when">{tier.when}</span>
            <span className="policy__refund">{tier.refund}</span>
          </li>
        ))}
      </ul>
      <p className="policy__note">{`Days are counted to the departure's date in ${timeZone} time. A tour that has started can no longer be cancelled.`}</p>
    </div>
  );
}
