// The page where a merchant approves Stream. It opens from a link anyone can craft, so it carries
// only the four parameters the authorize call defines, escapes every value it writes into HTML,
// runs no script, and cannot be framed: a page that framed it could trick the merchant into
// clicking Approve.
const CARRIED = ['client_id', 'response_type', 'redirect_uri', 'state'] as const;

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The page's headers. Browsers apply form-action to the approve route's redirect too, so Stream's redirect origins are listed. */
function consentHeaders(redirectUris: readonly string[]): Readonly<Record<string, string>> {
  const origins = [...new Set(redirectUris.map((uri) => new URL(uri).origin))].join(' ');
  return {
    'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${origins}; frame-ancestors 'none'; base-uri 'none'`,
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
  };
}

export function consentPage(options: { question: string; action: string; query: Readonly<Record<string, unknown>>; redirectUris: readonly string[] }): { html: string; headers: Readonly<Record<string, string>> } {
  const hidden = CARRIED.filter((name) => typeof options.query[name] === 'string')
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(options.query[name] as string)}">`)
    .join('');
  const html = `<!doctype html><meta charset="utf-8"><title>Connect Stream</title><h1>${escapeHtml(options.question)}</h1><form method="post" action="${escapeHtml(options.action)}">${hidden}<button>Approve</button></form>`;
  return { html, headers: consentHeaders(options.redirectUris) };
}
