import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import Layout from '@theme/Layout';
import useBaseUrl from '@docusaurus/useBaseUrl';
import ServerReference from '@api-reference/server';
import { END_ID, ROOT_CLASS, ROOT_ID, fragmentPath } from './constants';
import { enhance } from './enhance';
import { holdAnchor } from './holdAnchor';
import { loadFragment } from './fragmentLoader';
import styles from './styles.module.css';
// The body renders only on the server, so nothing in the client bundle imports its stylesheets;
// importing them here is what puts them in the site CSS.
import '@site/src/components/ApiReferenceBody/styles.module.css';
import '@site/src/components/ApiReferenceBody/tabs.module.css';
import '@site/src/components/SchemaFields/styles.module.css';

interface Props {
  /** Which spec: partner, dsp, pos or events. */
  api: string;
  title: string;
  description: string;
}

/** Keeps whatever the server rendered inside the root: React leaves innerHTML alone on hydration. */
const KEEP = '';

/** Whether the page holds this spec's server-rendered reference (a direct load, not a client-side navigation). */
function hasServerHtml(api: string): boolean {
  if (typeof document === 'undefined') return false;
  const existing = document.getElementById(ROOT_ID);
  return existing?.dataset.api === api && existing.childElementCount > 0;
}

/**
 * In the browser the reference is not rendered again: on first load the page keeps the server
 * HTML as it is; after client-side navigation it shows the same HTML, loaded as a static fragment.
 */
function BrowserReference({ api }: { api: string }) {
  const fragmentUrl = useBaseUrl(fragmentPath(api));
  const [html, setHtml] = useState<string | null>(() => (hasServerHtml(api) ? KEEP : null));
  const root = useRef<HTMLDivElement>(null);

  // Had React re-created the element (after a hydration error elsewhere), it would be empty.
  useLayoutEffect(() => {
    if (html === KEEP && root.current?.childElementCount === 0) setHtml(null);
  }, [html]);

  useEffect(() => {
    if (html !== null) return undefined;
    let cancelled = false;
    loadFragment(fragmentUrl)
      .then((text) => {
        if (!cancelled) setHtml(text);
      })
      .catch(() => {
        // A full load always has the reference in its HTML.
        if (!cancelled) window.location.reload();
      });
    return () => {
      cancelled = true;
    };
  }, [html, fragmentUrl]);

  useEffect(() => {
    if (html === null || !root.current) return undefined;
    // A direct load scrolled to the hash natively; fetched content arrives after the router did.
    if (html !== KEEP) holdAnchor(window.location.hash);
    return enhance(root.current);
  }, [html]);

  return (
    <div
      ref={root}
      id={ROOT_ID}
      className={ROOT_CLASS}
      data-api={api}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: html ?? '' }}
      aria-busy={html === null ? true : undefined}
    />
  );
}

/** Renders the reference itself: on the server, and in the browser during development. */
function RenderedReference({ api }: { api: string }) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => (root.current ? enhance(root.current) : undefined), []);
  if (!ServerReference) return null;
  return (
    <div ref={root} id={ROOT_ID} className={ROOT_CLASS} data-api={api}>
      <ServerReference api={api} />
    </div>
  );
}

export default function ApiReferencePage({ api, title, description }: Props) {
  return (
    <Layout title={title} description={description}>
      <main className={styles.main}>
        {/* Keyed by spec: moving between two references must not keep the other one's HTML. */}
        {ServerReference ? <RenderedReference key={api} api={api} /> : <BrowserReference key={api} api={api} />}
        <span id={END_ID} hidden />
      </main>
    </Layout>
  );
}
