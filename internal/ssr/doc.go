// Package ssr turns a page name and its props into the HTML document a visitor gets.
//
// The pages are React components. The UI team's server bundle (ui/dist/server/render.js)
// defines globalThis.renderPage(page, propsJSON); this package evaluates it in an
// embedded JavaScript engine, inside the Go process, so a page costs a function call
// rather than a round trip to a Node sidecar. The browser then hydrates the same
// component with the same props, which the document carries as JSON.
//
// Two layers:
//
//   - Engine: a pool of JavaScript runtimes, each loaded once with a small prelude
//     (console, TextEncoder, MessageChannel, timers: what React's server renderer
//     touches when it loads) and the bundle. A runtime is not goroutine-safe, so
//     Render borrows one for the length of a call. V8 is the default (sub-millisecond
//     renders); QuickJS is the pure-Go fallback behind the purego build tag.
//   - Renderer: the document shell around the rendered HTML: head tags from the Vite
//     manifest, the props script, escaping. It renders into a buffer first so that a
//     failed render leaves the response untouched for an error page.
//
// See README.md for the engine choice, measurements and the libnode install.
package ssr
