import type { components as DspComponents } from './generated/dsp.js';
import type { components as EventsComponents } from './generated/events.js';
import type { components as PartnerComponents } from './generated/partner.js';
import type { components as PosComponents } from './generated/pos.js';

/** The named schemas of each contract, as generated TypeScript types. */
export interface ContractSchemas {
  partner: PartnerComponents['schemas'];
  dsp: DspComponents['schemas'];
  pos: PosComponents['schemas'];
  events: EventsComponents['schemas'];
}

/** The four contracts: `partner`, `dsp`, `pos`, `events`. */
export type ApiName = keyof ContractSchemas;

/** The names of the schemas of one contract (`'NewOrder'`, `'OrderEvent'`...). */
export type SchemaName<A extends ApiName> = Extract<keyof ContractSchemas[A], string>;

/** The TypeScript type of one named schema: `Schema<'dsp', 'NewOrder'>`. */
export type Schema<A extends ApiName, S extends SchemaName<A>> = ContractSchemas[A][S];
