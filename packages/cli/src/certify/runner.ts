// Runs the requirement catalogue of one audience against a partner's server, in catalogue order,
// one check per requirement, and reports each as passed, failed, blocked, skipped or not verified, with its evidence.
import type { Audience } from '../trigger/targets.js';
import { loadCatalogue, type Requirement } from './catalogue.js';
import { DSP_CHECKS } from './checks-dsp.js';
import { EVENTS_CHECKS } from './checks-events.js';
import { POS_CHECKS } from './checks-pos.js';
import { Blocked, CertifyContext, soundRefusalNote, TIMING_REQUIREMENT, type CertifyConfig, type Check, type Evidence } from './context.js';
import { DEPTHS } from './probes/derive.js';
import { randomSeed } from './probes/draw.js';
import { otherLocationChecks } from './probes/other-location.js';
import { repeatChecks } from './probes/repeats.js';
import { sequenceChecks } from './probes/sequences.js';
import { generatedChecks } from './probes/sources.js';
import { depthName } from './probes/run.js';
import { visibleText } from '../visible.js';
import { redactResult } from './redact-result.js';
import { redactSecretText } from '../secret-text.js';
import { relationChecks, relationRequirements } from './relations-check.js';
import { RULE_MAKERS } from './rule-makers.js';
import { ruleChecks, ruleRequirements } from './rules-check.js';
import { readBackChecks } from './read-back-check.js';
import type { SandboxLink } from './sandbox-link.js';
import { requiredOnlyChecks } from './required-only.js';
import { POS_READ_AGREEMENTS } from './merchant-catalog.js';
import { withRegistrations } from './sandbox-registrations.js';
import { signatureEveryEventChecks } from './signature-every-event.js';
import { loadVersioning, pendingChange } from './versions.js';
import { durationText } from './run-limit.js';

export const CHECKS: Readonly<Record<Audience, Readonly<Record<string, Check>>>> = {
  pos: withRegistrations('pos', { ...POS_CHECKS, ...generatedChecks('pos'), ...sequenceChecks('pos'), ...repeatChecks('pos'), ...otherLocationChecks('pos'), ...relationChecks('pos'), ...readBackChecks('pos'), ...ruleChecks('pos', RULE_MAKERS.pos, POS_CHECKS), ...signatureEveryEventChecks('pos', POS_CHECKS), ...requiredOnlyChecks('pos', POS_READ_AGREEMENTS) }),
  dsp: { ...DSP_CHECKS, ...generatedChecks('dsp'), ...sequenceChecks('dsp'), ...repeatChecks('dsp'), ...otherLocationChecks('dsp'), ...relationChecks('dsp'), ...readBackChecks('dsp'), ...ruleChecks('dsp', RULE_MAKERS.dsp, DSP_CHECKS), ...signatureEveryEventChecks('dsp', DSP_CHECKS), ...requiredOnlyChecks('dsp') },
  events: { ...EVENTS_CHECKS, ...generatedChecks('events'), ...sequenceChecks('events'), ...repeatChecks('events'), ...otherLocationChecks('events'), ...relationChecks('events'), ...readBackChecks('events'), ...ruleChecks('events', RULE_MAKERS.events, EVENTS_CHECKS), ...signatureEveryEventChecks('events', EVENTS_CHECKS), ...requiredOnlyChecks('events') },
};

/** Requirements that judge how fast every other answer came. */
const TIMING_REQUIREMENTS = new Set(Object.values(TIMING_REQUIREMENT));

export type RequirementStatus = 'passed' | 'failed' | 'warned' | 'blocked' | 'skipped' | 'not_verified' | 'not_run';

export interface RequirementResult {
  readonly requirement: Requirement;
  /**
   * `blocked`: could not run because a prerequisite another requirement establishes failed (see `blockedBy`);
   * `skipped`: not run on purpose (`--skip-sandbox`); `not_verified`: ran, but certify could not see enough to decide;
   * `warned`: broke a rule that is new or tightened and not in force yet (see `effective`): not a failure until then;
   * `not_run`: the run reached its time limit (`runLimitMs`) before this check began or while it ran: not judged.
   */
  readonly status: RequirementStatus;
  /** For `blocked`: the requirement whose failure blocked this one. */
  readonly blockedBy?: string;
  /** For `warned`: the day (YYYY-MM-DD) from which the same answer fails. */
  readonly effective?: string;
  readonly reason?: string;
  readonly expected?: string;
  readonly evidence: readonly Evidence[];
  readonly ms: number;
}

