// Stream's single sign-on page as the sandbox plays it: `GET /sso/login?sso_login_token=…` accepts
// a token from `POST /white-label/generate-session` once, within its lifetime, and shows who signed
// in to which organization, so a white-label partner can run the whole SSO flow locally.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SsoSession, SsoSessions } from './context.js';

/** How long an `sso_login_token` can be used: 60 seconds, as the SSO guide says. */
export const SSO_TOKEN_MS = 60_000;
/** At most this many unused tokens are kept; the oldest goes first. */
const MAX_SESSIONS = 1000;

/** Keeps a new token, dropping expired ones and, past the bound, the oldest. */
export function rememberSsoSession(sessions: SsoSessions, token: string, session: SsoSession, now: number): void {
  for (const [key, value] of sessions) if (value.expires_at <= now) sessions.delete(key);
  while (sessions.size >= MAX_SESSIONS) sessions.delete(sessions.keys().next().value!);
  sessions.set(token, session);
}

export type SsoOutcome = { readonly ok: true; readonly session: SsoSession } | { readonly ok: false; readonly reason: string };

/** Spends a token: it signs in once, and only before it expires. */
export function useSsoToken(sessions: SsoSessions, token: string | undefined, now: number): SsoOutcome {
  if (token === undefined || token === '') return { ok: false, reason: 'The link has no sso_login_token. Your backend should redirect here with ?sso_login_token=<token> from POST /white-label/generate-session.' };
  const session = sessions.get(token);
  sessions.delete(token);
  if (session === undefined) return { ok: false, reason: 'This sso_login_token is unknown or was already used. Each token signs in once; generate a new session for every sign-in.' };
  if (session.expires_at <= now) return { ok: false, reason: `This sso_login_token expired; it is valid for ${SSO_TOKEN_MS / 1000} seconds. Redirect the browser as soon as your backend receives it.` };
  return { ok: true, session };
}

/** The sign-on page's policy: plain HTML, nothing loaded, no script, no form, no frame around it. */
export const SSO_PAGE_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

export interface SsoPageOptions {
  readonly app: FastifyInstance;
  readonly sessions: SsoSessions;
  readonly now: () => number;
  /** Tells the exchange log what happened, without the token. */
  readonly note: (request: FastifyRequest, status: number, note: string) => void;
}

export function registerSsoPage(options: SsoPageOptions): void {
  options.app.get('/sso/login', async (request, reply) => {
    const raw = (request.query as Record<string, unknown>).sso_login_token;
    const token = typeof raw === 'string' ? raw : undefined;
    const outcome = useSsoToken(options.sessions, token, options.now());
    // The token is a credential: no cache keeps the page and no referrer carries the URL on. The
    // page shows names a partner's call chose, so it runs no script, loads nothing and is never framed.
    reply
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('content-security-policy', SSO_PAGE_CSP)
      .header('x-frame-options', 'DENY')
      .type('text/html; charset=utf-8');
    if (!outcome.ok) {
      options.note(request, 401, outcome.reason);
      return reply.code(401).send(page('Sign-in link not valid', `<p>${escapeHtml(outcome.reason)}</p>`));
    }
    const { session } = outcome;
    options.note(request, 200, `${session.email} signed in to ${session.org_id} as ${session.role}`);
    return reply.code(200).send(
      page(
        'Signed in to Stream (sandbox)',
        `<p>Signed in as <strong data-field="full_name">${escapeHtml(session.full_name)}</strong> (<span data-field="email">${escapeHtml(session.email)}</span>), role <span data-field="role">${escapeHtml(session.role)}</span>,</p>` +
          `<p>to organization <strong data-field="org_name">${escapeHtml(session.org_name)}</strong> (<code data-field="org_id">${escapeHtml(session.org_id)}</code>).</p>`,
      ),
    );
  });
}
