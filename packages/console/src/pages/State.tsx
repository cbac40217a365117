// What the sandbox remembers, live: organisations, tokens, onboardings on their state machine with
// the next step, locations and their DSP bindings, orders and deliveries with their history.
import { useState, type ReactNode } from 'react';
import { ApiError, control, readStatePage, STATE_PAGE, type Live, type SandboxState, type StateList, type StatePage } from '../api';
import { webLink } from '../links';
import { Badge, ErrorNote, Section } from '../ui';
import { visible } from '../visible';

const ONBOARDING_STEPS = ['pending', 'waiting_for_oauth', 'active', 'deprovisioned'];

type Row = Record<string, unknown>;
// Every value here is data a partner's code or another local process sent (an organisation's name, an
// order id, a DSP store): a bidirectional control would reorder what follows it, and a zero-width or tag
// character would hide text, so each is shown as escapes.
const text = (value: unknown) => (value === undefined || value === null ? '' : visible(String(value)));

export function NextAction({ onboarding }: { onboarding: Row }) {
  const id = text(onboarding._id);
  switch (onboarding.status) {
    case 'pending': {
      const link = webLink(onboarding.entry_url);
      return (
        <>
          Next: the merchant opens {link === undefined ? <>entry_url <code>{text(onboarding.entry_url)}</code></> : <a href={link}>entry_url</a>}, which sends them back to your return_url with a code.
        </>
      );
    }
    case 'waiting_for_oauth':
      return (
        <>
          Next: complete it with the code: <code>PUT /onboarding/integrations/{id}</code>.
        </>
      );
    case 'active':
      return (
        <>
          Next: list and bind locations (<code>GET /onboarding/locations</code>, <code>POST /onboarding/locations/bind</code>); revoke with <code>DELETE /onboarding/integrations/{id}</code>.
        </>
      );
    case 'deprovisioned':
      return <>Done: create a new onboarding to connect this merchant again.</>;
    default:
      return <>Status {text(onboarding.status)}.</>;
  }
}

function StateMachine({ status }: { status: string }) {
  const at = ONBOARDING_STEPS.indexOf(status);
  return (
    <ol className="machine" aria-label={`Onboarding state: ${status.replace(/_/g, ' ')}`}>
      {ONBOARDING_STEPS.map((step, index) => (
        <li key={step} className={index < at ? 'done' : index === at ? 'current' : ''} aria-current={index === at ? 'step' : undefined}>
          {step.replace(/_/g, ' ')}
        </li>
      ))}
    </ol>
  );
}

