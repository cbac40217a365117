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

/** Where `stream-partner sandbox` serves its console by default. */
const SANDBOX_CONSOLE = 'http://127.0.0.1:4010';

/** The local sandbox console's page for trying one operation Stream hosts. */
export function sandboxConsoleLink(api: string, operationId: string): string {
  return `${SANDBOX_CONSOLE}/#/explore/${api}/${operationId}`;
}
