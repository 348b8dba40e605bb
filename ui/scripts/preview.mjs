// A local preview of the built UI with the dev fixtures, without the Go binary:
//   npm run build && npm run preview   →  http://127.0.0.1:5180/
// Pages are rendered by dist/server/render.js in a bare JS context (as the Go side does),
// wrapped in the same document shape, and the API calls answer with canned successes.
// Images and map tiles are placeholders drawn here, so nothing leaves the machine.
// The emails (src/emails/email-fixtures.ts) are at /emails: HTML at /emails/{i}, text at /emails/{i}.txt.
import { readFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { createServer as createVite } from 'vite';

const ui = fileURLToPath(new URL('..', import.meta.url));
const client = join(ui, 'dist/client');
const port = Number(process.env.PORT ?? 5180);

const context = vm.createContext({});
vm.runInContext(readFileSync(join(ui, 'dist/server/render.js'), 'utf8'), context);
const manifest = JSON.parse(readFileSync(join(client, '.vite/manifest.json'), 'utf8'));
const entry = manifest['src/entry-client.tsx'];

const vite = await createVite({ root: ui, server: { middlewareMode: true }, appType: 'custom', logLevel: 'error' });
const { fixtures, tourSignedOut, adminTourNew, adminTourGuideView } = await vite.ssrLoadModule('/src/dev-fixtures.ts');
const { emailFixtures, emailVariantFixtures } = await vite.ssrLoadModule('/src/emails/email-fixtures.ts');
await vite.close();
const emails = [...emailFixtures, ...emailVariantFixtures];

const localTiles = { tileUrl: '/tiles/{z}/{x}/{y}.png' };
const routes = {
  '/': fixtures.overview,
  '/tour/the-forest-hiker': fixtures.tour,
  '/tour/signed-out': tourSignedOut,
  '/login': fixtures.login,
  '/signup': fixtures.signup,
  '/me': fixtures.account,
  '/my-tours': fixtures.myTours,
  '/admin/tours': fixtures.adminTours,
  '/admin/tours/new': adminTourNew,
  '/admin/tours/t-5c88fa8c': fixtures.adminTour,
  '/admin/tours/guide-view': adminTourGuideView,
};

function documentFor(data, alert) {
  const json = JSON.stringify(data).replace(/[<>&]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const css = (entry.css ?? []).map((f) => `<link rel="stylesheet" href="/${f}">`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" type="image/svg+xml" href="/favicon.svg">
${css}<script type="module" src="/${entry.file}"></script><title>${data.page} · Tourbook preview</title></head>
<body${alert ? ` data-alert="${alert}"` : ''}><div id="root">${context.renderPage(data.page, JSON.stringify(data))}</div>
<script id="page-props" type="application/json">${json}</script></body></html>`;
}

function placeholder(label, w, h) {
  const hue = [...label].reduce((a, c) => a + c.charCodeAt(0), 0) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<rect width="100%" height="100%" fill="hsl(${hue} 35% 45%)"/><path d="M0 ${h} L${w * 0.35} ${h * 0.45} L${w * 0.55} ${h * 0.7} L${w * 0.75} ${h * 0.35} L${w} ${h} Z" fill="hsl(${hue} 30% 30%)"/></svg>`;
}

const types = { '.js': 'text/javascript', '.css': 'text/css', '.png': 'image/png', '.svg': 'image/svg+xml', '.json': 'application/json' };

createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
  const send = (status, type, body) => {
    res.writeHead(status, { 'Content-Type': type });
    res.end(body);
  };
  if (url.pathname.startsWith('/api/v1/tours')) {
    // The back office: every call answers with the sample tour (nothing is kept).
    const tour = fixtures.adminTour.props.tour;
    return send(200, 'application/json', JSON.stringify({ status: 'success', data: { tour, added: 1, skipped: 0 } }));
  }
  if (url.pathname.startsWith('/api/')) {
    const body = url.pathname.includes('checkout-session')
      ? { status: 'success', data: { session: { url: '/my-tours?booked=1' } } }
      : { status: 'success', data: { user: fixtures.account.user } };
    return send(200, 'application/json', JSON.stringify(body));
  }
  if (url.pathname.startsWith('/img/')) return send(200, 'image/svg+xml', placeholder(url.pathname, 600, 400));
  if (url.pathname.startsWith('/tiles/')) return send(200, 'image/svg+xml', placeholder('tile', 256, 256).replace(/hsl\([^)]*\)/g, '#e4ebe0'));
  const email = /^\/emails\/(\d+)(\.txt)?$/.exec(url.pathname);
  if (url.pathname === '/emails') {
    const items = emails.map((e, i) => `<li><a href="/emails/${i}">${i} ${e.kind}</a> (<a href="/emails/${i}.txt">text</a>)</li>`);
    return send(200, 'text/html; charset=utf-8', `<!doctype html><title>Emails</title><ul>${items.join('')}</ul>`);
  }
  if (email && emails[Number(email[1])]) {
    const e = emails[Number(email[1])];
    const out = JSON.parse(context.renderPage(`email:${e.kind}`, JSON.stringify(e)));
    return email[2]
      ? send(200, 'text/plain; charset=utf-8', `Subject: ${out.subject}\n\n${out.text}`)
      : send(200, 'text/html; charset=utf-8', out.html);
  }
  const file = normalize(join(client, url.pathname));
  if (file.startsWith(client) && extname(file) && existsSync(file)) {
    return send(200, types[extname(file)] ?? 'application/octet-stream', readFileSync(file));
  }
  const page = routes[url.pathname];
  const data = page ? { ...page, site: { ...page.site, ...localTiles } } : { ...fixtures.error, site: { ...fixtures.error.site, ...localTiles } };
  const alert = url.searchParams.get('booked') ? 'Your booking was successful! Please check your email for a confirmation.' : '';
  return send(page ? 200 : 404, 'text/html; charset=utf-8', documentFor(data, alert));
}).listen(port, '127.0.0.1', () => console.log(`Tourbook UI preview on http://127.0.0.1:${port}/`));
