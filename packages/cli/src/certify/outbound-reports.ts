// What a certify requirement sent, as the reports a running sandbox's console records.
import type { OutboundReport } from '../outbound-report.js';
import { listTargets, type Audience } from '../trigger/targets.js';
import type { Evidence } from './context.js';
import type { RequirementResult } from './runner.js';

/** Each call a certify requirement made, as reports naming the requirement and how it ended. */
export function certifyReports(audience: Audience, result: RequirementResult): OutboundReport[] {
  const contract = result.requirement.contract;
  const target = listTargets().find((candidate) => candidate.audience === audience && (candidate.name === contract.event || candidate.name === contract.operationId));
  return result.evidence.map((evidence: Evidence) => ({
    source: 'certify',
    // A requirement's evidence also holds the calls that led up to it (the OAuth flow): name the operation only on its own call.
    ...(target === undefined || target.carrier.method !== evidence.request.method || !new URL(evidence.request.url).pathname.endsWith(target.carrier.path.replace(/\{[^}]*\}.*$/, '')) ? {} : { target: target.qualified }),
    requirement: result.requirement.id,
    note: `${result.status}: ${evidence.what}`.slice(0, 1000),
    request: {
      method: evidence.request.method,
      url: evidence.request.url,
      // Evidence keeps only the signature of a sound call; the sandbox checks it like any other.
      ...(evidence.soundSignature === undefined ? {} : { headers: { 'Stream-Signature': evidence.soundSignature } }),
      ...(evidence.request.body === undefined ? {} : { body: evidence.request.body }),
    },
    ...(evidence.response.status === undefined ? { error: { kind: 'unreachable' as const, message: (evidence.response.error ?? 'no answer').slice(0, 1000) } } : { response: { status: evidence.response.status, ...(evidence.response.body === undefined ? {} : { body: evidence.response.body }) } }),
    ms: evidence.response.ms,
  }));
}
