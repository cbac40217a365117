// The shape of a saved sandbox state, checked entry by entry: the handlers trust the state, so a
// file edited by hand (or by another version) must be refused on load, naming the bad entry.

/** The latest time the sandbox accepts or keeps: 9999-12-31T23:59:59.999Z, in epoch milliseconds. */
export const MAX_TIME_MS = 253402300799999;

export interface StateProblem {
  /** JSON pointer of the bad entry: `/partner_tokens/0/scopes`. */
  readonly path: string;
  readonly message: string;
}

type Check = (value: unknown, path: string) => StateProblem | undefined;

const pointer = (path: string, key: string | number) => `${path}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;
const fail = (path: string, message: string): StateProblem => ({ path: path === '' ? '/' : path, message });
const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const string: Check = (value, path) => (typeof value === 'string' ? undefined : fail(path, 'expected a string'));
const boolean: Check = (value, path) => (typeof value === 'boolean' ? undefined : fail(path, 'expected true or false'));
const anything: Check = () => undefined;
const time: Check = (value, path) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_TIME_MS
    ? undefined
    : fail(path, `expected a time in milliseconds since the Unix epoch, a whole number from 0 to ${MAX_TIME_MS}`);
const oneOf =
  (...allowed: readonly unknown[]): Check =>
  (value, path) =>
    allowed.includes(value) ? undefined : fail(path, `expected one of ${allowed.map((item) => JSON.stringify(item)).join(', ')}`);
const nullable =
  (check: Check): Check =>
  (value, path) =>
    value === null ? undefined : check(value, path);
const list =
  (item: Check): Check =>
  (value, path) => {
    if (!Array.isArray(value)) return fail(path, 'expected a list');
    for (let index = 0; index < value.length; index += 1) {
      const problem = item(value[index], pointer(path, index));
      if (problem !== undefined) return problem;
    }
    return undefined;
  };
const table =
  (item: Check): Check =>
  (value, path) => {
    if (!isPlainObject(value)) return fail(path, 'expected an object keyed by id');
    for (const [key, entry] of Object.entries(value)) {
      const problem = item(entry, pointer(path, key));
      if (problem !== undefined) return problem;
    }
    return undefined;
  };
const pair =
  (first: Check, second: Check): Check =>
  (value, path) =>
    !Array.isArray(value) || value.length !== 2 ? fail(path, 'expected a pair [id, digest]') : (first(value[0], pointer(path, 0)) ?? second(value[1], pointer(path, 1)));
/** `fields` must be present; `optional` may be absent. Other fields are kept as they are. */
const record =
  (fields: Readonly<Record<string, Check>>, optional: Readonly<Record<string, Check>> = {}): Check =>
  (value, path) => {
    if (!isPlainObject(value)) return fail(path, `expected an object with ${Object.keys(fields).join(', ')}`);
    for (const [name, check] of Object.entries(fields)) {
      if (!Object.hasOwn(value, name)) return fail(pointer(path, name), 'missing');
      const problem = check(value[name], pointer(path, name));
      if (problem !== undefined) return problem;
    }
    for (const [name, check] of Object.entries(optional)) {
      if (!Object.hasOwn(value, name) || value[name] === undefined) continue;
      const problem = check(value[name], pointer(path, name));
      if (problem !== undefined) return problem;
    }
    return undefined;
  };

const scopes = list(oneOf('user', 'onboarding', 'legacy_onboarding', 'sso', 'billing'));

const STATE: Check = record(
  {
    version: oneOf(1),
    partner_tokens: list(record({ _id: string, org_id: string, token_name: string, scopes, client_id: string, client_secret: string, created_at: string })),
    organizations: list(record({ org_id: string, name: string, provider_id: string, user_id: string, user_email: string }, { created_by_org_id: string })),
    onboardings: list(
      record(
        {
          _id: string,
          org_id: string,
          type: oneOf('pos', 'dsp'),
          status: oneOf('pending', 'waiting_for_oauth', 'active', 'deprovisioned'),
          partner_id: string,
          source: string,
          entry_url: string,
          return_url: string,
        },
        { merchant_id: string, partner_org_id: string, integration_id: string },
      ),
    ),
    locations: list(
      record(
        {
          _id: string,
          org_id: string,
          provider_id: string,
          name: string,
          source: string,
          status: oneOf('active', 'pending', 'waiting_for_deprovision', 'deprovisioned'),
          dsps: list(
            record(
              {
                _id: string,
                name: string,
                source: string,
                status: oneOf('APPROVED', 'pending', 'needs_reconnection', 'waiting_for_deprovision', 'deprovisioned'),
                change_time: string,
              },
              { dsp_provider_id: string },
            ),
          ),
          availability: oneOf('open', 'paused', 'offline'),
          paused_until: nullable(time),
        },
        { address: record({}), created_at: string },
      ),
    ),
    orders: list(
      record(
        {
          id: string,
          audience: oneOf('pos', 'dsp', 'events'),
          location_id: string,
          status: string,
          history: list(record({ at: string, status: string, source: string })),
        },
        { provider_id: string, driver: anything, delivery_status: string, placed_at_ms: time },
      ),
    ),
    dsp_event_ids: list(string),
  },
  {
    partner_id: string,
    partner_slug: string,
    access_tokens: table(record({ client_id: string, scopes, expires_at: time })),
    refresh_tokens: table(record({ client_id: string, scopes, expires_at: time, used: boolean })),
    offered_locations: table(list(record({ provider_id: string, name: string, source: string }))),
    onboarding_codes: table(string),
    menu_tokens: table(record({ token: string, expires_at: time, menu_version: oneOf('v1', 'v2') })),
    // Each processed DSP event id with a digest of its body, so a reused id with another body is refused.
    dsp_event_digests: list(pair(string, string)),
    pos_catalogs: table(list(string)),
    pos_catalog_holders: table(list(pair(string, string))),
    pos_catalog_kinds: table(list(pair(string, string))),
    pos_location_ids: list(string),
  },
);

/** The first problem of a parsed state file, or `undefined` when every entry has the shape the sandbox relies on. */
export function checkState(value: unknown): StateProblem | undefined {
  return STATE(value, '');
}
