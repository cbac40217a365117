// The console's frame: navigation between the five pages, the light/dark toggle, the live
// connection indicator. Routes live in the URL hash so every view can be linked to. Without a
// session the page says where to find the console URL, takes it pasted (a link from the docs opens a
// tab without one), and loads nothing of the sandbox until then.
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useContract, useLive, useRoute } from './api';
import { tokenFromPasted } from './pasted-token';
import { useSession } from './session';

// Loaded when first shown: the Exchanges page most visits start on needs neither.
const Certify = lazy(() => import('./pages/Certify'));
const Explore = lazy(() => import('./pages/Explore'));
import Exchanges from './pages/Exchanges';
import Send from './pages/Send';
import StatePage from './pages/State';

const PAGES = [
  { path: 'exchanges', label: 'Exchanges' },
  { path: 'state', label: 'State' },
  { path: 'send', label: 'Send' },
  { path: 'certify', label: 'Certify' },
  { path: 'explore', label: 'Explore' },
];

type Theme = 'light' | 'dark' | 'system';

function useTheme(): [Theme, (theme: Theme) => void] {
  const [theme, setTheme] = useState<Theme>(() => (localStorage.getItem('sandbox-console:theme') as Theme | null) ?? 'system');
  useEffect(() => {
    if (theme === 'system') document.documentElement.removeAttribute('data-theme');
    else document.documentElement.setAttribute('data-theme', theme);
    localStorage.setItem('sandbox-console:theme', theme);
  }, [theme]);
  return [theme, setTheme];
}

/** The view a link asked for (`#/explore/pos/getCatalog`), to say what opens once the session does. */
function requestedView(): string | undefined {
  const route = window.location.hash.replace(/^#\/?/, '').split('/').filter(Boolean);
  const page = PAGES.find((candidate) => candidate.path === route[0]);
  if (page === undefined) return undefined;
  return [page.label, ...route.slice(1)].join(' › ');
}

function SignIn({ session }: { session: ReturnType<typeof useSession> }) {
  const [pasted, setPasted] = useState('');
  const [problem, setProblem] = useState<string>();
  const view = requestedView();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = tokenFromPasted(pasted);
    if ('problem' in found) return setProblem(found.problem);
    setProblem(undefined);
    // Emptied at once: the token lives on only in the trade's request header. A text field with autocomplete
    // off (masked by CSS), not a password field, so no password manager offers to store it.
    setPasted('');
    session.open(found.token);
  };
  return (
    <>
      {session.error !== undefined && <p role="alert">{session.error}</p>}
      {view !== undefined && (
        <p>
          You followed a link to <strong>{view}</strong>. It opens here once this browser holds the console’s session.
        </p>
      )}
      <p>The console opens from the URL the sandbox printed in the terminal that started it (run <code>npx stream-partner sandbox</code> if it is not running):</p>
      <pre>{`Console (open in your browser)   http://127.0.0.1:<port>/#token=…`}</pre>
      <form className="paste" onSubmit={submit}>
        <label htmlFor="console-url">Paste that console URL (or its token) to open the console in this tab</label>
        <input
          id="console-url"
          type="text"
          className="masked"
          autoComplete="off"
          spellCheck={false}
          value={pasted}
          onChange={(event) => setPasted(event.target.value)}
          aria-invalid={problem !== undefined}
          aria-describedby={problem === undefined ? undefined : 'console-url-problem'}
        />
        <button type="submit">Open the console</button>
        {problem !== undefined && (
          <p id="console-url-problem" role="alert">
            {problem}
          </p>
        )}
      </form>
      <p>The token keeps other programs and users on this machine out of the console. You need it once; this browser then keeps the session until the sandbox stops.</p>
    </>
  );
}

export default function App() {
  const session = useSession();
  if (session.status === 'open') return <Console />;
  return (
    <main id="main" className="signin">
      <h1>Stream sandbox console</h1>
      {session.status === 'opening' ? <p role="status">Opening the console…</p> : <SignIn session={session} />}
    </main>
  );
}

function Console() {
  const route = useRoute();
  const live = useLive();
  const contract = useContract();
  const [theme, setTheme] = useTheme();
  const page = PAGES.some((candidate) => candidate.path === route[0]) ? route[0]! : 'exchanges';
  const label = PAGES.find((candidate) => candidate.path === page)!.label;
  useEffect(() => {
    document.title = `${label} · Stream sandbox console`;
  }, [label]);
  const dark = theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  return (
    <>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="top">
        <p className="brand">
          Stream sandbox <span className="dim">{contract.data?.sandbox.url ?? ''}</span>
        </p>
        <nav aria-label="Console pages">
          <ul>
            {PAGES.map((candidate) => (
              <li key={candidate.path}>
                <a href={`#/${candidate.path}`} aria-current={candidate.path === page ? 'page' : undefined}>
                  {candidate.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p className="live" role="status" aria-live="polite">
          <span className={live.connected ? 'dot on' : 'dot'} aria-hidden="true" />
          {live.connected ? 'Live' : 'Reconnecting…'}
        </p>
        <button type="button" className="theme" aria-pressed={dark} onClick={() => setTheme(dark ? 'light' : 'dark')}>
          {dark ? 'Light mode' : 'Dark mode'}
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        <h1>{label}</h1>
        {page === 'exchanges' && <Exchanges live={live} selected={route[1]} sandboxUrl={contract.data?.sandbox.url} />}
        {page === 'state' && <StatePage live={live} />}
        {page === 'send' && <Send contract={contract} />}
        <Suspense fallback={<p role="status">Loading…</p>}>
          {page === 'certify' && <Certify contract={contract} live={live} />}
          {page === 'explore' && <Explore contract={contract} api={route[1]} operationId={route[2]} />}
        </Suspense>
      </main>
    </>
  );
}
