// /gift-cards: buy a gift card for someone (issue #24 §2): an amount offered or one typed
// within the operator's bounds, who it is for, a message, the day it is emailed, and who
// pays (a visitor not signed in). Paid at the provider's checkout; back here, the notice
// says what became of it.
// Ids for browser tests: #gift-card-form, #gift-amount-{minor}, #gift-amount-custom,
// #gift-custom-amount, #recipient-name, #recipient-email, #gift-message, #deliver-on,
// #buyer-name, #buyer-email, #buy-gift-card, #gift-card-notice.
import { useState } from 'react';
import { buyGiftCard } from '../api/gift-cards';
import { FormField } from '../components/form-field';
import { FormTextArea } from '../components/form-textarea';
import { useSubmit } from '../lib/use-submit';
import type { PageProps } from '../props';
import { useSession } from '../session';

const PROCESSING_TEXT = 'Processing...';

export function GiftCardsPage({ amounts, currency, minMinor, maxMinor, bounds, today, lastDay, valid, notice }: PageProps['giftCards']) {
  const { user } = useSession();
  const [choice, setChoice] = useState(amounts[0] ? String(amounts[0].minor) : 'custom');
  const [custom, setCustom] = useState('');
  const [recipientName, setRecipientName] = useState('');
  const [recipientEmail, setRecipientEmail] = useState('');
  const [message, setMessage] = useState('');
  const [deliverOn, setDeliverOn] = useState(today);
  const [buyerName, setBuyerName] = useState('');
  const [buyerEmail, setBuyerEmail] = useState('');

  const buy = useSubmit(
    () =>
      buyGiftCard({
        amount: choice === 'custom' ? custom : Number(choice),
        recipientName,
        recipientEmail,
        message,
        deliverOn,
        buyerName,
        buyerEmail,
      }),
    { busyText: PROCESSING_TEXT, leaves: (leaving) => leaving },
  );

  return (
    <div className="form-page">
      <h1 className="page-title">Give a tour</h1>
      {notice ? (
        <p id="gift-card-notice" className="notice" role="status">
          {notice}
        </p>
      ) : null}
      <p>{`A gift card pays for any of our tours, in part or in full. It is emailed to the person you choose on the day you choose, with a card to print, and it is valid for ${valid}.`}</p>
      <form id="gift-card-form" className="form" noValidate onSubmit={buy.onSubmit}>
        <fieldset className="form__group">
          <legend className="form__label">Amount</legend>
          {amounts.map((a) => (
            <label key={a.minor} className="form__choice" htmlFor={`gift-amount-${a.minor}`}>
              <input
                id={`gift-amount-${a.minor}`}
                type="radio"
                name="amount"
                value={String(a.minor)}
                checked={choice === String(a.minor)}
                onChange={() => setChoice(String(a.minor))}
              />
              {` ${a.label}`}
            </label>
          ))}
          <label className="form__choice" htmlFor="gift-amount-custom">
            <input id="gift-amount-custom" type="radio" name="amount" value="custom" checked={choice === 'custom'} onChange={() => setChoice('custom')} />
            {' Another amount'}
          </label>
        </fieldset>
        {choice === 'custom' ? (
          <FormField
            id="gift-custom-amount"
            label={`Amount in ${currency.toUpperCase()} (${bounds})`}
            type="text"
            inputMode="decimal"
            name="customAmount"
            data-min={minMinor}
            data-max={maxMinor}
            value={custom}
            onChange={(e) => setCustom(e.target.value)}
            error={buy.errors.amount}
          />
        ) : null}
        <FormField
          id="recipient-name"
          label="Recipient's name"
          type="text"
          name="recipientName"
          required
          value={recipientName}
          onChange={(e) => setRecipientName(e.target.value)}
          error={buy.errors.recipientName}
        />
        <FormField
          id="recipient-email"
          label="Recipient's email"
          type="email"
          name="recipientEmail"
          required
          value={recipientEmail}
          onChange={(e) => setRecipientEmail(e.target.value)}
          error={buy.errors.recipientEmail}
        />
        <FormTextArea
          id="gift-message"
          label="Your message (optional)"
          name="message"
          rows={3}
          maxLength={500}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          error={buy.errors.message}
        />
        <FormField
          id="deliver-on"
          label="Email it on"
          type="date"
          name="deliverOn"
          min={today}
          max={lastDay}
          value={deliverOn}
          onChange={(e) => setDeliverOn(e.target.value)}
          error={buy.errors.deliverOn}
        />
        {user ? null : (
          <>
            <FormField
              id="buyer-name"
              label="Your name"
              type="text"
              name="buyerName"
              autoComplete="name"
              value={buyerName}
              onChange={(e) => setBuyerName(e.target.value)}
            />
            <FormField
              id="buyer-email"
              label="Your email, for the receipt"
              type="email"
              name="buyerEmail"
              autoComplete="email"
              value={buyerEmail}
              onChange={(e) => setBuyerEmail(e.target.value)}
              error={buy.errors.buyerEmail}
            />
          </>
        )}
        <button id="buy-gift-card" type="submit" className="btn btn--primary" disabled={buy.busy}>
          {buy.text('Buy gift card')}
        </button>
      </form>
    </div>
  );
}
