// What certify read from a POS (its location list, a location's catalog) is told to the sandbox,
// which judges the POS's events by it (the contract's x-stream-relations whose `in` is that read).
// When the sandbox does not take it, the requirements it would have judged say so: a pass there
// is not verified, and a failure may come from a list the sandbox held before.
import { listRelations } from '../relations.js';
import type { ApiName } from '../openapi.js';
import { notVerified, type CertifyContext, type Check } from './context.js';

/** The reads certify registers with the sandbox, and what each is called in a sentence. */
const REGISTERED = { listLocations: 'the location list', getCatalog: 'the catalog' } as const;
type RegisteredRead = keyof typeof REGISTERED;

const refusals = new WeakMap<CertifyContext, Map<RegisteredRead, string>>();

function keep(context: CertifyContext, read: RegisteredRead, why: string): void {
  const kept = refusals.get(context) ?? new Map<RegisteredRead, string>();
  if (!kept.has(read)) kept.set(read, why);
  refusals.set(context, kept);
}

/**
 * Tells the sandbox what certify read; `left` says which values it could not pass on (longer than
 * the sandbox keeps). A refusal or a left-out value is kept for the requirements judged by it.
 */
export async function registerRead(options: { context: CertifyContext; read: RegisteredRead; left?: string; register: () => Promise<void> | undefined }): Promise<void> {
  const { context, read } = options;
  if (options.left !== undefined) keep(context, read, options.left);
  try {
    await options.register();
  } catch (error) {
    keep(context, read, (error as Error).message);
  }
}

/** The requirements the sandbox judges by each registered read, from the contract's relations. */
function judgedBy(api: ApiName): Map<string, RegisteredRead[]> {
  const byRequirement = new Map<string, RegisteredRead[]>();
  for (const relation of listRelations(api)) {
    const read = relation.in?.operation;
    if (relation.host !== 'stream' || read === undefined || !Object.hasOwn(REGISTERED, read)) continue;
    const reads = byRequirement.get(relation.requirement) ?? [];
    if (!reads.includes(read as RegisteredRead)) reads.push(read as RegisteredRead);
    byRequirement.set(relation.requirement, reads);
  }
  return byRequirement;
}

/** The checks, each requirement the sandbox judges by a registered read saying when the sandbox did not take it. */
export function withRegistrations(api: ApiName, checks: Readonly<Record<string, Check>>): Readonly<Record<string, Check>> {
  const wrapped: Record<string, Check> = { ...checks };
  for (const [requirement, reads] of judgedBy(api)) {
    const check = checks[requirement];
    if (check === undefined) continue;
    wrapped[requirement] = async (context) => {
      const outcome = await check(context);
      const kept = refusals.get(context);
      const problems = reads.flatMap((read) => (kept?.has(read) ? [`the sandbox was not given ${REGISTERED[read]} certify read from the POS (${kept.get(read)!})`] : []));
      if (problems.length === 0) return outcome;
      const why = `${problems.join('; ')}, so it could not judge ${requirement}'s events by it`;
      if (outcome.passed) return notVerified(`${why}${outcome.reason === undefined ? '' : `; otherwise: ${outcome.reason}`}`, outcome.expected);
      return { ...outcome, reason: `${outcome.reason ?? 'failed'} (note: ${why}, and may have judged them by what an earlier run registered)` };
    };
  }
  return wrapped;
}
