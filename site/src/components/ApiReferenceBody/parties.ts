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

/** What the link needs, said beside it and in its tooltip: it opens a local server, and a tab without the console's session asks for its URL once. */
export const SANDBOX_LINK_NEEDS = 'The sandbox must be running on this machine (npx stream-partner sandbox). The first time, the console asks for the Console URL the sandbox printed in its terminal; paste it and this operation opens.';

/** The local sandbox console's page for trying one operation Stream hosts. */
export function sandboxConsoleLink(api: string, operationId: string): string {
  return `${SANDBOX_CONSOLE}/#/explore/${api}/${operationId}`;
}
