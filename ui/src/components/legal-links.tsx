/** The legal pages (internal/legal), linked from every page's footer. Id for browser tests: #legal-links. */
export function LegalLinks() {
  return (
    <nav id="legal-links" className="footer__legal" aria-label="Legal">
      <a href="/terms">Terms of booking</a>
      <a href="/privacy">Privacy notice</a>
      <a href="/imprint">Imprint</a>
    </nav>
  );
}
