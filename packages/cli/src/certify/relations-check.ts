// One check for every relation requirement: it reads the relations the audience's contract states
// (`x-stream-relations`) and judges every exchange the run made against them. No relation has code of its own.
import { groupByRequirement, listRelations, judgeRelations, type Relation } from '../relations.js';
import type { Audience } from '../trigger/targets.js';
import { Blocked, fail, pass, type Check } from './context.js';

function byRequirement(audience: Audience): Map<string, Relation[]> {
  // Relations on what Stream answers (a partner's sends) are the sandbox's to enforce; certify judges the partner's answers.
  return groupByRequirement(listRelations(audience).filter((candidate) => candidate.host === 'partner'));
}

/** The requirements the audience's relations name: they judge the other checks' exchanges, so the runner runs them last. */
export function relationRequirements(audience: Audience): ReadonlySet<string> {
  return new Set(byRequirement(audience).keys());
}

function where(relations: readonly Relation[]): string {
  const places = [...new Set(relations.map((relation) => (relation.operationId === undefined ? 'every JSON answer' : `${relation.operationId} ${relation.status}`)))];
  return places.join(', ');
}

/**
 * Whether a requirement whose calls drew no answer a rule covers is the one to blame: another
 * requirement, and one that did not pass (a call that passed its own requirement with another
 * status, such as a refusal probe's 400, blocks nothing).
 */
export function blamable(requirement: string | undefined, id: string, context: { statusOf(id: string): string | undefined }): requirement is string {
  return requirement !== undefined && requirement !== id && context.statusOf(requirement) !== 'passed';
}

export function relationChecks(audience: Audience): Record<string, Check> {
  return Object.fromEntries(
    [...byRequirement(audience)].map(([id, relations]) => [
      id,
      (async (context) => {
        const { covered, findings } = judgeRelations({ relations, exchanges: context.observed });
        // A rule on every error answer holds when the run drew none: a server that refuses nothing has no code to misspell.
        if (covered === 0 && relations.every((relation) => relation.listed !== undefined)) return pass('no error answer that lists its codes came in this run');
        if (covered === 0) {
          // The calls it judges were made but answered another status (that requirement's failure), or never made
          // because another requirement's failure blocked them: either way, blocked by that requirement.
          const maker = context.observed.find((exchange) => blamable(exchange.requirement, id, context) && relations.some((relation) => relation.operationId !== undefined && exchange.operations.some((operation) => operation.operationId === relation.operationId)))?.requirement;
          const owner = maker ?? context.blockers[0];
          if (owner !== undefined && owner !== id) throw new Blocked(`no answer it covers (${where(relations)}) was made in this run`, owner);
          throw new Blocked(`no answer it covers (${where(relations)}) was made in this run; run certify without --only, or with the requirements that make those calls`);
        }
        if (findings.length === 0) return pass(`${covered} answer(s) keep it`);
        const shown = findings.slice(0, 5).map((finding) => finding.message).join('; ');
        const more = findings.length > 5 ? ` (and ${findings.length - 5} more)` : '';
        return fail(`${findings.length} of ${covered} answer(s) break it: ${shown}${more}`, relations[0]!.statement);
      }) satisfies Check,
    ]),
  );
}
