// `<POS|DSP>-OAU-02` past the page: a consent page carries the authorize values through its form, and
// whoever posts that form chooses them again. The approve handler must check them again (or keep the
// ones it checked), so certify posts the page's own form with each carried value changed and fails a
// redirect that leaves Stream's registered redirect_uri.
import { detachedStart } from '../detached.js';
import { send, type HttpExchange } from '../http.js';
import { pageRedirect, redirectUrl } from './page-redirect.js';
import type { CertifyContext } from './context.js';

/** Certify's rule on -OAU-02 (catalogue 1.14.0): the consent form's approve handler checks what the form carries again. */
export const CONSENT_FORM_RECHECKED = 'consent-form-rechecked';

/** How much of a page is searched for its form, and the most of one tag read: bounded, so a hostile page cannot make it slow. */
const SEARCHED_CHARS = 64 * 1024;
const FORM_OPEN = /<form\b([^<>]{0,2000})>/gi;
const FORM_CLOSE = /<\/form>/gi;
/** The most of a form's inner markup read. */
const FORM_CHARS = 32_000;
const INPUT = /<input\b([^<>]{0,2000})>/gi;
const ENTITIES: Readonly<Record<string, string>> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&apos;': "'", '&lt;': '<', '&gt;': '>' };
const unescape = (text: string) => text.replace(/&(?:amp|quot|#39|apos|lt|gt);/g, (entity) => ENTITIES[entity]!);

function attribute(tag: string, name: string): string | undefined {
  const found = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(tag);
  return found === null ? undefined : unescape(found[1] ?? found[2] ?? found[3] ?? '');
}

export interface ConsentForm {
  readonly action: string;
  readonly fields: readonly (readonly [string, string])[];
}

/**
 * The first `<form …>` closed within `FORM_CHARS`: its attributes and inner markup. Each opening tag
 * looks for the next `</form>` once and shares it with the tags before it, where one lazy pattern
 * scanned 32,000 characters from each of a page's 11,000 `<form>` tags (2.7 s of certify's CPU).
 */
function firstForm(html: string): readonly [attributes: string, inner: string] | undefined {
  let close = -1;
  for (const open of html.matchAll(FORM_OPEN)) {
    const start = open.index + open[0].length;
    if (close < start) {
      FORM_CLOSE.lastIndex = start;
      close = FORM_CLOSE.exec(html)?.index ?? -1;
      if (close === -1) return undefined;
    }
    if (close - start <= FORM_CHARS) return [open[1]!, html.slice(start, close)];
  }
  return undefined;
}

/** The page's first form that posts, with its named inputs in page order; `undefined` when the page has none. */
export function consentForm(options: { html: string; pageUrl: string }): ConsentForm | undefined {
  const found = firstForm(options.html.slice(0, SEARCHED_CHARS));
  if (found === undefined || (attribute(found[0], 'method') ?? 'get').toLowerCase() !== 'post') return undefined;
  let action: string;
  try {
    action = new URL(attribute(found[0], 'action') ?? '', options.pageUrl).toString();
  } catch {
    return undefined;
  }
  const fields: [string, string][] = [];
  for (const [, tag] of found[1].matchAll(INPUT)) {
    const name = attribute(tag!, 'name');
    if (name !== undefined && name !== '') fields.push([name, attribute(tag!, 'value') ?? '']);
  }
  return { action, fields };
}

/** The values an authorize request carries, each with a value a forger would post instead. */
function tamperings(registered: string): readonly (readonly [name: string, value: string])[] {
  return [
    ['redirect_uri', 'https://attacker.example/callback'],
    ['client_id', 'certify-forged-client'],
    ['response_type', 'token'],
    ['state', `forged${registered.length}`],
  ];
}

/** The cookies the page set, sent back with the form as a browser would (a form tied to its session is posted in that session). */
function cookiesOf(page: HttpExchange): Record<string, string> {
  const set = page.headers['set-cookie'];
  if (set === undefined) return {};
  const pairs = set.split(/,(?=\s*[^;,=\s]+=)/).map((cookie) => cookie.split(';')[0]!.trim()).filter((pair) => pair.includes('='));
  return pairs.length === 0 ? {} : { Cookie: pairs.join('; ') };
}

/** Findings for each changed value the approve route redirected with to a URI off the allow-list; none when the authorize answer shows no form. */
export async function consentFormIssues(options: { context: CertifyContext; page: HttpExchange }): Promise<string[]> {
  const { context, page } = options;
  if (page.status !== 200 || !/^\s*text\/html\b/i.test(page.headers['content-type'] ?? '')) return [];
  const form = consentForm({ html: page.bodyText, pageUrl: page.request.url });
  if (form === undefined) return [];
  // The page is the partner's answer: a form it points at another origin (a cloud metadata address, another
  // local service's admin route) would have certify post the partner's fields and cookies there and keep the answer.
  const pageOrigin = new URL(page.request.url).origin;
  if (new URL(form.action).origin !== pageOrigin) {
    return [`[${CONSENT_FORM_RECHECKED}] the consent page's form posts to ${form.action}, not to the server under certification (${pageOrigin}): certify posts a form only to the server it certifies, so the approve route was not checked; serve it under the base URL`];
  }
  const registered = new URL(context.config.redirectUri);
  const issues: string[] = [];
  for (const [name, value] of tamperings(context.config.redirectUri)) {
    const fields = new URLSearchParams();
    for (const [field, given] of form.fields) fields.append(field, field === name ? value : given);
    if (!form.fields.some(([field]) => field === name)) fields.append(name, value);
    const answer = await send({
      method: 'POST',
      url: form.action,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...cookiesOf(page) },
      body: fields.toString(),
      // Within the run's limit, as every other call: four posts held 30 s each ran two minutes past it.
      timeoutMs: context.within(context.config.timeoutMs),
    });
    // A copy: a slice kept the whole answer (up to 8 MB, a few KB of gzip) alive behind its 4,000 characters.
    context.evidence.push({
      what: `post the consent page's form with ${name} changed`,
      request: { method: 'POST', url: form.action, body: fields.toString() },
      response: { ...(answer.status === undefined ? {} : { status: answer.status }), ms: answer.ms, ...(answer.bodyText === '' ? {} : { body: detachedStart(answer.bodyText, 4000) }) },
    });
    // Where a browser goes next: a redirect's Location, or a page's immediate meta refresh.
    const location = answer.status !== undefined && answer.status >= 300 && answer.status < 400 ? answer.headers.location : pageRedirect({ contentType: answer.headers['content-type'], bodyText: answer.bodyText });
    const target = location === undefined ? undefined : redirectUrl({ location, base: form.action });
    if (location === undefined || (target !== undefined && `${target.origin}${target.pathname}` === `${registered.origin}${registered.pathname}`)) continue;
    issues.push(`[${CONSENT_FORM_RECHECKED}] the consent page's form posted to ${form.action} with ${name} ${JSON.stringify(value)} answered ${answer.status} redirecting to ${location}: check every value the form carries again when it is posted (or use the ones checked when the page opened), since anyone can post it`);
  }
  return issues;
}
