// The console's frame: navigation between the five pages, the light/dark toggle, the live
// connection indicator. Routes live in the URL hash so every view can be linked to. Without a
// session the page says where to find the console URL, and loads nothing of the sandbox.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useContract, useLive, useRoute } from './api';
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

export default function App() {
  const session = useSession();
  if (session.status === 'open') return <Console />;
  return (
    <main id="main" className="signin">
      <h1>Stream sandbox console</h1>
      {session.status === 'opening' ? (
        <p role="status">Opening the console…</p>
      ) : (
        <>
          {session.error !== undefined && <p role="alert">{session.error}</p>}
          <p>The console opens from the URL the sandbox printed in the terminal that started it:</p>
          <pre>{`Console (open in your browser)   http://127.0.0.1:<port>/#token=…`}</pre>
          <p>The token keeps other programs and users on this machine out of the console. Open that URL once; this browser then keeps the session until the sandbox stops.</p>
        </>
      )}
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
