// Certification output: the live lines, JUnit XML for CI, and a self-contained Markdown or HTML
// report a partner can attach to their certification request.
import { createHash, randomBytes } from 'node:crypto';
import junit, { type Builder } from 'junit-report-builder';
import type { Colors } from '../io.js';
import { guideUrl, referenceUrl } from './catalogue.js';
import type { CertificationResult, RequirementResult, RequirementStatus } from './runner.js';
import { visibleText } from '../visible.js';
import { durationText } from './run-limit.js';

/** How each status reads in every report: the live line's mark and the word in tables. */
export const STATUS_LABELS: Readonly<Record<RequirementStatus, string>> = {
  passed: 'pass',
  failed: 'FAIL',
  warned: 'warning',
  blocked: 'blocked',
  skipped: 'skipped',
  not_verified: 'not verified',
  not_run: 'not run',
};

function mark(status: RequirementStatus, c: Colors): string {
  switch (status) {
    case 'passed':
      return c.green('✔ pass');
    case 'failed':
      return c.red('✖ fail');
    case 'warned':
      return c.yellow('⚠ warn');
    case 'blocked':
      return c.yellow('⊘ blocked');
    case 'skipped':
      return c.yellow('○ skip');
    case 'not_verified':
      return c.yellow('? not verified');
    case 'not_run':
      return c.yellow('◌ not run');
  }
}

/**
 * A reason as one line: reasons quote what the partner's server answered, and a line break there
 * would let it print a line of its own (a forged `✔ pass`) in the live output or a report.
 */
function oneLine(text: string): string {
  return visibleText({ text, oneLine: true });
}

export function resultLine(result: RequirementResult, c: Colors): string {
  const severity = result.requirement.severity === 'must' ? 'must  ' : c.dim('should');
  const head = `${mark(result.status, c)}  ${result.requirement.id.padEnd(11)} ${severity}  ${result.requirement.title}`;
  if (result.status === 'passed' || result.status === 'skipped' || result.status === 'not_run') return result.reason === undefined ? head : `${head} ${c.dim(`(${oneLine(result.reason)})`)}`;
  return `${head}\n${failureDetail(result, '           ', c)}`;
}

function failureDetail(result: RequirementResult, indent: string, c: Colors, docsUrl?: string): string {
  const lines = [`${c.bold('why')}       ${oneLine(result.reason ?? '')}`];
  if (result.expected !== undefined) lines.push(`${c.bold('contract')}  ${oneLine(result.expected)}`);
  // A blocked requirement's calls belong to the failure that blocked it, which is shown there.
  const last = result.status === 'blocked' ? undefined : result.evidence[result.evidence.length - 1];
  if (last !== undefined) {
    lines.push(`${c.bold('sent')}      ${last.request.method} ${last.request.url}${last.request.body === undefined ? '' : ` ${truncate(last.request.body, 160)}`}`);
    lines.push(`${c.bold('got')}       ${last.response.status ?? oneLine(last.response.error ?? 'no answer')}${last.response.body === undefined ? '' : ` ${truncate(last.response.body, 160)}`} ${c.dim(`(${last.response.ms} ms)`)}`);
  }
  lines.push(`${c.bold('read')}      ${guideUrl(result.requirement, docsUrl)}`);
  return lines.map((line) => `${indent}${line}`).join('\n');
}

function truncate(text: string, length: number): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > length ? `${flat.slice(0, length)}…` : flat;
}

/** `3 passed, 1 failed, 0 warned, 2 blocked, 0 skipped, 0 not verified`: every status counted apart (and `, 5 not run` after a time limit). */
export function countsText(result: CertificationResult): string {
  const { passed, failed, warned, blocked, skipped, notVerified, notRun } = result.counts;
  return `${passed} passed, ${failed} failed, ${warned} warned, ${blocked} blocked, ${skipped} skipped, ${notVerified} not verified${notRun === 0 ? '' : `, ${notRun} not run`}`;
}

/** `The run reached its time limit of 30 min (--run-limit-ms) with 12 requirement(s) not run`. */
function timeLimitText(result: CertificationResult): string {
  return `The run reached its time limit of ${durationText(result.runLimitMs ?? 0)} (--run-limit-ms) with ${result.counts.notRun} requirement(s) not run`;
}

const SLOW_HINT = "find what answers slowly (each requirement's time and calls show where the time went), or give the run longer with --run-limit-ms";

