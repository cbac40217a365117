import { PRODUCT_NAME } from '../../constants';

/** Display names of the `x-caller` / `x-host` values the specs use. */
const PARTIES: Record<string, string> = {
  stream: PRODUCT_NAME,
  partner: 'Partner',
  pos: 'POS',
  dsp: 'DSP',
  'event-provider': 'Event provider',
};

export function partyName(value: string): string {
  return PARTIES[value] ?? value;
}
