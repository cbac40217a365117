// Every request in both directions as it happens: filter, pause, and open one to see its headers,
// bodies and verdicts, copy it as curl or replay it.
import { useMemo, useRef, useState } from 'react';
import { ApiError, control, curlFor, pretty, useFullExchange, type Exchange, type Live } from '../api';
import { Badge, Code, CopyButton, ErrorNote, httpTone } from '../ui';
import { visible } from '../visible';

const AUDIENCES = ['partner', 'pos', 'dsp', 'events', 'unknown'];

function hasProblem(exchange: Exchange): boolean {
  const badSignature = exchange.signature.status !== 'ok' && exchange.signature.status !== 'not_signed';
  return badSignature || exchange.contract.status === 'invalid' || exchange.judgement?.ok === false || exchange.status === undefined || exchange.status >= 400;
}

function matches(exchange: Exchange, audience: string, status: string, direction: string, text: string): boolean {
  if (audience !== '' && exchange.audience !== audience) return false;
  if (direction !== '' && exchange.direction !== direction) return false;
  if (status === '2xx' && !(exchange.status !== undefined && exchange.status < 300)) return false;
  if (status === '4xx' && !(exchange.status !== undefined && exchange.status >= 400 && exchange.status < 500)) return false;
  if (status === '5xx' && !(exchange.status === undefined || exchange.status >= 500)) return false;
  if (status === 'problems' && !hasProblem(exchange)) return false;
  if (text !== '') {
    const haystack = `${exchange.method} ${exchange.url} ${exchange.operation ?? ''} ${exchange.event ?? ''} ${exchange.note ?? ''} ${exchange.requestBody ?? ''} ${exchange.responseBody ?? ''}`.toLowerCase();
    if (!haystack.includes(text.toLowerCase())) return false;
  }
  return true;
}

