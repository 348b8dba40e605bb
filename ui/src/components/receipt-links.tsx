import type { ReceiptLink } from '../props';

interface ReceiptLinksProps {
  receipts: ReceiptLink[];
  /** The section's class: the traveller's page and the back office lay sections out apart */
  className: string;
}

/**
 * A booking's receipts and credit notes, each a PDF to download (#receipts, one link per
 * document, #receipt-{id}); nothing while it has none. The list is as the page was loaded:
 * a payment or refund made on the page shows after a reload.
 */
export function ReceiptLinks({ receipts, className }: ReceiptLinksProps) {
  if (receipts.length === 0) return null;
  return (
    <section id="receipts" className={className} aria-labelledby="receipts-title">
      <h2 id="receipts-title" className="section-title">
        Receipts
      </h2>
      <ul className="receipt-links">
        {receipts.map((r) => (
          <li key={r.id}>
            <a id={`receipt-${r.id}`} href={r.url} download>
              {`${r.label} (PDF)`}
            </a>
            {` · ${r.amount} · ${r.issued}`}
          </li>
        ))}
      </ul>
    </section>
  );
}