/** The verdict in one sentence: certified, not yet (and what to do), or no verdict for a partial run. */
export function verdictText(result: CertificationResult): string {
  if (!result.complete) {
    const outcome = result.counts.passed === result.results.length ? 'all passed' : countsText(result);
    const cut = result.timeLimitReached ? `${timeLimitText(result)}: ${SLOW_HINT}. ` : '';
    return `${cut}${result.results.length} of ${result.total} requirements ran: ${outcome}; run without --only for a verdict.`;
  }
  if (result.timeLimitReached) {
    return `${timeLimitText(result)}, so this server would not pass certification yet (${result.counts.mustFailed} must requirement(s) did not pass or were not run). Next: ${SLOW_HINT}.`;
  }
  const warnings = result.counts.warned === 0 ? '' : ` ${result.counts.warned} warning(s) name rules that fail from their effective date: fix them before then.`;
  if (result.certified) {
    const pin = result.certifiedUnder === result.catalogueVersion ? '' : ` Once certified, run later checks with --certified-under ${result.catalogueVersion}: rules added after it then warn until their effective date.`;
    const shouldFailed = result.results.filter((item) => item.requirement.severity === 'should' && item.status === 'failed').length;
    const review = shouldFailed === 0 ? '' : ` Partner Engineering reviews the ${shouldFailed} failed should requirement(s) with you before you go live.`;
    return `Every must requirement in force passed: this server would pass certification.${review}${warnings}${pin}`;
  }
  const hints: string[] = [];
  if (result.counts.blocked > 0) hints.push('fix the failures first: blocked requirements run once what blocks them passes');
  if (result.counts.notVerified > 0) hints.push('verify what certify could not see (--redirect-url for an authorize page behind a login)');
  if (result.counts.skipped > 0) hints.push('run without --skip-sandbox');
  return `${result.counts.mustFailed} must requirement(s) did not pass: this server would not pass certification yet.${hints.length === 0 ? '' : ` Next: ${hints.join('; ')}.`}${warnings}`;
}

export function summaryLine(result: CertificationResult, c: Colors): string {
  const text = verdictText(result);
  const verdict = !result.complete ? c.bold(text) : result.certified ? c.green(c.bold(text)) : c.red(c.bold(text));
  return `\n${countsText(result)}, of ${result.results.length} requirements in ${(result.ms / 1000).toFixed(1)} s, ${judgedText(result)}. ${probesText(result)}\n${verdict}\n`;
}

/**
 * `judged by requirement catalogue 1.9.0 as a new integration`: the catalogue, and whether rules
 * added since an earlier certification only warn (`--certified-under`).
 */
export function judgedText(result: CertificationResult): string {
  return `judged by requirement catalogue ${result.catalogueVersion} ${judgedAs(result)}`;
}

function judgedAs(result: CertificationResult): string {
  return result.certifiedUnder === null ? 'as a new integration (every rule in force)' : `for a partner certified under ${result.certifiedUnder} (rules added since warn until their effective date)`;
}

/** `Probes: seed 1234, depth default (--seed 1234 sends the same ones).`: how to reproduce the generated probes. */
export function probesText(result: CertificationResult): string {
  return `Probes: seed ${result.seed}, depth ${result.depth} (--seed ${result.seed} sends the same ones).`;
}

/** Colours for files: none. */
const plain = { bold: (text: string) => text, dim: (text: string) => text } as Colors;

// Characters XML 1.0 has no place for (a lone surrogate among them): dropped from what the report shows.
const NOT_XML = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

