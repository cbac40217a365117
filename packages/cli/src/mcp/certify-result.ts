// certify's result as an agent reads it. A run records every call it made (a few thousand at the
// deepest depth, each answer up to 4,000 characters), which would fill the agent's context: the tool
// keeps every requirement's id, status and reason, and of the evidence only the last call of each
// requirement that did not pass, its bodies cut, within one budget for the whole run.
import { countsText, judgedText, verdictText } from '../certify/report.js';
import { posixQuote } from '../certify/send-command.js';
import type { CertificationResult, RequirementResult } from '../certify/runner.js';
import type { Evidence } from '../certify/context.js';
import { cut, TOOL_ISSUE_CHARS } from './bounds.js';
import { visibleText } from '../visible.js';
import { MCP_RUN_LIMIT_MAX_MS } from '../certify/run-limit.js';

/** One body of a call shown; a partner's error answer is usually far shorter. */
const EVIDENCE_BODY_CHARS = 1000;
/** Every body shown in one result: a dozen error answers, and room left for every requirement's reason. */
const EVIDENCE_BODIES_CHARS = 12_000;
/** A URL, what a call checked, or a transport error. */
const EVIDENCE_LINE_CHARS = 300;

interface Budget {
  left: number;
  bodiesLeftOut: number;
}

function shownBody(body: string | undefined, budget: Budget): { body?: string } {
  if (body === undefined) return {};
  if (budget.left <= 0) {
    budget.bodiesLeftOut += 1;
    return {};
  }
  const shown = cut(body, Math.min(EVIDENCE_BODY_CHARS, budget.left));
  budget.left -= Math.min(body.length, EVIDENCE_BODY_CHARS);
  return { body: shown };
}

function shownCall(evidence: Evidence, budget: Budget): Record<string, unknown> {
  return {
    what: cut(evidence.what, EVIDENCE_LINE_CHARS),
    request: { method: evidence.request.method, url: cut(evidence.request.url, EVIDENCE_LINE_CHARS), ...shownBody(evidence.request.body, budget) },
    response: {
      ...(evidence.response.status === undefined ? {} : { status: evidence.response.status }),
      ms: evidence.response.ms,
      ...shownBody(evidence.response.body, budget),
      ...(evidence.response.error === undefined ? {} : { error: cut(evidence.response.error, EVIDENCE_LINE_CHARS) }),
    },
  };
}

function shownRequirement(result: RequirementResult, budget: Budget): Record<string, unknown> {
  const last = result.status === 'passed' ? undefined : result.evidence.at(-1);
  return {
    // Its title, contract and route are list_requirements' to give.
    requirement: { id: result.requirement.id, severity: result.requirement.severity, guide: result.requirement.guide },
    status: result.status,
    ...(result.blockedBy === undefined ? {} : { blockedBy: result.blockedBy }),
    ...(result.effective === undefined ? {} : { effective: result.effective }),
    ...(result.reason === undefined ? {} : { reason: cut(result.reason, 2 * TOOL_ISSUE_CHARS) }),
    // What the contract expects repeats the requirement's words, which list_requirements gives whole.
    ...(result.expected === undefined ? {} : { expected: cut(result.expected, TOOL_ISSUE_CHARS) }),
    ms: result.ms,
    calls: result.evidence.length,
    evidence: last === undefined ? [] : [shownCall(last, budget)],
  };
}

/**
 * The command that prints the whole result, every call with its bodies. The base URL is the agent's
 * input (a page may have chosen it, `;` and `$(...)` included), and an agent may run what it reads: quoted.
 */
function fullCommand(result: CertificationResult): string {
  return `stream-partner certify ${result.audience} --base-url ${posixQuote(result.baseUrl)} --json (or --report certify.html)`;
}

/** `result` bounded for an agent's context, with `evidence_cut` saying what was left out and how to see it all. */
export function boundedCertifyResult(result: CertificationResult): Record<string, unknown> {
  const budget: Budget = { left: EVIDENCE_BODIES_CHARS, bodiesLeftOut: 0 };
  const results = result.results.map((item) => shownRequirement(item, budget));
  const leftOut = budget.bodiesLeftOut === 0 ? '' : ` ${budget.bodiesLeftOut} bodies past the first ${EVIDENCE_BODIES_CHARS} characters are left out.`;
  return {
    ...result,
    baseUrl: cut(result.baseUrl, EVIDENCE_LINE_CHARS),
    results,
    evidence_cut: `Each requirement gives its number of calls; one that did not pass shows its last call, each body cut to ${EVIDENCE_BODY_CHARS} characters.${leftOut} Every call with its bodies: run ${fullCommand(result)} in a terminal.`,
  };
}

/** The report's words for the command's flags, as the tool's fields. */
const TOOL_WORDS: readonly (readonly [string, string])[] = [
  ['--certified-under', 'certified_under'],
  ['--skip-sandbox', 'skip_sandbox'],
  ['without --only', 'without only'],
  ['--redirect-url', 'code'],
  ['--run-limit-ms', 'run_limit_ms'],
  // The tool's most is its default: beyond it, the command.
  ['give the run longer with run_limit_ms', `give the run longer (run_limit_ms up to ${MCP_RUN_LIMIT_MAX_MS}; beyond, stream-partner certify --run-limit-ms in a terminal)`],
];

/**
 * The verdict, the counts (warnings among them) and what the server was judged as, in the words of
 * every other report: an agent may have been asked by a page to pass an old certified_under, and
 * the user then reads that newer rules only warned, and under which version.
 */
export function certifySummary(result: CertificationResult): string {
  const notPassed = result.results.filter((item) => item.status !== 'passed');
  const lines = notPassed.map((item) => `- ${item.requirement.id} ${item.status}${item.reason === undefined ? '' : `: ${cut(visibleText({ text: item.reason, oneLine: true }), TOOL_ISSUE_CHARS)}`} (${item.requirement.guide})`);
  const text = `${verdictText(result)}\n${countsText(result)}, ${judgedText(result)}.${lines.length > 0 ? `\n${lines.join('\n')}` : ''}`;
  return TOOL_WORDS.reduce((shown, [flag, field]) => shown.replaceAll(flag, field), text);
}
