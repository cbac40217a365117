// Runs the requirement catalogue of one audience against a partner's server, in catalogue order,
// one check per requirement, and reports each as passed, failed or skipped, with its evidence.
import type { Audience } from '../trigger/targets.js';
import { loadCatalogue, type Requirement } from './catalogue.js';
import { DSP_CHECKS } from './checks-dsp.js';
import { EVENTS_CHECKS } from './checks-events.js';
import { POS_CHECKS } from './checks-pos.js';
import { Blocked, CertifyContext, type CertifyConfig, type Check, type Evidence } from './context.js';
import type { SandboxLink } from './sandbox-link.js';

export const CHECKS: Readonly<Record<Audience, Readonly<Record<string, Check>>>> = { pos: POS_CHECKS, dsp: DSP_CHECKS, events: EVENTS_CHECKS };

/** Requirements that judge how fast every other answer came. */
const TIMING_REQUIREMENTS = new Set(['POS-ORD-06', 'DSP-EVT-10', 'EVT-ORD-05']);

export interface RequirementResult {
  readonly requirement: Requirement;
  readonly status: 'passed' | 'failed' | 'skipped';
  readonly reason?: string;
  readonly expected?: string;
  readonly evidence: readonly Evidence[];
  readonly ms: number;
}

export interface CertificationResult {
  readonly audience: Audience;
  readonly baseUrl: string;
  readonly startedAt: string;
  readonly ms: number;
  readonly results: readonly RequirementResult[];
  readonly counts: { readonly passed: number; readonly failed: number; readonly skipped: number; readonly mustFailed: number };
  /** True when every `must` requirement that ran passed and none was skipped. */
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
  const { config } = options;
  const catalogue = loadCatalogue(config.audience);
  const checks = CHECKS[config.audience];
  const context = new CertifyContext(config, {
    ...(options.skipSandbox ? {} : { sandbox: options.sandbox }),
    ...(options.sendCommand === undefined ? {} : { sendCommand: options.sendCommand }),
    ...(options.prompt === undefined ? {} : { prompt: options.prompt }),
  });
  const started = config.now();
  const results: RequirementResult[] = [];
  const selected = catalogue.requirements.filter((requirement) => options.only === undefined || options.only.includes(requirement.id));
  // Timing requirements judge the answers of every other check, so they run last.
  const timing = (requirement: Requirement) => TIMING_REQUIREMENTS.has(requirement.id);
  const ordered = [...selected.filter((requirement) => !timing(requirement)), ...selected.filter(timing)];
  for (const requirement of ordered) {
    const check = checks[requirement.id];
    context.evidence = [];
    const begun = config.now();
    let result: RequirementResult;
    if (requirement.via === 'sandbox' && options.skipSandbox) {
      result = { requirement, status: 'skipped', reason: 'checked through the sandbox; skipped with --skip-sandbox', evidence: [], ms: 0 };
    } else if (check === undefined) {
      result = { requirement, status: 'failed', reason: 'this version of stream-partner has no check for it; update stream-partner', evidence: [], ms: 0 };
    } else {
      try {
        const outcome = await check(context);
        result = {
          requirement,
          status: outcome.passed ? 'passed' : 'failed',
          ...(outcome.reason === undefined ? {} : { reason: outcome.reason }),
          ...(outcome.expected === undefined ? {} : { expected: outcome.expected }),
          evidence: context.evidence,
          ms: config.now() - begun,
        };
      } catch (error) {
        const reason = error instanceof Blocked ? `could not run: ${error.message}` : `certify failed while checking: ${(error as Error).message}`;
        result = { requirement, status: 'failed', reason, evidence: context.evidence, ms: config.now() - begun };
      }
    }
    results.push(result);
    options.onResult?.(result);
  }
  // Report in catalogue order, whatever order they ran in.
  results.sort((a, b) => selected.indexOf(a.requirement) - selected.indexOf(b.requirement));
  const count = (status: RequirementResult['status']) => results.filter((result) => result.status === status).length;
  const mustFailed = results.filter((result) => result.requirement.severity === 'must' && result.status !== 'passed').length;
  return {
    audience: config.audience,
    baseUrl: config.baseUrl,
    startedAt: new Date(started).toISOString(),
    ms: config.now() - started,
    results,
    counts: { passed: count('passed'), failed: count('failed'), skipped: count('skipped'), mustFailed },
    certified: mustFailed === 0,
  };
}
