// Every operation Stream hosts, as a form built from the contract with its examples filled in.
// The console fetches a bearer token for you and has the sandbox sign webhook bodies (the page never
// holds the webhook secret), calls this sandbox itself, and shows the same call as curl.
import { useEffect, useState } from 'react';
import { ApiError, control, curlFor, pretty, type ContractData, type Operation } from '../api';
import { api } from '../session';
import { Badge, Code, CopyButton, ErrorNote, httpTone } from '../ui';

interface Credentials {
  access_token: string;
}

function OperationForm({ operation, sandboxUrl }: { operation: Operation; sandboxUrl: string }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [exampleName, setExampleName] = useState('');
  const [body, setBody] = useState('');
  const [answer, setAnswer] = useState<{ status: number; text: string; ms: number }>();
  const [curl, setCurl] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setValues(Object.fromEntries(operation.parameters.map((parameter) => [parameter.name, parameter.example])));
    setAnswer(undefined);
    setError(undefined);
    setCurl('');
  }, [operation.api, operation.operationId]);
  useEffect(() => {
    const example = operation.examples.find((candidate) => candidate.name === exampleName) ?? operation.examples[0];
    setBody(example === undefined ? '' : typeof example.value === 'string' ? example.value : JSON.stringify(example.value, null, 2));
  }, [operation.api, operation.operationId, exampleName]);

  const run = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const credentials = operation.bearer ? await control<Credentials>('/_sandbox/console/token') : undefined;
      let path = operation.path;
      const query = new URLSearchParams();
      const headers: Record<string, string> = {};
      for (const parameter of operation.parameters) {
        const value = values[parameter.name] ?? '';
        if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(value));
        else if (value !== '' && parameter.in === 'query') query.set(parameter.name, value);
        else if (value !== '' && parameter.in === 'header') headers[parameter.name] = value;
      }
      const url = `${path}${query.size > 0 ? `?${query}` : ''}`;
      const hasBody = operation.schema !== null && body.trim() !== '';
      const raw = hasBody && (operation.contentType ?? '').includes('json') ? JSON.stringify(JSON.parse(body)) : body;
      if (hasBody) headers['Content-Type'] = operation.contentType ?? 'application/json';
      if (credentials !== undefined) headers.Authorization = `Bearer ${credentials.access_token}`;
      if (operation.signed) headers['Stream-Signature'] = (await control<{ signature: string }>('/_sandbox/console/sign', { body: raw })).signature;
      setCurl(curlFor(operation.method, `${sandboxUrl}${url}`, headers, hasBody ? raw : ''));
      const started = performance.now();
      const response = await api(url, { method: operation.method, headers: { ...headers, 'x-sandbox-console-source': 'explore' }, ...(hasBody ? { body: raw } : {}), redirect: 'manual' });
      const text = response.type === 'opaqueredirect' ? '(a redirect; the browser does not show where to)' : await response.text();
      setAnswer({ status: response.status, text, ms: Math.round(performance.now() - started) });
    } catch (failure) {
      setError(failure instanceof SyntaxError ? `The body is not JSON: ${failure.message}` : (failure as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="operation-title">
      <h2 id="operation-title">{operation.summary}</h2>
      <p>
        <span className="method">{operation.method}</span> <code>{operation.path}</code> <span className="dim">{operation.api}:{operation.operationId}</span>
        {operation.bearer && <span className="dim"> · bearer token fetched for you</span>}
        {operation.signed && <span className="dim"> · signed for you with the sandbox's webhook secret</span>} · <a href={operation.reference}>API reference</a>
      </p>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          void run();
        }}
      >
        {operation.parameters.map((parameter) => (
          <label key={parameter.name}>
            {parameter.name} ({parameter.in}
            {parameter.required ? ', required' : ''})
            <input type="text" required={parameter.required} value={values[parameter.name] ?? ''} onChange={(event) => setValues({ ...values, [parameter.name]: event.target.value })} />
          </label>
        ))}
        {operation.examples.length > 1 && (
          <label>
            Example
            <select value={exampleName || operation.examples[0]!.name} onChange={(event) => setExampleName(event.target.value)}>
              {operation.examples.map((example) => (
                <option key={example.name} value={example.name}>
                  {example.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {operation.schema !== null && (
          <label>
            Body ({operation.schema}, {operation.contentType})
            <textarea className="json" rows={12} spellCheck={false} value={body} onChange={(event) => setBody(event.target.value)} />
          </label>
        )}
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Calling…' : 'Call the sandbox'}
        </button>
      </form>
      <ErrorNote message={error} />
      {answer !== undefined && (
        <div className="result" aria-live="polite">
          <h3>Answer</h3>
          <p>
            <Badge status={httpTone(answer.status)} label={String(answer.status)} /> in {answer.ms} ms
          </p>
          {answer.text !== '' && <Code label="Response body">{pretty(answer.text)}</Code>}
        </div>
      )}
      {curl !== '' && (
        <>
          <h3>As curl</h3>
          <p className="dim">$TOKEN is an access token from POST /oauth/token.</p>
          <Code label="The call as a curl command">{curl}</Code>
          <CopyButton text={curl} label="Copy curl" />
        </>
      )}
    </section>
  );
}

export default function Explore({ contract, api, operationId }: { contract: { data?: ContractData; error?: string }; api?: string; operationId?: string }) {
  if (contract.error !== undefined) return <ErrorNote message={contract.error} />;
  if (contract.data === undefined) return <p>Loading the contracts…</p>;
  const operations = contract.data.operations;
  const selected = operations.find((operation) => operation.api === api && operation.operationId === operationId);
  const apis = [...new Set(operations.map((operation) => operation.api))];
  return (
    <div className="explore">
      <nav aria-label="Operations Stream hosts" className="operations">
        {apis.map((name) => (
          <div key={name}>
            <h2>{name === 'partner' ? 'Partner API' : `${name.toUpperCase()} API`}</h2>
            <ul>
              {operations
                .filter((operation) => operation.api === name)
                .map((operation) => (
                  <li key={operation.operationId}>
                    <a href={`#/explore/${operation.api}/${operation.operationId}`} aria-current={operation === selected ? 'page' : undefined}>
                      <span className="method">{operation.method}</span> {operation.path}
                    </a>
                  </li>
                ))}
            </ul>
          </div>
        ))}
      </nav>
      <div>
        {selected === undefined ? (
          <p className="lede">{api === undefined ? 'Pick an operation to call the sandbox with it.' : `No Stream-hosted operation ${api}:${operationId ?? ''}. Pick one from the list.`}</p>
        ) : (
          <OperationForm operation={selected} sandboxUrl={contract.data.sandbox.url} />
        )}
      </div>
    </div>
  );
}