export interface CertificationCounts {
  readonly passed: number;
  readonly failed: number;
  /** Broke a new or tightened rule before its effective day: reported, not counted against certification. */
  readonly warned: number;
  readonly blocked: number;
  readonly skipped: number;
  readonly notVerified: number;
  /** Left unjudged when the run reached its time limit. */
  readonly notRun: number;
  /** `must` requirements that did not pass (failed, blocked, skipped, not verified or not run); warnings are not counted. */
  readonly mustFailed: number;
}

export interface CertificationResult {
  readonly audience: Audience;
  readonly baseUrl: string;
  readonly startedAt: string;
  readonly ms: number;
  /** The version of the requirement catalogue the server was judged by. */
  readonly catalogueVersion: string;
  /**
   * The catalogue version of the partner's last certification (`--certified-under`): rules added or
   * tightened after it warn until their effective day. Null for a new integration, judged by every rule.
   */
  readonly certifiedUnder: string | null;
  /** The seed the generated probes were derived from: `--seed` sends the same probes again. */
  readonly seed: number;
  /** How many probes per family and body were sent: `quick`, `default`, `deep` or a number. */
  readonly depth: string;
  readonly results: readonly RequirementResult[];
  readonly counts: CertificationCounts;
  /** How many requirements the audience's catalogue has; `results.length` is how many were selected. */
  readonly total: number;
  /** True when every requirement of the catalogue was selected (no `--only`). */
  readonly complete: boolean;
  /** How long the run was allowed (`--run-limit-ms`), or null for no limit. */
  readonly runLimitMs: number | null;
  /** True when the run reached its time limit and left requirements not run: it never certifies, and certify exits 1. */
  readonly timeLimitReached: boolean;
  /** True when every `must` requirement that was selected passed, and the time limit left none of them unrun. */
  readonly allMustPassed: boolean;
  /** True only for a complete run in which every `must` requirement passed within the time limit: the certification verdict. */
  readonly certified: boolean;
}

export interface RunCertificationOptions {
  readonly config: CertifyConfig;
  /** Run only these requirement ids. */
  readonly only?: readonly string[];
  readonly sandbox?: SandboxLink;
  /** Skip requirements checked through the sandbox. */
  readonly skipSandbox?: boolean;
  readonly sendCommand?: string;
  readonly prompt?: (text: string) => void;
  /** Called as each requirement finishes, for live output. */
  readonly onResult?: (result: RequirementResult) => void;
}

/** Ids in the catalogue without a check, and checks without a requirement: both must be empty. */
export function catalogueMismatches(audience: Audience): { unchecked: string[]; orphaned: string[] } {
  const ids = loadCatalogue(audience).requirements.map((requirement) => requirement.id);
  const checks = Object.keys(CHECKS[audience]);
  return { unchecked: ids.filter((id) => !checks.includes(id)), orphaned: checks.filter((id) => !ids.includes(id)) };
}

