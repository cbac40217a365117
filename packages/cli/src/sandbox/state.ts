// Everything the sandbox remembers, as plain JSON so `--state FILE` can save and load it.
// Ids look like Stream's (`org_…`, `tok_…`) but are generated here; nothing is real.
import { randomBytes } from 'node:crypto';

export type Scope = 'user' | 'onboarding' | 'legacy_onboarding' | 'sso' | 'billing';
export const ALL_SCOPES: readonly Scope[] = ['user', 'onboarding', 'legacy_onboarding', 'sso', 'billing'];

export interface PartnerTokenRecord {
  _id: string;
  org_id: string;
  token_name: string;
  scopes: Scope[];
  client_id: string;
  client_secret: string;
  created_at: string;
}

export interface AccessTokenRecord {
  client_id: string;
  scopes: Scope[];
  /** Epoch milliseconds. */
  expires_at: number;
}

export interface RefreshTokenRecord {
  client_id: string;
  scopes: Scope[];
  expires_at: number;
  used: boolean;
}

export interface OrganizationRecord {
  org_id: string;
  name: string;
  provider_id: string;
  user_id: string;
  user_email: string;
  /** The organization whose client created this one (`POST /onboarding/org`): its clients may act here too. */
  created_by_org_id?: string;
}

export interface OnboardingRecord {
  _id: string;
  org_id: string;
  merchant_id?: string;
  type: 'pos' | 'dsp';
  status: 'pending' | 'waiting_for_oauth' | 'active' | 'deprovisioned';
  partner_id: string;
  partner_org_id?: string;
  source: string;
  entry_url: string;
  return_url: string;
  integration_id?: string;
}

export interface DspBinding {
  /** Stream's id of the binding (`dsb_…`). */
  _id: string;
  /** The DSP's own store id (`dsp_provider_id`), so binding the same store again finds this binding. */
  dsp_provider_id?: string;
  name: string;
  source: string;
  status: 'APPROVED' | 'pending' | 'needs_reconnection' | 'waiting_for_deprovision' | 'deprovisioned';
  change_time: string;
}

export interface LocationRecord {
  _id: string;
  org_id: string;
  provider_id: string;
  name: string;
  source: string;
  status: 'active' | 'pending' | 'waiting_for_deprovision' | 'deprovisioned';
  address?: Record<string, unknown>;
  dsps: DspBinding[];
  /** When it was ingested (ISO 8601); absent for the seeded demo locations, which predate every billing month. */
  created_at?: string;
  /** What the partner last reported: POS `location.status.updated`, DSP `store_status_update`. */
  availability: 'open' | 'paused' | 'offline';
  /** Epoch milliseconds when a pause ends (POS `paused_until`, DSP `end_time`); `null` when indefinite. */
  paused_until: number | null;
}

export interface OrderRecord {
  /** The id the partner uses for the order: Stream's order id, or the DSP's own id. */
  id: string;
  audience: 'pos' | 'dsp' | 'events';
  location_id: string;
  status: string;
  /** POS orders: the POS's `provider_id`, once known. */
  provider_id?: string;
  driver?: unknown;
  delivery_status?: string;
  /** DSP orders: the new_order's `occurred_at_ms`, which no cancellation of the order can come before. */
  placed_at_ms?: number;
  history: { at: string; status: string; source: string }[];
}

