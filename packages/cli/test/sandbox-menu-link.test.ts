// menu_file_url is requested exactly as given (x-stream-verbatim-link on getMenuFile): the sandbox
// serves the menu only at the link it published, and refuses a link with a parameter added or repeated.
import { afterEach, describe, expect, it } from 'vitest';
import { answerHeaderIssues } from '../src/certify/answer-marks.js';
import { changedLinkIssue } from '../src/certify/verbatim-download.js';
import type { HttpExchange } from '../src/http.js';
import { timeOfDayIssue } from '../src/iso-time.js';
import { findOperation } from '../src/openapi.js';
import { call, closeSandboxes, openSandbox } from './support.js';

afterEach(closeSandboxes);

async function publishedLink(): Promise<{ sandbox: Awaited<ReturnType<typeof openSandbox>>['sandbox']; path: string }> {
  const { sandbox } = await openSandbox();
  const published = await call(sandbox, 'POST', '/_sandbox/menus', { json: { location_id: 'store-0042' } });
  const url = new URL((published.body as { url: string }).url);
  return { sandbox, path: `${url.pathname}${url.search}` };
}

describe('the menu file link', () => {
  it('serves the menu at the link the sandbox published', async () => {
    const { sandbox, path } = await publishedLink();
    expect((await call(sandbox, 'GET', path)).status).toBe(200);
  });

  it('refuses the link with a cache buster added, with 403 menu_link_changed naming the parameter', async () => {
    const { sandbox, path } = await publishedLink();
    const answer = await call(sandbox, 'GET', `${path}&nocache=1795958918018`);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 'menu_link_changed' });
    expect((answer.body as { message: string }).message).toMatch(/"nocache" is not a parameter of the link Stream gave.*Request the URL exactly as Stream gave it/);
  });

  it('names an added parameter whose name hides text or reorders it with escapes, not raw', async () => {
    const { sandbox, path } = await publishedLink();
    const answer = await call(sandbox, 'GET', `${path}&${encodeURIComponent('\u202enocache\u200b')}=1`);
    expect(answer.status).toBe(403);
    const message = (answer.body as { message: string }).message;
    expect(message).toContain('"\\u202enocache\\u200b" is not a parameter');
    expect(message).not.toMatch(/[\u202e\u200b]/);
  });

  it('refuses the link with its token given twice', async () => {
    const { sandbox, path } = await publishedLink();
    const token = new URLSearchParams(path.slice(path.indexOf('?') + 1)).get('token');
    const answer = await call(sandbox, 'GET', `${path}&token=${token}`);
    expect(answer.status).toBe(403);
    expect((answer.body as { message: string }).message).toMatch(/"token" is given more than once/);
  });

  it('lets certify name a download whose query differs from the link, and pass the link itself', () => {
    const link = 'http://127.0.0.1:4010/stream-dsp/v1/menuFileS3Url?location_id=store-0042&token=mf_1';
    expect(changedLinkIssue({ link, requested: '/stream-dsp/v1/menuFileS3Url?location_id=store-0042&token=mf_1' })).toBeUndefined();
    expect(changedLinkIssue({ link, requested: '/stream-dsp/v1/menuFileS3Url?token=mf_1&location_id=store-0042' })).toMatch(/^\[menu-link-fetched-verbatim\] .*the query string was changed/);
  });
});

describe('token answers', () => {
  const operation = findOperation('dsp', 'exchangeToken');
  const answer = (headers: Record<string, string>): HttpExchange => ({ status: 200, headers, bodyText: '{}' }) as unknown as HttpExchange;

  it('pass with Cache-Control: no-store among other directives', () => {
    expect(answerHeaderIssues(operation, answer({ 'cache-control': 'private, No-Store' }))).toEqual([]);
  });

  it('fail when a shared cache may keep them, or nothing is said', () => {
    expect(answerHeaderIssues(operation, answer({ 'cache-control': 'public, max-age=300' }))).toEqual([expect.stringMatching(/^\[token-answer-not-stored\] the 200 answer to POST \/stream-dsp\/v1\/token says Cache-Control: public, max-age=300/)]);
    expect(answerHeaderIssues(operation, answer({}))).toEqual([expect.stringMatching(/carries no Cache-Control header/)]);
  });
});

describe('a time of day sent as a time', () => {
  it('reads 66600000 as 18:30 without a date, not as seconds', () => {
    expect(timeOfDayIssue('estimated_ready_at_ms', 66_600_000)).toMatch(/reads as a time of day without a date \(18:30, 66600000 ms after midnight\)/);
    expect(timeOfDayIssue('estimated_ready_at_ms', 86_400_000)).toBeUndefined();
  });
});