export async function runCertification(options: RunCertificationOptions): Promise<CertificationResult> {
  const config = { ...options.config, seed: options.config.seed ?? randomSeed(), depth: options.config.depth ?? DEPTHS.default! };
  const catalogue = loadCatalogue(config.audience);
  const checks = CHECKS[config.audience];
  const context = new CertifyContext(config, {
    ...(options.skipSandbox ? {} : { sandbox: options.sandbox }),
    ...(options.sendCommand === undefined ? {} : { sendCommand: options.sendCommand }),
    // A prompt quotes ids the partner's server gave (its provider_id): shown, like results, with control characters written out.
    ...(options.prompt === undefined ? {} : { prompt: (text: string) => options.prompt!(visibleText({ text })) }),
  });
  const started = config.now();
  const results: RequirementResult[] = [];
  const selected = catalogue.requirements.filter((requirement) => options.only === undefined || options.only.includes(requirement.id));
  // Timing, relation and rule requirements judge the answers of every other check, so they run last.
  const relations = new Set([...relationRequirements(config.audience), ...ruleRequirements(config.audience)]);
  const timing = (requirement: Requirement) => TIMING_REQUIREMENTS.has(requirement.id) || relations.has(requirement.id);
  const ordered = [...selected.filter((requirement) => !timing(requirement)), ...selected.filter(timing)];
  const finished = new Map<string, RequirementResult>();
  context.statusOf = (id) => finished.get(id)?.status;
  // Requirements blocked by one that has not run yet: decided once it has, so the live output is final.
  const pending: { result: RequirementResult; owner: string; message: string }[] = [];
  const selectedIds = new Set(selected.map((requirement) => requirement.id));
  const versioning = loadVersioning();
  // Live output follows the catalogue's order although timing requirements run last: each result waits for those before it.
  let emitted = 0;
  const emit = () => {
    while (emitted < selected.length && finished.has(selected[emitted]!.id)) {
      options.onResult?.(finished.get(selected[emitted]!.id)!);
      emitted += 1;
    }
  };
  const finish = (decided: RequirementResult) => {
    const result = redactResult({ result: warnIfNotYetInForce({ result: decided, versioning, now: started, certifiedUnder: config.certifiedUnder }), secrets: context.secrets });
    finished.set(result.requirement.id, result);
    if (result.status === 'blocked' && result.blockedBy !== undefined && !context.blockers.includes(result.blockedBy)) context.blockers.push(result.blockedBy);
    results.push(result);
    emit();
  };
  const decide = (result: RequirementResult, owner: string, message: string, ownerResult: RequirementResult | undefined): RequirementResult => {
    // Blocked only when the owner did not pass; a prerequisite that fails although its owner passed is this requirement's own failure.
    if (ownerResult?.status === 'not_run') return { ...result, status: 'not_run', reason: `it needs ${owner}, which ${limitText} left unjudged` };
    if (ownerResult === undefined) return { ...result, status: 'blocked', blockedBy: owner, reason: `blocked by ${owner} (not in this run): ${message}` };
    if (ownerResult.status === 'passed') return { ...result, status: 'failed', reason: `could not run: ${message}` };
    return { ...result, status: 'blocked', blockedBy: owner, reason: `blocked by ${owner}: ${message}` };
  };
  const limitText = `the run's time limit of ${durationText(config.runLimitMs ?? 0)}`;
  const settlePending = () => {
    for (const item of [...pending]) {
      const ownerResult = finished.get(item.owner);
      if (ownerResult === undefined) continue;
      pending.splice(pending.indexOf(item), 1);
      finish(decide(item.result, item.owner, item.message, ownerResult));
    }
  };
  const cutShort = `${limitText} was reached while its check ran, so it was not judged (its calls so far are its evidence)`;
  for (const requirement of ordered) {
    const check = checks[requirement.id];
    context.evidence = [];
    context.current = requirement.id;
    const begun = config.now();
    let result: RequirementResult;
    if (context.outOfTime()) {
      result = { requirement, status: 'not_run', reason: `${limitText} was reached before it began`, evidence: [], ms: 0 };
    } else if (requirement.via === 'sandbox' && options.skipSandbox) {
      result = { requirement, status: 'skipped', reason: 'checked through the sandbox; skipped with --skip-sandbox', evidence: [], ms: 0 };
    } else if (check === undefined) {
      result = { requirement, status: 'failed', reason: 'this version of stream-partner has no check for it; update stream-partner', evidence: [], ms: 0 };
    } else {
      try {
        const outcome = await check(context);
        result = {
          requirement,
          status: outcome.passed ? 'passed' : (outcome.verdict ?? 'failed'),
          ...(outcome.reason === undefined ? {} : { reason: outcome.passed ? outcome.reason : `${outcome.reason}${soundRefusalNote(config, context.evidence)}` }),
          ...(outcome.expected === undefined ? {} : { expected: outcome.expected }),
          evidence: context.evidence,
          ms: config.now() - begun,
        };
      } catch (error) {
        const base = { requirement, evidence: context.evidence, ms: config.now() - begun };
        if (context.outOfTime()) result = { ...base, status: 'not_run', reason: cutShort };
        else if (error instanceof Blocked && error.owner !== undefined && error.owner !== requirement.id) {
          const provisional: RequirementResult = { ...base, status: 'blocked', blockedBy: error.owner };
          if (selectedIds.has(error.owner) && !finished.has(error.owner)) {
            pending.push({ result: provisional, owner: error.owner, message: error.message });
            continue;
          }
          result = decide(provisional, error.owner, error.message, finished.get(error.owner));
        } else {
          const reason = error instanceof Blocked ? (error.owner === requirement.id ? error.message : `could not run: ${error.message}`) : `certify failed while checking: ${(error as Error).message}`;
          result = { ...base, status: 'failed', reason };
        }
      }
      // Its waits were cut at the deadline, so whatever it concluded is not a verdict: the calls it made stay as evidence.
      if (context.outOfTime() && result.status !== 'not_run') result = { requirement, status: 'not_run', reason: cutShort, evidence: context.evidence, ms: config.now() - begun };
    }
    finish(result);
    settlePending();
  }
  // An owner that never finished cannot happen (every selected requirement runs); decide the rest as blocked all the same.
  for (const item of pending.splice(0)) finish(decide(item.result, item.owner, item.message, { ...item.result, status: 'blocked' }));
  // Report in catalogue order, whatever order they ran in.
  results.sort((a, b) => selected.indexOf(a.requirement) - selected.indexOf(b.requirement));
  const count = (status: RequirementStatus) => results.filter((result) => result.status === status).length;
  // A warning does not count against certification, nor does a requirement blocked only by one.
  const excused = (result: RequirementResult) => result.status === 'warned' || (result.status === 'blocked' && result.blockedBy !== undefined && finished.get(result.blockedBy)?.status === 'warned');
  const mustFailed = results.filter((result) => result.requirement.severity === 'must' && result.status !== 'passed' && !excused(result)).length;
  const complete = selected.length === catalogue.requirements.length;
  const timeLimitReached = count('not_run') > 0;
  return {
    audience: config.audience,
    // A base URL's password (basic auth) is the partner's secret: reports show the URL without it.
    baseUrl: redactSecretText(config.baseUrl),
    startedAt: new Date(started).toISOString(),
    ms: config.now() - started,
    seed: config.seed,
    depth: depthName(config.depth),
    results,
    catalogueVersion: versioning.version,
    certifiedUnder: config.certifiedUnder ?? null,
    counts: { passed: count('passed'), failed: count('failed'), warned: count('warned'), blocked: count('blocked'), skipped: count('skipped'), notVerified: count('not_verified'), notRun: count('not_run'), mustFailed },
    total: catalogue.requirements.length,
    complete,
    runLimitMs: config.runLimitMs ?? null,
    timeLimitReached,
    allMustPassed: mustFailed === 0 && !timeLimitReached,
    certified: complete && mustFailed === 0 && !timeLimitReached,
  };
}