export default function Exchanges({ live, selected, sandboxUrl }: { live: Live; selected: string | undefined; sandboxUrl: string | undefined }) {
  const [audience, setAudience] = useState('');
  const [status, setStatus] = useState('');
  const [direction, setDirection] = useState('');
  const [text, setText] = useState('');
  const [paused, setPaused] = useState(false);
  const frozen = useRef<number>(0);
  const shownUpTo = paused ? frozen.current : Number.POSITIVE_INFINITY;
  const waiting = paused ? live.exchanges.filter((exchange) => exchange.id > frozen.current).length : 0;
  const rows = useMemo(
    () => live.exchanges.filter((exchange) => exchange.id <= shownUpTo && matches(exchange, audience, status, direction, text)).reverse(),
    [live.exchanges, shownUpTo, audience, status, direction, text],
  );
  const detail = selected === undefined ? undefined : live.exchanges.find((exchange) => String(exchange.id) === selected);
  if (selected !== undefined) return <Detail exchange={detail} id={selected} sandboxUrl={sandboxUrl} />;
  return (
    <>
      <p className="lede">Every call a partner makes to this sandbox, and every call the console, certify or a replay makes to a partner, as it happens.</p>
      <form className="filters" role="search" aria-label="Filter exchanges" onSubmit={(event) => event.preventDefault()}>
        <label>
          Audience
          <select value={audience} onChange={(event) => setAudience(event.target.value)}>
            <option value="">All</option>
            {AUDIENCES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Status
          <select value={status} onChange={(event) => setStatus(event.target.value)}>
            <option value="">All</option>
            <option value="2xx">2xx</option>
            <option value="4xx">4xx (refused)</option>
            <option value="5xx">5xx or no answer</option>
            <option value="problems">Any problem</option>
          </select>
        </label>
        <label>
          Direction
          <select value={direction} onChange={(event) => setDirection(event.target.value)}>
            <option value="">Both</option>
            <option value="inbound">Partner → sandbox</option>
            <option value="outbound">Sandbox → partner</option>
          </select>
        </label>
        <label>
          Text
          <input type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder="path, event, body…" />
        </label>
        <button
          type="button"
          aria-pressed={paused}
          onClick={() => {
            frozen.current = live.exchanges.at(-1)?.id ?? 0;
            setPaused(!paused);
          }}
        >
          {paused ? `Resume${waiting > 0 ? ` (${waiting} new)` : ''}` : 'Pause'}
        </button>
      </form>
      <p className="dim" aria-live="polite">
        {rows.length} of {live.exchanges.length} exchanges shown{paused ? ', paused' : ''}.
      </p>
      {rows.length === 0 ? (
        <p className="empty">No exchanges yet. Call the sandbox (see the banner in your terminal for its routes), or send one from the Send page.</p>
      ) : (
        <div className="table-wrap">
          <table className="exchanges">
            <caption className="visually-hidden">Exchanges, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Direction</th>
                <th scope="col">Call</th>
                <th scope="col">Status</th>
                <th scope="col">Time taken</th>
                <th scope="col">Signature</th>
                <th scope="col">Contract</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((exchange) => (
                <tr key={exchange.id} data-exchange-id={exchange.id}>
                  <td className="mono">{exchange.at.slice(11, 23)}</td>
                  <td>{exchange.direction === 'inbound' ? 'in' : `out (${exchange.source})`}</td>
                  <td>
                    <a href={`#/exchanges/${exchange.id}`}>
                      <span className="method">{visible(exchange.method)}</span> {visible(exchange.url)}
                    </a>
                    {exchange.event !== undefined && <span className="dim"> {visible(exchange.event)}</span>}
                  </td>
                  <td>
                    <Badge status={httpTone(exchange.status)} label={exchange.status === undefined ? 'no answer' : String(exchange.status)} />
                  </td>
                  <td className="mono">{exchange.ms} ms</td>
                  <td>
                    <Badge status={exchange.signature.status} />
                  </td>
                  <td>
                    <Badge status={exchange.judgement !== undefined ? (exchange.judgement.ok && exchange.contract.status !== 'invalid' ? 'valid' : 'invalid') : exchange.contract.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function Headers({ headers, label }: { headers: Record<string, string>; label: string }) {
  const entries = Object.entries(headers);
  if (entries.length === 0) return <p className="dim">No headers recorded.</p>;
  return (
    <table className="headers">
      <caption className="visually-hidden">{label}</caption>
      <tbody>
        {entries.map(([name, value]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td className="mono">{visible(value)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Body({ text, label }: { text: string; label: string }) {
  const [raw, setRaw] = useState(false);
  if (text === '') return <p className="dim">No body.</p>;
  return (
    <>
      <button type="button" aria-pressed={raw} onClick={() => setRaw(!raw)}>
        {raw ? 'Show pretty' : 'Show raw bytes'}
      </button>
      <Code label={`${label}${raw ? ', raw' : ', pretty'}`}>{visible(raw ? text : pretty(text))}</Code>
    </>
  );
}

function Detail({ exchange: listed, id, sandboxUrl }: { exchange: Exchange | undefined; id: string; sandboxUrl: string | undefined }) {
  const [replay, setReplay] = useState<{ message?: string; error?: string }>({});
  const { full: exchange, error } = useFullExchange(listed);
  if (listed === undefined) {
    return (
      <p>
        No exchange {id} in this page's log. <a href="#/exchanges">Back to the exchanges</a>.
      </p>
    );
  }
  if (exchange === undefined) return error === undefined ? <p>Loading exchange {id}…</p> : <ErrorNote message={`Could not load exchange ${id}: ${error}`} />;
  const requestHeaders = exchange.requestHeaders ?? {};
  const requestBody = exchange.requestBody ?? '';
  // The sandbox's own address, the same each run, not the console page's, whose port is new each run.
  const url = exchange.direction === 'inbound' ? `${sandboxUrl ?? window.location.origin}${exchange.url}` : exchange.url;
  const curl = curlFor(exchange.method, url, requestHeaders, requestBody);
  return (
    <article className="detail" aria-labelledby="detail-title">
      <p>
        <a href="#/exchanges">← All exchanges</a>
      </p>
      <h2 id="detail-title">
        <span className="method">{visible(exchange.method)}</span> {visible(exchange.url)}
      </h2>
      <dl className="facts">
        <dt>Direction</dt>
        <dd>{exchange.direction === 'inbound' ? 'partner → sandbox' : exchange.source === 'trigger' ? 'trigger (a terminal) → partner' : `sandbox → partner (${exchange.source})`}</dd>
        <dt>Operation</dt>
        <dd>{exchange.operation ?? 'none in the contracts'}{exchange.event !== undefined ? `, event ${exchange.event}` : ''}</dd>
        <dt>Status</dt>
        <dd>
          <Badge status={httpTone(exchange.status)} label={exchange.status === undefined ? 'no answer' : String(exchange.status)} /> in {exchange.ms} ms
        </dd>
        {exchange.note !== undefined && (
          <>
            <dt>What happened</dt>
            <dd>{visible(exchange.note)}</dd>
          </>
        )}
        <dt>Signature</dt>
        <dd>
          <Badge status={exchange.signature.status} />
          {exchange.signature.why !== undefined && <p className="why">{exchange.signature.why}</p>}
        </dd>
        <dt>Contract</dt>
        <dd>
          <Badge status={exchange.contract.status} />
          {exchange.contract.schema !== undefined && <span className="dim"> against {exchange.contract.schema}</span>}
          {exchange.contract.issues.length > 0 && (
            <ul className="issues">
              {exchange.contract.issues.map((issue, index) => (
                <li key={index}>
                  <code>{issue.pointer === '' ? '(body)' : visible(issue.pointer)}</code> breaks <code>{issue.rule}</code>: {visible(issue.message)}
                </li>
              ))}
            </ul>
          )}
          {exchange.contract.reference !== undefined && (
            <p>
              <a href={exchange.contract.reference}>API reference for {exchange.operation}</a>
              {exchange.contract.guide !== undefined && (
                <>
                  {' · '}
                  <a href={exchange.contract.guide}>Guide</a>
                </>
              )}
            </p>
          )}
        </dd>
        {exchange.judgement !== undefined && (
          <>
            <dt>Answer judged</dt>
            <dd>
              <Badge status={exchange.judgement.ok ? 'passed' : 'failed'} label={exchange.judgement.summary} />
              {exchange.judgement.issues.length > 0 && (
                <ul className="issues">
                  {exchange.judgement.issues.map((issue) => (
                    <li key={issue}>{visible(issue)}</li>
                  ))}
                </ul>
              )}
            </dd>
          </>
        )}
      </dl>
      <div className="actions">
        <CopyButton text={curl} label="Copy as curl" />
        <button
          type="button"
          onClick={() => {
            setReplay({ message: 'Replaying…' });
            control<{ status?: number | null }>('/_sandbox/console/replay', { id: exchange.id }).then(
              () => setReplay({ message: 'Replayed: the new exchange is at the top of the list.' }),
              (error: ApiError) => setReplay({ error: error.message }),
            );
          }}
        >
          Replay
        </button>
        <span role="status">{replay.message}</span>
      </div>
      <ErrorNote message={replay.error} />
      <h3>Request headers</h3>
      <Headers headers={requestHeaders} label="Request headers" />
      <h3>Request body</h3>
      <Body text={requestBody} label="Request body" />
      <h3>Response headers</h3>
      <Headers headers={exchange.responseHeaders ?? {}} label="Response headers" />
      <h3>Response body</h3>
      <Body text={exchange.responseBody ?? ''} label="Response body" />
      <h3>As curl</h3>
      <Code label="The request as a curl command">{curl}</Code>
    </article>
  );
}
