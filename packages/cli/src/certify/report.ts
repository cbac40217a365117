// Certification output: the live lines, JUnit XML for CI, and a self-contained Markdown or HTML
// report a partner can attach to their certification request.
import junit, { type Builder } from 'junit-report-builder';
import type { Colors } from '../io.js';
import { guideUrl, referenceUrl } from './catalogue.js';
import type { CertificationResult, RequirementResult } from './runner.js';

export function resultLine(result: RequirementResult, c: Colors): string {
  const mark = result.status === 'passed' ? c.green('✔ pass') : result.status === 'skipped' ? c.yellow('○ skip') : c.red('✖ fail');
  const severity = result.requirement.severity === 'must' ? 'must  ' : c.dim('should');
  const head = `${mark}  ${result.requirement.id.padEnd(11)} ${severity}  ${result.requirement.title}`;
  if (result.status === 'passed') return result.reason === undefined ? head : `${head} ${c.dim(`(${result.reason})`)}`;
  return `${head}\n${failureDetail(result, '           ', c)}`;
}

function failureDetail(result: RequirementResult, indent: string, c: Colors, docsUrl?: string): string {
  const lines = [`${c.bold('why')}       ${result.reason ?? ''}`];
  if (result.expected !== undefined) lines.push(`${c.bold('contract')}  ${result.expected}`);
  const last = result.evidence[result.evidence.length - 1];
  if (last !== undefined) {
    lines.push(`${c.bold('sent')}      ${last.request.method} ${last.request.url}${last.request.body === undefined ? '' : ` ${truncate(last.request.body, 160)}`}`);
    lines.push(`${c.bold('got')}       ${last.response.status ?? last.response.error ?? 'no answer'}${last.response.body === undefined ? '' : ` ${truncate(last.response.body, 160)}`} ${c.dim(`(${last.response.ms} ms)`)}`);
  }
  lines.push(`${c.bold('read')}      ${guideUrl(result.requirement, docsUrl)}`);
  return lines.map((line) => `${indent}${line}`).join('\n');
}

function truncate(text: string, length: number): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > length ? `${flat.slice(0, length)}…` : flat;
}

export function summaryLine(result: CertificationResult, c: Colors): string {
  const { passed, failed, skipped, mustFailed } = result.counts;
  const verdict = result.certified ? c.green(c.bold('Every must requirement passed: this server would pass certification.')) : c.red(c.bold(`${mustFailed} must requirement(s) did not pass: this server would not pass certification yet.`));
  return `\n${passed} passed, ${failed} failed, ${skipped} skipped, of ${result.results.length} requirements in ${(result.ms / 1000).toFixed(1)} s.\n${verdict}\n`;
}

/** Colours for files: none. */
const plain = { bold: (text: string) => text, dim: (text: string) => text } as Colors;

export function junitXml(result: CertificationResult): string {
  // A fresh builder per report: the default export is shared, so two runs would mix their cases.
  const report = (junit as unknown as { newBuilder(): Builder }).newBuilder();
  const suite = report.testSuite().name(`stream-partner certify ${result.audience}`).timestamp(result.startedAt).time(result.ms / 1000);
  for (const item of result.results) {
    const testCase = suite
      .testCase()
      .className(`certify.${result.audience}`)
      .name(`${item.requirement.id} ${item.requirement.title}`)
      .time(item.ms / 1000);
    if (item.status === 'failed') {
      const detail = failureDetail(item, '', plain);
      testCase.failure(`${item.reason ?? 'failed'}`, item.requirement.severity).standardOutput(detail);
    } else if (item.status === 'skipped') testCase.skipped();
  }
  return report.build();
}

export function markdownReport(result: CertificationResult, docsUrl?: string): string {
  const rows = result.results.map((item) => {
    const status = item.status === 'passed' ? 'pass' : item.status === 'skipped' ? 'skipped' : '**FAIL**';
    return `| ${item.requirement.id} | ${item.requirement.severity} | ${item.requirement.title.replace(/\|/g, '\\|')} | ${status} | [guide](${guideUrl(item.requirement, docsUrl)}) · [contract](${referenceUrl(item.requirement, docsUrl)}) |`;
  });
  const failures = result.results
    .filter((item) => item.status === 'failed')
    .map((item) => `### ${item.requirement.id}: ${item.requirement.title}\n\n\`\`\`text\n${failureDetail(item, '', plain, docsUrl)}\n\`\`\``);
  return [
    `# Stream certification report: ${result.audience.toUpperCase()}`,
    '',
    `- Server: ${result.baseUrl}`,
    `- Run: ${result.startedAt}, ${(result.ms / 1000).toFixed(1)} s`,
    `- Result: ${result.counts.passed} passed, ${result.counts.failed} failed, ${result.counts.skipped} skipped; ${result.certified ? 'every must requirement passed' : `${result.counts.mustFailed} must requirement(s) did not pass`}`,
    '',
    '| Requirement | Severity | Title | Result | Read |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
    ...(failures.length > 0 ? ['## Failures', '', ...failures, ''] : []),
  ].join('\n');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);
}

export function htmlReport(result: CertificationResult, docsUrl?: string): string {
  const rows = result.results
    .map((item) => {
      const detail = item.status === 'failed' ? `<pre>${escapeHtml(failureDetail(item, '', plain, docsUrl))}</pre>` : item.reason === undefined ? '' : `<small>${escapeHtml(item.reason)}</small>`;
      return `<tr class="${item.status}"><td>${escapeHtml(item.requirement.id)}</td><td>${item.requirement.severity}</td><td>${escapeHtml(item.requirement.title)}${detail}</td><td>${item.status}</td><td><a href="${escapeHtml(guideUrl(item.requirement, docsUrl))}">guide</a> · <a href="${escapeHtml(referenceUrl(item.requirement, docsUrl))}">contract</a></td></tr>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Stream certification report: ${result.audience.toUpperCase()}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:2rem;color:#1b1f24}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #d0d7de;padding:.4rem .6rem;text-align:left;vertical-align:top}
tr.failed td:nth-child(4){color:#b42318;font-weight:700}tr.passed td:nth-child(4){color:#1a7f37}tr.skipped td:nth-child(4){color:#9a6700}
pre{white-space:pre-wrap;background:#f6f8fa;padding:.5rem;font-size:13px}small{display:block;color:#57606a}
</style></head><body>
<h1>Stream certification report: ${result.audience.toUpperCase()}</h1>
<p>Server ${escapeHtml(result.baseUrl)}, run ${escapeHtml(result.startedAt)} in ${(result.ms / 1000).toFixed(1)} s.</p>
<p><strong>${result.counts.passed} passed, ${result.counts.failed} failed, ${result.counts.skipped} skipped.</strong> ${result.certified ? 'Every must requirement passed.' : `${result.counts.mustFailed} must requirement(s) did not pass.`}</p>
<table><thead><tr><th>Requirement</th><th>Severity</th><th>Title</th><th>Result</th><th>Read</th></tr></thead><tbody>
${rows}
</tbody></table></body></html>
`;
}
