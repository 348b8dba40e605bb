// /admin/gift-cards?q= (admins): gift cards found by code or by the buyer's or
// recipient's email, newest first (issue #24 §2).
// Ids for browser tests: #admin-nav, #gift-card-search (the form), #gift-card-search-q,
// #gift-cards-table, and the settings' form (components/admin/gift-card-settings.tsx).
import { AdminList } from '../components/admin/admin-list';
import { GiftCardSettings } from '../components/admin/gift-card-settings';
import { StatusBadge } from '../components/status-badge';
import type { GiftCardRow, PageProps } from '../props';

/** "Active", "Void", "Expired": what an admin needs to know of a card first. */
export function giftCardState(card: GiftCardRow): { status: string; label: string } {
  if (card.status === 'void') return { status: 'cancelled', label: 'Void' };
  if (card.expired) return { status: 'cancelled', label: 'Expired' };
  return { status: 'paid', label: 'Active' };
}

export function AdminGiftCardsPage({ query, cards, settings }: PageProps['adminGiftCards']) {
  return (
    <AdminList
      section="giftCards"
      title="Gift cards"
      path="/admin/gift-cards"
      query={{ q: query }}
      filters={{
        id: 'gift-card-search',
        label: 'Search gift cards',
        fields: [{ id: 'gift-card-search-q', label: 'Search by code or email', name: 'q', type: 'search', autoComplete: 'off' }],
        submitText: 'Search',
      }}
      id="gift-cards"
      caption="Gift cards, newest first"
      columns={['Code', 'Recipient', 'Bought by', 'Balance', 'Status', 'Expires']}
      rows={cards}
      row={(c) => {
        const state = giftCardState(c);
        return (
          <tr>
            <th scope="row">
              <a href={`/admin/gift-cards/${encodeURIComponent(c.id)}`}>{c.code}</a>
            </th>
            <td>
              {c.recipientName}
              <span className="admin-table__sub">{c.recipientEmail}</span>
            </td>
            <td>
              {c.buyerName}
              <span className="admin-table__sub">{c.buyerEmail}</span>
            </td>
            <td className="admin-table__number">{`${c.balance} of ${c.amount}`}</td>
            <td>
              <StatusBadge status={state.status} label={state.label} />
            </td>
            <td>{c.expires}</td>
          </tr>
        );
      }}
      empty={{ none: 'No gift cards have been bought yet.', noMatch: 'No gift card matches this search.', showAll: 'Show all gift cards' }}
      after={<GiftCardSettings settings={settings} />}
    />
  );
}
