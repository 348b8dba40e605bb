// The server bundle: evaluated once per isolate by the Go renderer (V8 or QuickJS), which
// then calls renderPage(page, propsJSON) for each request. See vite.server.config.ts for
// why this stays free of timers, TextEncoder, MessageChannel and `process`.
import { renderToString } from 'react-dom/server.browser';
import { App } from './app';
import type { PageData } from './props';

function renderPage(page: string, propsJSON: string): string {
  const data = JSON.parse(propsJSON) as PageData;
  if (data.page !== page) {
    throw new Error(`renderPage: page "${page}" does not match props.page "${String(data.page)}"`);
  }
  return renderToString(<App data={data} />);
}

(globalThis as { renderPage?: typeof renderPage }).renderPage = renderPage;