/** `text` as the body of CDATA sections: each `]]>` the partner wrote ends one section and begins the next. */
function cdata(text: string): string {
  return `<![CDATA[${text.replace(NOT_XML, '').replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

export function junitXml(result: CertificationResult): string {
  // A fresh builder per report: the default export is shared, so two runs would mix their cases.
  const report = (junit as unknown as { newBuilder(): Builder }).newBuilder();
  const suite = report.testSuite().name(`stream-partner certify ${result.audience}`).timestamp(result.startedAt).time(result.ms / 1000).property('catalogueVersion', result.catalogueVersion).property('certifiedUnder', result.certifiedUnder ?? 'none').property('seed', String(result.seed)).property('depth', result.depth).property('runLimitMs', String(result.runLimitMs ?? 'none')).property('timeLimitReached', String(result.timeLimitReached));
  // The builder splits only the first "]]>" of a CDATA section (xmlbuilder replaces once), so a
  // partner's answer with two could close the section and write elements into the report. Each
  // output is given to it as a name no partner can guess, and written as CDATA here.
  const nonce = randomBytes(12).toString('hex');
  const outputs: string[] = [];
  const output = (text: string) => `${nonce}-${outputs.push(text) - 1}-`;
  for (const item of result.results) {
    const testCase = suite
      .testCase()
      .className(`certify.${result.audience}`)
      .name(`${item.requirement.id} ${item.requirement.title}`)
      .time(item.ms / 1000);
    if (item.status === 'failed') {
      const detail = failureDetail(item, '', plain);
      testCase.failure(oneLine(item.reason ?? 'failed'), item.requirement.severity).standardOutput(output(detail));
    } else if (item.status === 'warned') {
      // A warning is not a failure yet: the case passes, with the warning as its output.
      testCase.standardOutput(output(`warning: ${item.reason ?? ''}`));
    } else if (item.status !== 'passed') {
      // JUnit has no "blocked", "not verified" or "not run": each is reported as skipped, with the reason as output.
      testCase.skipped().standardOutput(output(`${STATUS_LABELS[item.status]}: ${item.reason ?? ''}`));
    }
  }
  return report.build().replace(new RegExp(`<!\\[CDATA\\[${nonce}-(\\d+)-\\]\\]>`, 'g'), (_match, index: string) => cdata(outputs[Number(index)]!));
}

export function markdownReport(result: CertificationResult, docsUrl?: string): string {
  const rows = result.results.map((item) => {
    const status = item.status === 'failed' ? '**FAIL**' : item.status === 'blocked' ? `blocked by ${item.blockedBy ?? '?'}` : STATUS_LABELS[item.status];
    return `| ${item.requirement.id} | ${item.requirement.severity} | ${item.requirement.title.replace(/\|/g, '\\|')} | ${status} | [guide](${guideUrl(item.requirement, docsUrl)}) · [contract](${referenceUrl(item.requirement, docsUrl)}) |`;
  });
  const failures = result.results
    .filter((item) => item.status === 'failed' || item.status === 'warned' || item.status === 'not_verified' || item.status === 'blocked')
    .map((item) => {
      const detail = failureDetail(item, '', plain, docsUrl);
      // A fence longer than any run of backticks in the partner's text, which could otherwise close it.
      const fence = '`'.repeat(Math.max(3, ...[...detail.matchAll(/`+/g)].map((run) => run[0].length + 1)));
      return `### ${item.requirement.id}: ${item.requirement.title}\n\n${fence}text\n${detail}\n${fence}`;
    });
  return [
    `# Stream certification report: ${result.audience.toUpperCase()}`,
    '',
    `- Server: ${result.baseUrl}`,
    `- Run: ${result.startedAt}, ${(result.ms / 1000).toFixed(1)} s`,
    `- Requirement catalogue: version ${result.catalogueVersion}, ${judgedAs(result)}`,
    `- ${probesText(result)}`,
    `- Result: ${countsText(result)}. ${verdictText(result)}`,
    '',
    '| Requirement | Severity | Title | Result | Read |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
    ...(failures.length > 0 ? ['## Failed, warned, blocked and not verified', '', ...failures, ''] : []),
  ].join('\n');
}

const REPORT_STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:2rem;color:#1b1f24}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #d0d7de;padding:.4rem .6rem;text-align:left;vertical-align:top}
tr.failed td:nth-child(4){color:#b42318;font-weight:700}tr.passed td:nth-child(4){color:#1a7f37}tr.warned td:nth-child(4),tr.skipped td:nth-child(4),tr.blocked td:nth-child(4),tr.not_verified td:nth-child(4),tr.not_run td:nth-child(4){color:#9a6700}
pre{white-space:pre-wrap;background:#f6f8fa;padding:.5rem;font-size:13px}small{display:block;color:#57606a}
`;

/**
 * The saved report's own policy, for wherever it is opened (a CI artifact viewer, a mail client):
 * no script, no fetches, no forms; only its one stylesheet, by hash.
 */
export const REPORT_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(REPORT_STYLE).digest('base64')}'; base-uri 'none'; form-action 'none'`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);
}

export function htmlReport(result: CertificationResult, docsUrl?: string): string {
  const rows = result.results
    .map((item) => {
      const detail = item.status === 'failed' || item.status === 'warned' || item.status === 'blocked' || item.status === 'not_verified' ? `<pre>${escapeHtml(failureDetail(item, '', plain, docsUrl))}</pre>` : item.reason === undefined ? '' : `<small>${escapeHtml(item.reason)}</small>`;
      return `<tr class="${item.status}"><td>${escapeHtml(item.requirement.id)}</td><td>${item.requirement.severity}</td><td>${escapeHtml(item.requirement.title)}${detail}</td><td>${escapeHtml(item.status === 'blocked' ? `blocked by ${item.blockedBy ?? '?'}` : STATUS_LABELS[item.status])}</td><td><a href="${escapeHtml(guideUrl(item.requirement, docsUrl))}">guide</a> · <a href="${escapeHtml(referenceUrl(item.requirement, docsUrl))}">contract</a></td></tr>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}"><meta name="referrer" content="no-referrer"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Stream certification report: ${result.audience.toUpperCase()}</title>
<style>${REPORT_STYLE}</style></head><body>
<h1>Stream certification report: ${result.audience.toUpperCase()}</h1>
<p>Server ${escapeHtml(result.baseUrl)}, run ${escapeHtml(result.startedAt)} in ${(result.ms / 1000).toFixed(1)} s, ${escapeHtml(judgedText(result))}. ${escapeHtml(probesText(result))}</p>
<p><strong>${countsText(result)}.</strong> ${escapeHtml(verdictText(result))}</p>
<table><thead><tr><th>Requirement</th><th>Severity</th><th>Title</th><th>Result</th><th>Read</th></tr></thead><tbody>
${rows}
</tbody></table></body></html>
`;
}
