// The server bundle: evaluated once per isolate by the Go renderer (V8 or QuickJS), which
// then calls renderPage(page, propsJSON) for each request. See vite.server.config.ts for
// why this stays free of timers, TextEncoder, MessageChannel and `process`.
//
// Emails go through the same function: renderPage("email:" + kind, json) returns the JSON
// string {"subject", "html", "text"} (the contract is in emails/email-props.ts).
import { renderToString } from 'react-dom/server.browser';
import { App } from './app';
import type { EmailData } from './emails/email-props';
import { renderEmail } from './emails/render-email';
import type { PageData } from './props';

const emailPrefix = 'email:';

function renderEmailPage(page: string, propsJSON: string): string {
  const data = JSON.parse(propsJSON) as EmailData;
  const kind = page.slice(emailPrefix.length);
  if (data.kind !== kind) {
    throw new Error(`renderPage: page "${page}" does not match kind "${String(data.kind)}"`);
  }
  return JSON.stringify(renderEmail(data));
}

function renderPage(page: string, propsJSON: string): string {
  if (page.startsWith(emailPrefix)) return renderEmailPage(page, propsJSON);
  const data = JSON.parse(propsJSON) as PageData;
  if (data.page !== page) {
    throw new Error(`renderPage: page "${page}" does not match props.page "${String(data.page)}"`);
  }
  return renderToString(<App data={data} />);
}

(globalThis as { renderPage?: typeof renderPage }).renderPage = renderPage;
