// How a refusal of a body that breaks the contract is written, where the contract says it with an
// `x-stream-refusal-lists` entry naming `contract-break`: which list holds the entry, its fields, and
// how many entries (one that says what is wrong, however many problems the body has). Certify sends
// a body with one problem and one with two; each refusal must hold the entries the contract names,
// and where the list gives a `reason`, text that names each field certify left out.
import { randomBytes, randomUUID } from 'node:crypto';
import { listRefusalLists, refusalListIssue } from '../refusal-lists.js';
import { refusalReasonIssue } from '../refusal-reason.js';
import type { TriggerTarget } from '../trigger/targets.js';
import { accessToken } from './checks-oauth.js';
import { invalidBodyRefusal } from './checks-shared.js';
import { fail, type CertifyContext, type CheckOutcome } from './context.js';

export interface ContractBreakOptions {
  readonly target: TriggerTarget;
  /** The requirement whose refusal lists are checked. */
  readonly requirement: string;
  /** A valid body of the event, fresh. */
  readonly body: Record<string, unknown>;
  /** Dotted paths of required fields, each removed to make a problem; two or more give a body with several. */
  readonly remove: readonly string[];
}

/** The body without the paths, under an event id of its own: a receiver that answers a known event_id from memory must read each. */
function without(body: Record<string, unknown>, paths: readonly string[]): Record<string, unknown> {
  const broken = structuredClone(body);
  if (typeof broken.event_id === 'string') broken.event_id = broken.event_id.startsWith('evt_') ? `evt_cert_${randomBytes(8).toString('hex')}` : randomUUID();
  for (const path of paths) {
    const parts = path.split('.');
    let node: unknown = broken;
    for (const part of parts.slice(0, -1)) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
    if (typeof node === 'object' && node !== null) delete (node as Record<string, unknown>)[parts[parts.length - 1]!];
  }
  return broken;
}

/** Findings, each quoting the list's rule, for refusals of contract-breaking bodies not written as the contract says; empty when the contract names none or all are. */
export async function contractBreakIssues(context: CertifyContext, options: ContractBreakOptions): Promise<string[]> {
  const lists = listRefusalLists(options.target.audience).filter((list) => list.names === 'contract-break' && list.requirement === options.requirement && list.operationId === options.target.carrier.operationId);
  if (lists.length === 0) return [];
  const token = options.target.carrier.bearer ? await accessToken(context) : null;
  const found: string[] = [];
  const sets = [options.remove.slice(0, 1), options.remove].filter((set, index) => index === 0 || set.length > 1);
  for (const set of sets) {
    const what = `a body without ${set.join(' and ')}`;
    const exchange = await context.call(`send ${what}`, { target: options.target, body: without(options.body, set), token });
    // Another status or body is the plain refusal requirement's finding; this one reads the entries.
    if (exchange.status !== 400) continue;
    for (const list of lists) {
      const issue = refusalListIssue(list, exchange.json, set.join(', '));
      if (issue !== undefined) found.push(`${what}: ${issue}`);
      const unnamed = refusalReasonIssue(list, exchange.json, set);
      if (unnamed !== undefined) found.push(`${what}: ${unnamed}`);
    }
  }
  return found;
}

/** The plain refusal of a body without the first path, then its entries as the contract writes them: one outcome for a requirement. */
export async function contractBreakRefusal(context: CertifyContext, options: ContractBreakOptions): Promise<CheckOutcome> {
  const plain = await invalidBodyRefusal(context, options.target, options.body, options.remove[0]!);
  if (!plain.passed) return plain;
  const entries = await contractBreakIssues(context, options);
  return entries.length === 0 ? plain : fail(entries.join('; '), 'exactly one orderValidation entry of order_error other that names what is wrong, however many fields are missing or wrong');
}