function Table({ caption, columns, rows }: { caption: string; columns: { label: string; render: (row: Row) => ReactNode }[]; rows: Row[] }) {
  if (rows.length === 0) return <p className="empty">None yet.</p>;
  return (
    <div className="table-wrap">
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column.label}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              {columns.map((column) => (
                <td key={column.label}>{column.render(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function History({ history, total }: { history: unknown; total?: unknown }) {
  const steps = Array.isArray(history) ? (history as Row[]) : [];
  if (steps.length === 0) return <span className="dim">no updates yet</span>;
  const earlier = typeof total === 'number' ? total - steps.length : 0;
  return (
    <ol className="timeline">
      {earlier > 0 && <li className="dim">{earlier} earlier steps</li>}
      {steps.map((step, index) => (
        <li key={index}>
          <Badge status={text(step.status)} /> <span className="dim">{text(step.at).slice(11, 19)} {text(step.source)}</span>
        </li>
      ))}
    </ol>
  );
}

/** The lists this page shows that the live summary may cut, as the page names them. */
const LIST_NAMES: Record<StateList, string> = { orders: 'orders', locations: 'locations', onboardings: 'onboardings', organizations: 'organisations', partner_tokens: 'partner tokens' };

/** The page of each list a person is paging through, and when it was read. */
type Pages = Partial<Record<StateList, StatePage & { at: string }>>;

/** The lists of which the live summary holds only the latest entries, with their whole lengths. */
function cutLists(live: SandboxState | undefined): [StateList, number][] {
  const totals = live?.totals ?? {};
  return Object.entries(totals).filter((entry): entry is [StateList, number] => Object.hasOwn(LIST_NAMES, entry[0]) && entry[1] > ((live as unknown as Record<string, unknown[]> | undefined)?.[entry[0]]?.length ?? 0));
}

/** `1,234`: the totals run to five figures. */
const count = (value: number) => value.toLocaleString('en-US');

/**
 * The page follows each list's latest entries live (a large state sent whole at every change would
 * slow the sandbox). When a list holds more, a person pages through it: each page is one read of at
 * most STATE_PAGE entries of that list, so a read costs what it shows, never the whole state.
 */
function LatestOrPages({ live, pages, reading, onPage, onLive }: { live: SandboxState | undefined; pages: Pages | undefined; reading: boolean; onPage: (list: StateList, offset: number, limit?: number) => void; onLive: () => void }) {
  if (pages !== undefined) {
    return (
      <div className="actions" role="group" aria-label="Pages">
        {Object.values(pages).map((page) => {
          const name = LIST_NAMES[page.list];
          const end = page.offset + page.entries.length;
          return (
            <p key={page.list}>
              <span>
                {name.charAt(0).toUpperCase() + name.slice(1)} {count(page.entries.length === 0 ? 0 : page.offset + 1)}–{count(end)} of {count(page.total)}, oldest first, as of {page.at}; these pages do not follow changes.
              </span>{' '}
              <button type="button" disabled={reading || page.offset === 0} onClick={() => onPage(page.list, Math.max(0, page.offset - STATE_PAGE), Math.min(STATE_PAGE, page.offset))}>
                Earlier {name}
              </button>{' '}
              <button type="button" disabled={reading || end >= page.total} onClick={() => onPage(page.list, end)}>
                Later {name}
              </button>
            </p>
          );
        })}
        <button type="button" onClick={onLive}>
          Follow live changes
        </button>
      </div>
    );
  }
  const cut = cutLists(live);
  if (cut.length === 0) return null;
  return (
    <p className="actions">
      <span>
        Showing the latest {live?.latest} of {cut.map(([name, total]) => `${total} ${LIST_NAMES[name]}`).join(', ')}, live.
      </span>
      <button type="button" onClick={() => cut.forEach(([list, total]) => onPage(list, Math.max(0, total - STATE_PAGE)))} disabled={reading}>
        {reading ? 'Reading…' : 'Page through every entry'}
      </button>
    </p>
  );
}

export default function StatePage({ live }: { live: Live }) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState('');
  const [pages, setPages] = useState<Pages>();
  const [reading, setReading] = useState(0);
  const paged = pages === undefined || live.state === undefined ? live.state : { ...live.state, ...Object.fromEntries(Object.values(pages).map((page) => [page.list, page.entries])) };
  const state = paged as SandboxState | undefined;
  if (state === undefined) return <p>Waiting for the sandbox's state…</p>;
  const orders = state.orders;
  const deliveries = orders.filter((order) => order.driver !== undefined || order.delivery_status !== undefined);
  const bindings = state.locations.flatMap((location) => ((location.dsps as Row[] | undefined) ?? []).map((dsp) => ({ ...dsp, location: location._id })));
  return (
    <>
      <p className="lede">
        Partner <code>{state.partner.partner_slug}</code> (id <code>{state.partner.partner_id}</code>); {state.active_access_tokens} access token(s) valid now. This page follows every change as it happens.
      </p>
      <div className="actions">
        {confirming ? (
          <>
            <span>Reset every organisation, onboarding, location and order to the seeded state?</span>
            <button
              type="button"
              className="danger"
              onClick={() => {
                setConfirming(false);
                control('/_sandbox/console/reset').then(
                  () => setDone('The sandbox is back to its seeded state.'),
                  (failure: ApiError) => setError(failure.message),
                );
              }}
            >
              Yes, reset
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </>
        ) : (
          <button type="button" onClick={() => setConfirming(true)}>
            Reset state…
          </button>
        )}
        <span role="status">{done}</span>
      </div>
      <ErrorNote message={error} />
      <LatestOrPages
        live={live.state}
        pages={pages}
        reading={reading > 0}
        onPage={(list, offset, limit) => {
          setReading((n) => n + 1);
          readStatePage(list, offset, limit).then(
            (page) => {
              setReading((n) => n - 1);
              setPages((before) => ({ ...before, [list]: { ...page, at: new Date().toTimeString().slice(0, 8) } }));
            },
            (failure: ApiError) => {
              setReading((n) => n - 1);
              setError(failure.message);
            },
          );
        }}
        onLive={() => setPages(undefined)}
      />
      <Section title="Onboardings" id="onboardings">
        {state.onboardings.length === 0 ? (
          <p className="empty">None yet. Create one with POST /onboarding/integrations (the Explore page does it for you).</p>
        ) : (
          <ul className="onboardings">
            {state.onboardings.map((onboarding) => (
              <li key={text(onboarding._id)} data-onboarding={text(onboarding._id)}>
                <p>
                  <code>{text(onboarding._id)}</code> {text(onboarding.type).toUpperCase()} from {text(onboarding.source)} for {text(onboarding.org_id)} <Badge status={text(onboarding.status)} />
                </p>
                <StateMachine status={text(onboarding.status)} />
                <p className="next">
                  <NextAction onboarding={onboarding} />
                </p>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Organisations" id="organisations">
        <Table
          caption="Organisations"
          rows={state.organizations}
          columns={[
            { label: 'Id', render: (row) => <code>{text(row.org_id)}</code> },
            { label: 'Name', render: (row) => text(row.name) },
            { label: 'Owner', render: (row) => text(row.user_email) },
          ]}
        />
      </Section>
      <Section title="Partner tokens" id="tokens">
        <Table
          caption="Partner tokens"
          rows={state.partner_tokens}
          columns={[
            { label: 'Name', render: (row) => text(row.token_name) },
            { label: 'Client id', render: (row) => <code>{text(row.client_id)}</code> },
            { label: 'Organisation', render: (row) => text(row.org_id) },
            { label: 'Scopes', render: (row) => (Array.isArray(row.scopes) ? text(row.scopes.join(', ')) : '') },
          ]}
        />
      </Section>
      <Section title="Locations" id="locations">
        <Table
          caption="Locations"
          rows={state.locations}
          columns={[
            { label: 'Id', render: (row) => <code>{text(row._id)}</code> },
            { label: 'Name', render: (row) => text(row.name) },
            { label: 'Status', render: (row) => <Badge status={text(row.status)} /> },
            { label: 'Availability', render: (row) => <Badge status={text(row.availability) === 'open' ? 'online' : text(row.availability)} /> },
            { label: 'Paused until', render: (row) => (row.paused_until === null ? (row.availability === 'paused' ? 'until resumed' : '') : text(row.paused_until)) },
          ]}
        />
      </Section>
      <Section title="DSP bindings" id="bindings">
        <Table
          caption="DSP bindings"
          rows={bindings}
          columns={[
            { label: 'Location', render: (row) => <code>{text(row.location)}</code> },
            { label: 'DSP store', render: (row) => `${text(row.name)} (${text(row._id)})` },
            { label: 'Status', render: (row) => <Badge status={text(row.status)} /> },
            { label: 'Changed', render: (row) => text(row.change_time) },
          ]}
        />
      </Section>
      <Section title="Orders" id="orders">
        <Table
          caption="Orders"
          rows={orders}
          columns={[
            { label: 'Order', render: (row) => <code>{text(row.id)}</code> },
            { label: 'Audience', render: (row) => text(row.audience) },
            { label: 'Location', render: (row) => text(row.location_id) },
            { label: 'Status', render: (row) => <Badge status={text(row.status)} /> },
            { label: 'Timeline', render: (row) => <History history={row.history} total={row.history_total} /> },
          ]}
        />
      </Section>
      <Section title="Deliveries" id="deliveries">
        <Table
          caption="Deliveries"
          rows={deliveries}
          columns={[
            { label: 'Order', render: (row) => <code>{text(row.id)}</code> },
            { label: 'Driver', render: (row) => (row.driver === undefined ? '' : <code>{text(JSON.stringify(row.driver))}</code>) },
            { label: 'Delivery status', render: (row) => <Badge status={text(row.delivery_status)} /> },
            { label: 'Sequence', render: (row) => <History history={(row.history as Row[]).filter((step) => step.source === 'delivery status')} /> },
          ]}
        />
      </Section>
    </>
  );
}