/**
 * For a partner certified under an earlier catalogue, a failure of a rule announced since then but
 * not in force at `now` becomes a warning that names the day it starts to fail.
 */
function warnIfNotYetInForce(options: { result: RequirementResult; versioning: ReturnType<typeof loadVersioning>; now: number; certifiedUnder: string | undefined }): RequirementResult {
  const { result, versioning, now, certifiedUnder } = options;
  if (result.status !== 'failed') return result;
  const reason = result.reason === undefined ? {} : { reason: result.reason };
  if (certifiedUnder === undefined) {
    // A new integration fails it now; one certified before the rule came is told how it would be judged.
    const since = pendingChange({ versioning, id: result.requirement.id, now, ...reason, certifiedUnder: '0.0.0' });
    if (since === undefined) return result;
    return { ...result, reason: `${result.reason ?? 'failed'} (a rule ${since.kind} in catalogue ${since.version}: a partner certified under an earlier catalogue runs with --certified-under <that version> and is warned until ${since.effective})` };
  }
  const change = pendingChange({ versioning, id: result.requirement.id, now, ...reason, certifiedUnder });
  if (change === undefined) return result;
  return { ...result, status: 'warned', effective: change.effective, reason: `${result.reason ?? 'failed'} (a warning until ${change.effective}, when this ${change.kind} rule of catalogue ${change.version} takes effect and the same answer fails)` };
}
