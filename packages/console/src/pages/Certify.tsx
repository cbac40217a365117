// Certification from the browser: run the checks `stream-partner certify` runs against your
// server and watch each requirement's status arrive, with the failure detail and where to read.
import { useState } from 'react';
import { ApiError, control, useStored, type ContractData, type Live } from '../api';
import { api } from '../session';
import { Badge, ErrorNote } from '../ui';
import { visible } from '../visible';

interface ResultView {
  id: string;
  title: string;
  severity: string;
  status: string;
  reason: string | null;
  expected: string | null;
  ms: number;
  guide: string;
  reference: string;
  sent: string | null;
  got: string | null;
}

/**
 * Saves a run's report. Fetched with the page's session header and saved from memory, so no
 * token or secret ever sits in a URL, the browser's history or the saved file's "downloaded from" record.
 */
async function download(runId: string, format: 'junit' | 'html', name: string): Promise<void> {
  const response = await api(`/_sandbox/console/certify/${runId}?format=${format}`);
  if (!response.ok) throw new Error(`Could not download the report: the sandbox answered ${response.status}.`);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = name;
  link.click();
  // Later, not at once: the browser reads the blob after the click returns.
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

export default function Certify({ contract, live }: { contract: { data?: ContractData; error?: string }; live: Live }) {
  const [audience, setAudience] = useStored('certify-audience', 'pos');
  const [baseUrl, setBaseUrl] = useStored('certify-base-url', 'http://127.0.0.1:4101');
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const [bearer, setBearer] = useState('');
  const [viaSandbox, setViaSandbox] = useState(false);
  const [runId, setRunId] = useState<string>();
  const [error, setError] = useState<string>();
  if (contract.error !== undefined) return <ErrorNote message={contract.error} />;
  const catalogue = contract.data?.catalogues[audience] ?? [];
  const events = live.certify.filter((event) => event.id === runId);
  const results = new Map(events.filter((event) => event.phase === 'result').map((event) => [(event.result as ResultView).id, event.result as ResultView]));
  const finished = events.find((event) => event.phase === 'finished' || event.phase === 'failed');
  const prompts = events.filter((event) => event.phase === 'prompt').map((event) => String(event.text));
  const counts = new Map<string, number>();
  for (const result of results.values()) counts.set(result.status, (counts.get(result.status) ?? 0) + 1);
  const running = runId !== undefined && finished === undefined;
  const cut = finished?.phase === 'finished' && finished.timeLimitReached === true;
  const green = finished?.phase === 'finished' && !counts.has('failed') && !cut && results.size > 0;
  return (
    <>
      <p className="lede">Run Stream's side of every flow against your server, as <code>stream-partner certify</code> does, and watch each requirement's result arrive.</p>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          setError(undefined);
          control<{ id: string }>('/_sandbox/console/certify', { audience, baseUrl, clientId, clientSecret, token: bearer, skipSandbox: !viaSandbox }).then(
            (answer) => setRunId(answer.id),
            (failure: ApiError) => setError(failure.message),
          );
        }}
      >
        <label>
          Audience
          <select value={audience} onChange={(event) => setAudience(event.target.value)} disabled={running}>
            <option value="pos">POS</option>
            <option value="dsp">DSP</option>
            <option value="events">Events</option>
          </select>
        </label>
        <label>
          Your server's base URL (remembered)
          <input type="url" required value={baseUrl} onChange={(event) => setBaseUrl(event.target.value)} />
        </label>
        <details>
          <summary>OAuth client and token (defaults: stream-client / stream-secret, certify runs your OAuth flow)</summary>
          <label>
            Client id you issued to Stream
            <input type="text" value={clientId} placeholder="stream-client" onChange={(event) => setClientId(event.target.value)} />
          </label>
          <label>
            Client secret
            <input type="password" autoComplete="off" value={clientSecret} placeholder="stream-secret" onChange={(event) => setClientSecret(event.target.value)} />
          </label>
          <label>
            Bearer token (skips the OAuth flow)
            <input type="text" autoComplete="off" value={bearer} onChange={(event) => setBearer(event.target.value)} />
          </label>
        </details>
        <label className="check">
          <input type="checkbox" checked={viaSandbox} onChange={(event) => setViaSandbox(event.target.checked)} />
          Also check what your server sends to this sandbox (you make it send when asked; otherwise those requirements are skipped)
        </label>
        <button type="submit" className="primary" disabled={running}>
          {running ? 'Running…' : 'Run certification'}
        </button>
      </form>
      <ErrorNote message={error} />
      {prompts.length > 0 && (
        <section className="card" aria-labelledby="certify-prompts">
          <h2 id="certify-prompts">Your turn</h2>
          <ul>
            {prompts.map((prompt, index) => (
              <li key={index}>{visible(prompt)}</li>
            ))}
          </ul>
        </section>
      )}
      <section className="card" aria-labelledby="certify-results">
        <h2 id="certify-results">Requirements</h2>
        <p role="status" aria-live="polite" className="summary">
          {runId === undefined
            ? `${catalogue.length} requirements for ${audience.toUpperCase()}. Run to check them.`
            : finished === undefined
              ? `Running: ${results.size} of ${catalogue.length} done.`
              : finished.phase === 'failed'
                ? `The run stopped: ${visible(String(finished.error))}`
                : `${[...counts.entries()].map(([status, count]) => `${count} ${status.replace(/_/g, ' ')}`).join(', ')}. ${cut ? `The run reached its time limit of ${String(finished.timeLimit)} first: the requirements not run were not judged, so it does not pass. Look for the answers that came slowly.` : green ? (counts.has('warned') ? 'Every requirement in force that ran passed; each warning names the day its rule starts to fail.' : 'Every requirement that ran passed.') : 'Some requirements did not pass.'}`}
        </p>
        {finished?.phase === 'finished' && runId !== undefined && (
          <p className="actions">
            <button type="button" onClick={() => download(runId, 'junit', `certify-${audience}.xml`).catch((failure: Error) => setError(failure.message))}>
              Download JUnit XML
            </button>
            <button type="button" onClick={() => download(runId, 'html', `certify-${audience}.html`).catch((failure: Error) => setError(failure.message))}>
              Download HTML report
            </button>
          </p>
        )}
        <ul className="requirements">
          {catalogue.map((requirement) => {
            const result = results.get(requirement.id);
            const status = result?.status ?? (running ? 'pending' : runId === undefined ? 'not_run' : 'not_run');
            return (
              <li key={requirement.id} data-requirement={requirement.id} data-status={status}>
                <p>
                  <Badge status={status} /> <strong>{requirement.id}</strong> <span className="dim">{requirement.severity}</span> {requirement.title}
                </p>
                {result !== undefined && result.status !== 'passed' && (
                  <div className="failure">
                    {result.reason !== null && <p>Why: {visible(result.reason)}</p>}
                    {result.expected !== null && <p>Contract: {visible(result.expected)}</p>}
                    {result.sent !== null && (
                      <p className="mono">
                        Sent {visible(result.sent)}; got {visible(result.got ?? '')}
                      </p>
                    )}
                    <p>
                      <a href={result.guide}>Guide for {requirement.id}</a> · <a href={result.reference}>Contract</a>
                    </p>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}