export interface SandboxState {
  version: 1;
  partner_id: string;
  partner_slug: string;
  partner_tokens: PartnerTokenRecord[];
  access_tokens: Record<string, AccessTokenRecord>;
  refresh_tokens: Record<string, RefreshTokenRecord>;
  organizations: OrganizationRecord[];
  onboardings: OnboardingRecord[];
  /** Locations a connected POS or DSP offers for onboarding, by onboarding id. */
  offered_locations: Record<string, { provider_id: string; name: string; source: string }[]>;
  locations: LocationRecord[];
  orders: OrderRecord[];
  /** DSP `event_id`s already stored, so a retry is answered `duplicate: true`. */
  dsp_event_ids: string[];
  /** [event_id, digest of the event] of recent DSP events, so an event_id reused for another event is refused. */
  dsp_event_digests?: [string, string][];
  /** OAuth codes handed out by an onboarding's `entry_url`: code to onboarding id. */
  onboarding_codes: Record<string, string>;
  /** Published DSP menu files: location id to the link token that opens it. */
  menu_tokens: Record<string, { token: string; expires_at: number; menu_version: 'v1' | 'v2' }>;
  /** The provider_ids of the catalog a POS last served for each location (certify registers what it read), so a catalog object update can be checked against it. */
  pos_catalogs: Record<string, string[]>;
  /** [member, holder] pairs of that catalog (a family and its items, a group and its modifiers), so an in-store order line can be checked against it. */
  pos_catalog_holders: Record<string, [string, string][]>;
  /** [id, key] pairs of that catalog: the list each object is under (`item`, `item_family`), so an update's `object_type` can be checked. */
  pos_catalog_kinds: Record<string, [string, string][]>;
  /** The provider_ids of the location list a POS last served (certify registers what it read), which every location its events name must be one of. */
  pos_location_ids?: string[];
}

/** The keyed tables: user input picks the key, so they have no prototype (`constructor` is just a key). */
export const KEYED_TABLES = ['access_tokens', 'refresh_tokens', 'offered_locations', 'onboarding_codes', 'menu_tokens', 'pos_catalogs', 'pos_catalog_holders', 'pos_catalog_kinds'] as const;

/** An empty object without a prototype, for tables keyed by what a client sends. */
export function keyedTable<T>(entries: Readonly<Record<string, T>> = {}): Record<string, T> {
  const table = Object.create(null) as Record<string, T>;
  for (const [key, value] of Object.entries(entries)) table[key] = value;
  return table;
}

/** The entry under `key` only when the table itself holds it. */
export function own<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(10).toString('hex')}`;
}

export interface SeedOptions {
  readonly partnerId: string;
  readonly partnerSlug: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly now: number;
}

export const DEMO_ORG_ID = 'org_demo';

/**
 * A fresh state: one demo organization owning the command-line client, two locations, and the
 * orders the contracts' examples refer to, so a partner's first call finds something.
 */
export function seedState(options: SeedOptions): SandboxState {
  const created = new Date(options.now).toISOString();
  const location = (id: string, providerId: string, name: string, line1: string): LocationRecord => ({
    _id: id,
    org_id: DEMO_ORG_ID,
    provider_id: providerId,
    name,
    source: 'sandbox-pos',
    status: 'active',
    address: { address_line_1: line1, locality: 'San Francisco', administrative_district_level_1: 'CA', postal_code: '94103', country: 'US' },
    dsps: [],
    availability: 'open',
    paused_until: null,
  });
  return {
    version: 1,
    partner_id: options.partnerId,
    partner_slug: options.partnerSlug,
    partner_tokens: [
      {
        _id: 'tok_sandbox',
        org_id: DEMO_ORG_ID,
        token_name: 'Sandbox command-line client',
        scopes: [...ALL_SCOPES],
        client_id: options.clientId,
        client_secret: options.clientSecret,
        created_at: created,
      },
    ],
    access_tokens: keyedTable(),
    refresh_tokens: keyedTable(),
    organizations: [
      { org_id: DEMO_ORG_ID, name: 'Demo Burger Group', provider_id: 'demo-burger-group', user_id: 'usr_demo', user_email: 'owner@demo-burger.example' },
    ],
    onboardings: [],
    offered_locations: keyedTable(),
    locations: [
      location('loc-downtown', 'LOC-0001', 'Demo Burger Downtown', '1 Market St'),
      location('loc-mission', 'LOC-0002', 'Demo Burger Mission', '1600 Mission St'),
    ],
    orders: [],
    dsp_event_ids: [],
    onboarding_codes: keyedTable(),
    menu_tokens: keyedTable(),
    pos_catalogs: keyedTable(),
    pos_catalog_holders: keyedTable(),
    pos_catalog_kinds: keyedTable(),
  };
}
