// A body judged against its contract schema, as the console and the MCP server show it: each issue
// with its JSON pointer and the rule it breaks, and links to where the docs explain it. Pure: no
// server, so anything that shows a verdict can import it.
import { validate } from '@stream-partner/contracts';
import type { ApiName, OperationInfo } from './openapi.js';

/** Where the published docs live; links in reports and verdicts start here. */
export const DEFAULT_DOCS_URL = 'https://partners.stream.example';

export interface ContractIssue {
  /** RFC 6901 pointer into the body: `/object/line_items/0/quantity`; `''` for the body itself. */
  readonly pointer: string;
  readonly rule: string;
  readonly message: string;
}

export interface ContractVerdict {
  /** `checking` until the verdict follows in an update of the same exchange. */
  readonly status: 'valid' | 'invalid' | 'not_checked' | 'checking';
  readonly schema?: string;
  readonly issues: readonly ContractIssue[];
  /** The operation in the API reference. */
  readonly reference?: string;
  /** The guide that explains the flow. */
  readonly guide?: string;
}

const REFERENCE_PAGES: Readonly<Record<ApiName, string>> = { partner: '', pos: 'become-a-pos', dsp: 'become-a-dsp', events: 'integrate-with-events' };
const GUIDES: Readonly<Record<ApiName, string>> = {
  partner: '/docs/white-label-stream/become-a-white-label-partner',
  pos: '/docs/become-a-stream-integration/integrate-with-stream-as-a-pos/overview',
  dsp: '/docs/become-a-stream-integration/integrate-with-stream-as-a-dsp/overview',
  events: '/docs/become-a-stream-integration/integrate-with-stream-events/overview',
};

export function referenceLink(api: ApiName, operationId: string): string {
  const page = REFERENCE_PAGES[api];
  return `${DEFAULT_DOCS_URL}/api/${page === '' ? '' : page}#operation/${operationId}`;
}

export function guideLink(api: ApiName): string {
  return `${DEFAULT_DOCS_URL}${GUIDES[api]}`;
}

/** `object.line_items[0].quantity` as a JSON pointer: `/object/line_items/0/quantity`. */
export function toPointer(path: string): string {
  if (path === '') return '';
  const parts = path.replace(/\[(\d+)\]/g, '.$1').split('.').filter((part) => part !== '');
  return parts.map((part) => `/${part.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

// One per operation: the verdict is the same for every valid body, and the console shows it for most exchanges.
const validVerdicts = new WeakMap<OperationInfo, ContractVerdict>();

/** The verdict `contractVerdict` gives a body already found valid against the operation's request schema. */
export function validVerdict(operation: OperationInfo & { readonly requestSchema: string }): ContractVerdict {
  let verdict = validVerdicts.get(operation);
  if (verdict === undefined) {
    verdict = Object.freeze({ status: 'valid', schema: operation.requestSchema, issues: Object.freeze([]), reference: referenceLink(operation.api, operation.operationId), guide: guideLink(operation.api) });
    validVerdicts.set(operation, verdict);
  }
  return verdict;
}

/** Checks a body against an operation's request schema. */
export function contractVerdict(operation: OperationInfo | undefined, raw: string): ContractVerdict {
  if (operation === undefined) return { status: 'not_checked', issues: [] };
  const links = { reference: referenceLink(operation.api, operation.operationId), guide: guideLink(operation.api) };
  const schema = operation.requestSchema;
  if (schema === undefined || !(operation.requestContentType ?? 'application/json').includes('json')) return { status: 'not_checked', issues: [], ...links };
  if (raw === '') return { status: 'invalid', schema, issues: [{ pointer: '', rule: 'required', message: `the body is empty; ${operation.operationId} needs a ${schema}` }], ...links };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return { status: 'invalid', schema, issues: [{ pointer: '', rule: 'json', message: `the body is not JSON: ${(error as Error).message}` }], ...links };
  }
  return bodyVerdict(operation.api, schema, value, links);
}

export function bodyVerdict(api: ApiName, schema: string, value: unknown, links: { reference?: string; guide?: string } = {}): ContractVerdict {
  const result = validate(api, schema as never, value);
  if (result.valid) return { status: 'valid', schema, issues: [], ...links };
  return { status: 'invalid', schema, issues: result.errors.map((issue) => ({ pointer: toPointer(issue.path), rule: issue.rule, message: issue.message })), ...links };
}
