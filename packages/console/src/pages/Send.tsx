// What `stream-partner trigger` does, as a form: pick what Stream sends, start from a named
// example, edit with live validation, send it signed to your server and read the judged answer.
import { useEffect, useMemo, useState } from 'react';
import { ApiError, control, pretty, useStored, type ContractData, type ContractVerdict, type Exchange, type Judgement } from '../api';
import { Badge, Code, ErrorNote } from '../ui';
import { visible } from '../visible';

export default function Send({ contract }: { contract: { data?: ContractData; error?: string } }) {
  const targets = contract.data?.targets ?? [];
  const [name, setName] = useStored('send-target', 'pos:order.created');
  const target = targets.find((candidate) => candidate.name === name) ?? targets[0];
  const [exampleName, setExampleName] = useState('');
  const [body, setBody] = useState('');
  const [to, setTo] = useStored('send-to', 'http://127.0.0.1:4101');
  const [token, setToken] = useState('');
  const [params, setParams] = useState<Record<string, string>>({});
  const [verdict, setVerdict] = useState<ContractVerdict | { status: 'not_json'; message: string }>();
  const [result, setResult] = useState<{ exchange: Exchange; judgement: Judgement }>();
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);

  // A new target or example starts from the contract's example.
  useEffect(() => {
    if (target === undefined) return;
    const example = target.examples.find((candidate) => candidate.name === exampleName) ?? target.examples[0];
    setBody(example === undefined ? '' : JSON.stringify(example.value, null, 2));
    setParams(Object.fromEntries(target.parameters.map((parameter) => [parameter.name, parameter.example])));
    setResult(undefined);
    setError(undefined);
  }, [target?.name, exampleName]);

  const parsed = useMemo(() => {
    if (body.trim() === '') return { ok: true as const, value: undefined };
    try {
      return { ok: true as const, value: JSON.parse(body) as unknown };
    } catch (failure) {
      return { ok: false as const, message: (failure as Error).message };
    }
  }, [body]);

  // Validation runs in the sandbox, against the same validators trigger uses, a moment after typing stops.
  useEffect(() => {
    if (target === undefined || target.schema === null) return setVerdict(undefined);
    if (!parsed.ok) return setVerdict({ status: 'not_json', message: parsed.message });
    const timer = setTimeout(() => {
      control<ContractVerdict>('/_sandbox/console/validate', { target: target.name, body: parsed.value }).then(setVerdict, (failure: ApiError) => setError(failure.message));
    }, 250);
    return () => clearTimeout(timer);
  }, [target?.name, body]);

  if (contract.error !== undefined) return <ErrorNote message={contract.error} />;
  if (target === undefined) return <p>Loading what Stream sends…</p>;
  const audiences = [...new Set(targets.map((candidate) => candidate.audience))];
  return (
    <>
      <p className="lede">Send your server one of the events or calls Stream sends, signed with the sandbox's webhook secret, and see the answer judged against the contract, as <code>stream-partner trigger</code> does.</p>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!parsed.ok) return setError(`The body is not JSON: ${parsed.message}. Fix it before sending.`);
          setSending(true);
          setError(undefined);
          control<{ exchange: Exchange; judgement: Judgement }>('/_sandbox/console/send', { target: target.name, to, body: parsed.value, params, token }).then(
            (answer) => {
              setResult(answer);
              setSending(false);
            },
            (failure: ApiError) => {
              setError(failure.message);
              setSending(false);
            },
          );
        }}
      >
        <label>
          What Stream sends
          <select value={target.name} onChange={(event) => { setName(event.target.value); setExampleName(''); }}>
            {audiences.map((audience) => (
              <optgroup key={audience} label={audience.toUpperCase()}>
                {targets
                  .filter((candidate) => candidate.audience === audience)
                  .map((candidate) => (
                    <option key={candidate.name} value={candidate.name}>
                      {candidate.name} ({candidate.kind})
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        </label>
        <p className="dim">
          {target.description} <code>{target.method} {target.path}</code>
          {target.signed ? ', signed with Stream-Signature' : ''}
          {target.bearer ? ', with your bearer token' : ''}. <a href={target.reference}>API reference</a>
        </p>
        {target.examples.length > 0 && (
          <label>
            Example
            <select value={exampleName || target.examples[0]!.name} onChange={(event) => setExampleName(event.target.value)}>
              {target.examples.map((example) => (
                <option key={example.name} value={example.name}>
                  {example.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          Your server (base URL or full endpoint URL; remembered)
          <input type="url" required value={to} onChange={(event) => setTo(event.target.value)} />
        </label>
        {target.bearer && (
          <label>
            Bearer token your server issued to Stream
            <input type="text" autoComplete="off" value={token} onChange={(event) => setToken(event.target.value)} />
          </label>
        )}
        {target.parameters.map((parameter) => (
          <label key={parameter.name}>
            {parameter.name} ({parameter.in}{parameter.required ? ', required' : ''})
            <input type="text" value={params[parameter.name] ?? ''} onChange={(event) => setParams({ ...params, [parameter.name]: event.target.value })} />
          </label>
        ))}
        {target.schema !== null && (
          <>
            <label>
              Body ({target.schema})
              <textarea className="json" rows={16} spellCheck={false} value={body} onChange={(event) => setBody(event.target.value)} aria-describedby="send-validation" />
            </label>
            <div id="send-validation" aria-live="polite">
              {verdict === undefined ? null : verdict.status === 'not_json' ? (
                <p>
                  <Badge status="invalid" label="not JSON" /> {verdict.message}
                </p>
              ) : verdict.status === 'valid' ? (
                <p>
                  <Badge status="valid" /> The body matches {verdict.schema}.
                </p>
              ) : (
                <>
                  <p>
                    <Badge status={verdict.status} /> The body breaks {verdict.schema}; Stream would never send it (you may still send it to test your error handling).
                  </p>
                  <ul className="issues">
                    {verdict.issues.map((issue, index) => (
                      <li key={index}>
                        <code>{issue.pointer === '' ? '(body)' : visible(issue.pointer)}</code> breaks <code>{issue.rule}</code>: {visible(issue.message)}
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </div>
          </>
        )}
        <button type="submit" className="primary" disabled={sending}>
          {sending ? 'Sending…' : 'Send signed'}
        </button>
      </form>
      <ErrorNote message={error} />
      {result !== undefined && (
        <section className="card result" aria-labelledby="send-answer">
          <h2 id="send-answer">Answer</h2>
          <p>
            <Badge status={result.judgement.ok ? 'passed' : 'failed'} label={result.judgement.summary} />{' '}
            {result.judgement.ok ? 'The answer matches the contract.' : 'The answer does not match the contract:'}
          </p>
          {result.judgement.issues.length > 0 && (
            <ul className="issues">
              {result.judgement.issues.map((issue) => (
                <li key={issue}>{visible(issue)}</li>
              ))}
            </ul>
          )}
          <p className="dim">
            {visible(result.exchange.method)} {visible(result.exchange.url)} answered {result.exchange.status ?? 'nothing'} in {result.exchange.ms} ms. <a href={`#/exchanges/${result.exchange.id}`}>Open the exchange</a>
          </p>
          {(result.exchange.responseBody ?? '') !== '' && <Code label="Response body">{pretty(result.exchange.responseBody ?? '')}</Code>}
        </section>
      )}
    </>
  );
}
