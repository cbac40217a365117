import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';

/** As `dangerouslySetInnerHTML`: React leaves the element's server-rendered children alone when it hydrates. */
export const KEEP_SERVER_HTML = { __html: '' };

interface ServerHtml<T> {
  /** Render the element empty, with `KEEP_SERVER_HTML` and `suppressHydrationWarning`: it keeps what the server put in it. */
  keep: boolean;
  /** For the kept element, so an empty one (re-created by React) can be noticed and filled. */
  ref: RefObject<T | null>;
}

/**
 * For content that works without JavaScript (text, links, native `<details>`): while it hydrates
 * over the server's HTML, React need not walk every element inside it. False on the server, in a
 * component mounted after hydration (a client-side navigation), and when the element turns out
 * empty, as after React re-creates a tree it failed to hydrate; the content then renders as usual.
 */
export function useServerHtml<T extends Element>(): ServerHtml<T> {
  const isBrowser = useIsBrowser();
  const [keep, setKeep] = useState(() => typeof document !== 'undefined' && !isBrowser);
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    if (keep && ref.current && ref.current.firstChild === null) setKeep(false);
  }, [keep]);
  return { keep, ref };
}
