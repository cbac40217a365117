import { useEffect, useRef, useState } from 'react';
import styles from './styles.module.css';

interface Props {
  /** The page's Markdown copy, written by the build next to the page (`/docs/intro.md`). */
  markdownUrl: string;
}

type Status = { state: 'idle' } | { state: 'copying' } | { state: 'copied' } | { state: 'failed'; reason: string };

/** How long "Copied" stays before the control reads as ready again. */
const CONFIRMATION_MS = 4000;

async function fetchMarkdown(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the Markdown copy answered HTTP ${response.status}`);
  return response.text();
}

/**
 * "Copy page as Markdown": puts the page's Markdown copy on the clipboard, for pasting into an
 * assistant or an issue. The link beside it opens the same file, and is the way out when the
 * clipboard is refused.
 */
export default function CopyPageMarkdown({ markdownUrl }: Props) {
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function copy() {
    window.clearTimeout(timer.current);
    setStatus({ state: 'copying' });
    try {
      if (!navigator.clipboard) throw new Error('this browser gives the page no clipboard access');
      await navigator.clipboard.writeText(await fetchMarkdown(markdownUrl));
      setStatus({ state: 'copied' });
      timer.current = window.setTimeout(() => setStatus({ state: 'idle' }), CONFIRMATION_MS);
    } catch (error) {
      setStatus({ state: 'failed', reason: error instanceof Error ? error.message : String(error) });
    }
  }

  let message = '';
  if (status.state === 'copied') message = 'Copied';
  else if (status.state === 'failed') message = `Could not copy (${status.reason}). Open the Markdown and copy it from there.`;

  return (
    <div className={styles.bar} data-search-ignore>
      <button type="button" className={styles.button} onClick={copy} disabled={status.state === 'copying'}>
        Copy page as Markdown
      </button>
      <a className={styles.link} href={markdownUrl} type="text/markdown">
        View Markdown
      </a>
      <span className={status.state === 'failed' ? styles.error : styles.message} role="status">
        {message}
      </span>
    </div>
  );
}
