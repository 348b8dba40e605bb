// /admin/promotions (admins, issue #24 §1): every promo code with its uses and the
// discount given so far, switched on and off in place, edited below the list, and a form
// for a new one.
// Ids for browser tests: #promotions-table, #promo-new (the new code's form, its fields
// #promo-new-code, …), #promo-active-{id}, #promo-{id} (a code's edit form).
import { useState } from 'react';
import { setPromotionActive } from '../api/promotions';
import { AdminList } from '../components/admin/admin-list';
import { PromotionForm } from '../components/admin/promotion-form';
import { settleAnswer } from '../lib/answer';
import { useSubmit } from '../lib/use-submit';
import type { AdminPromotionRow, PageProps, PromotionTour } from '../props';

function PromotionLine({ row }: { row: AdminPromotionRow }) {
  const [active, setActive] = useState(row.form.active);
  const toggle = useSubmit(async () => {
    const saved = settleAnswer(await setPromotionActive(row.form.id, !active), 'promotion', (p) =>
      p.active ? `Promo code ${p.code} switched on` : `Promo code ${p.code} switched off`,
    );
    if (saved) setActive(saved.active);
  });
  return (
    <tr>
      <th scope="row">{row.form.code}</th>
      <td>{row.off}</td>
      <td>{row.rules}</td>
      <td>
        {row.uses}
        {row.held > 0 ? ` (+${row.held} in checkout)` : ''}
      </td>
      <td>{row.given || '—'}</td>
      <td>
        <button
          id={`promo-active-${row.form.id}`}
          type="button"
          className="btn btn--tiny btn--outline"
          aria-pressed={active}
          aria-label={`${active ? 'Switch off' : 'Switch on'}: ${row.form.code}`}
          disabled={toggle.busy}
          onClick={() => void toggle.run()}
        >
          {active ? 'On' : 'Off'}
        </button>
      </td>
      <td>
        <a href={`#promo-${row.form.id}`}>Edit</a>
      </td>
    </tr>
  );
}

function Editors({ promotions, tours }: { promotions: AdminPromotionRow[]; tours: PromotionTour[] }) {
  return (
    <>
      <section aria-labelledby="promo-new-title">
        <h2 id="promo-new-title" className="heading-secondary">
          New promo code
        </h2>
        <PromotionForm promotion={null} tours={tours} idPrefix="promo-new" />
      </section>
      {promotions.map((row) => (
        <section key={row.form.id} aria-label={`Edit ${row.form.code}`}>
          <h2 className="heading-secondary">Edit {row.form.code}</h2>
          <PromotionForm promotion={row.form} tours={tours} idPrefix={`promo-${row.form.id}`} />
        </section>
      ))}
    </>
  );
}

export function AdminPromotionsPage({ promotions, tours }: PageProps['adminPromotions']) {
  return (
    <AdminList
      section="promotions"
      title="Promo codes"
      path="/admin/promotions"
      id="promotions"
      caption="Promo codes"
      columns={['Code', 'Takes off', 'Rules', 'Uses', 'Discount given', 'On/off', 'Edit']}
      rows={promotions.map((p) => ({ ...p, id: p.form.id }))}
      row={(row) => <PromotionLine key={row.id} row={row} />}
      empty={{ none: 'There are no promo codes yet.' }}
      after={<Editors promotions={promotions} tours={tours} />}
    />
  );
}
