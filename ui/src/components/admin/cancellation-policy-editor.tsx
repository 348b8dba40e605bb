import type { Dispatch, SetStateAction } from 'react';
import type { TierInput } from '../../api/admin';
import type { FieldErrors } from '../../lib/field-errors';
import { FieldError } from '../field-error';
import type { AdminTier } from '../../props';
import { AdminTable } from './admin-table';
import { RowInput } from './row-fields';

/** A refund tier as typed. */
export interface TierDraft {
  key: string;
  daysBefore: string;
  percent: string;
}

let lastKey = 0;
function newKey(): string {
  lastKey += 1;
  return `tier-${lastKey}`;
}

/** Drafts of the saved tiers. */
export function tierDraftsOf(tiers: AdminTier[]): TierDraft[] {
  return tiers.map((t) => ({ key: newKey(), daysBefore: String(t.daysBefore), percent: String(t.percent) }));
}

/** A tier as the API takes it: as typed, for the server to read and judge. */
export function tierInput(t: TierDraft): TierInput {
  return { daysBefore: t.daysBefore, percent: t.percent };
}

/** The tiers without their row keys, to tell whether the table has changed. */
function valuesOf(tiers: TierDraft[]): string {
  return JSON.stringify(tiers.map(({ daysBefore, percent }) => [daysBefore, percent]));
}

/** Whether the tiers as typed are the saved ones. */
export function sameTiers(tiers: TierDraft[], saved: AdminTier[]): boolean {
  return valuesOf(tiers) === valuesOf(tierDraftsOf(saved));
}

interface CancellationPolicyEditorProps {
  canEdit: boolean;
  /** The tiers as typed; the tour form (tour-form.tsx) keeps them and saves them with the rest */
  tiers: TierDraft[];
  setTiers: Dispatch<SetStateAction<TierDraft[]>>;
  /** The server's messages after the last save, by the API's keys ("cancellationPolicy.0.percent") */
  errors: FieldErrors;
}

/**
 * The tour's cancellation policy as refund tiers, part of the tour form. New bookings
 * keep a copy of the policy in force when they are made, so a change here never alters
 * bookings already made. The server checks and sorts the tiers.
 */
export function CancellationPolicyEditor({ canEdit, tiers, setTiers, errors }: CancellationPolicyEditorProps) {
  function update(key: string, patch: Partial<Omit<TierDraft, 'key'>>) {
    setTiers((all) => all.map((t) => (t.key === key ? { ...t, ...patch } : t)));
  }

  return (
    <section className="admin-section" aria-labelledby="policy-title">
      <h2 id="policy-title" className="section-title">
        Cancellation policy
      </h2>
      <p className="admin-note">
        A traveller who cancels at least the given number of days before the departure's date (counted in the tour's time
        zone) gets that share of the price back; closer to departure than every tier, nothing. Bookings keep the policy
        they were made under.
      </p>
      {/* Always a table, even with no tier: the editor adds rows to it. */}
      <AdminTable
        id="policy"
        caption="Refund tiers"
        columns={['Days before departure, at least', 'Refund (%)', canEdit && 'Actions']}
        rows={tiers}
        rowKey={(tier) => tier.key}
        row={(tier, i) => (
          <tr>
            <RowInput id={`policy-days-${i + 1}`} label={`Tier ${i + 1}: days before departure`} number={{ min: 0, max: 365 }} disabled={!canEdit}
              value={tier.daysBefore} onChange={(daysBefore) => update(tier.key, { daysBefore })}
              error={errors[`cancellationPolicy.${i}.daysBefore`]} />
            <RowInput id={`policy-percent-${i + 1}`} label={`Tier ${i + 1}: refund percent`} number={{ min: 0, max: 100 }} disabled={!canEdit}
              value={tier.percent} onChange={(percent) => update(tier.key, { percent })}
              error={errors[`cancellationPolicy.${i}.percent`]} />
            {canEdit ? (
              <td>
                <button
                  type="button"
                  className="btn btn--tiny btn--danger"
                  aria-label={`Remove tier ${i + 1}`}
                  onClick={() => setTiers((all) => all.filter((t) => t.key !== tier.key))}
                >
                  Remove
                </button>
              </td>
            ) : null}
          </tr>
        )}
      />
      <FieldError fieldId="policy-table" message={errors.cancellationPolicy} />
      {canEdit ? (
        <div className="admin-form__row">
          <button
            id="add-tier"
            type="button"
            className="btn btn--small btn--outline"
            onClick={() => setTiers((all) => [...all, { key: newKey(), daysBefore: '', percent: '' }])}
          >
            Add a tier
          </button>
        </div>
      ) : null}
    </section>
  );
}
