import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useHistory } from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { AUDIENCES, type AudienceId } from './audiences';
import { loadPagefind, search, type Pagefind, type SearchHit, type SearchOutcome } from './pagefind';
import styles from './styles.module.css';

interface Props {
  /** Closes the dialog (unmounting it, which gives the focus back). */
  onClose: () => void;
}

type Load = { state: 'loading' } | { state: 'ready'; pagefind: Pagefind } | { state: 'failed' };

const ALL = 'all';

/**
 * The search dialog: a combobox over a grouped listbox of results, with an audience filter.
 * Loaded (with Pagefind and its index) only when the reader opens search.
 */
export default function SearchDialog({ onClose }: Props) {
  const { siteConfig } = useDocusaurusContext();
  const history = useHistory();
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const ids = { title: useId(), input: useId(), list: useId(), status: useId(), option: useId() };
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [term, setTerm] = useState('');
  const [audience, setAudience] = useState<AudienceId | typeof ALL>(ALL);
  const [outcome, setOutcome] = useState<SearchOutcome | null>(null);
  const [active, setActive] = useState(0);

  // A modal <dialog> keeps focus inside and makes the page behind it inert; Escape fires `cancel`.
  // Closing gives focus back to where it was: the search button, or whatever had it before Ctrl+K.
  useEffect(() => {
    const element = dialog.current;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (element && !element.open) element.showModal();
    input.current?.focus();
    return () => {
      element?.close();
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  useEffect(() => {
    let cancelled = false;
    loadPagefind(siteConfig.baseUrl)
      .then((pagefind) => !cancelled && setLoad({ state: 'ready', pagefind }))
      .catch(() => !cancelled && setLoad({ state: 'failed' }));
    return () => {
      cancelled = true;
    };
  }, [siteConfig.baseUrl]);

  const query = term.trim();
  useEffect(() => {
    if (load.state !== 'ready') return undefined;
    if (query === '') {
      setOutcome(null);
      return undefined;
    }
    let cancelled = false;
    search(load.pagefind, query, audience === ALL ? undefined : audience)
      .then((next) => {
        if (next && !cancelled) {
          setOutcome(next);
          setActive(0);
        }
      })
      .catch(() => !cancelled && setLoad({ state: 'failed' }));
    return () => {
      cancelled = true;
    };
  }, [load, query, audience]);

  const hits = useMemo<SearchHit[]>(() => outcome?.groups.flatMap((group) => group.hits) ?? [], [outcome]);
  const activeHit = hits[Math.min(active, hits.length - 1)];
  const optionId = (hit: SearchHit) => `${ids.option}-${hit.id}`;

  useEffect(() => {
    if (!activeHit) return;
    document.getElementById(optionId(activeHit))?.scrollIntoView({ block: 'nearest' });
    // optionId depends only on the stable useId prefix, so the active hit is the only input.
  }, [activeHit]);

  function open(hit: SearchHit) {
    onClose();
    history.push(hit.url);
  }

  // A plain click navigates inside the app; a modified or middle click is the browser's (new tab,
  // new window, download), and the dialog stays open for the next result.
  function onResultClick(event: MouseEvent<HTMLAnchorElement>, hit: SearchHit) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    open(hit);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (hits.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (Math.min(current, hits.length - 1) + step + hits.length) % hits.length);
    } else if (event.key === 'Home' && event.ctrlKey) {
      event.preventDefault();
      setActive(0);
    } else if (event.key === 'End' && event.ctrlKey) {
      event.preventDefault();
      setActive(hits.length - 1);
    } else if (event.key === 'Enter' && activeHit) {
      event.preventDefault();
      // Ctrl+Enter (Cmd+Enter on a Mac) opens the chosen result in a new tab, as Ctrl+click would.
      if (event.ctrlKey || event.metaKey) window.open(new URL(activeHit.url, window.location.href).href, '_blank', 'noopener');
      else open(activeHit);
    }
  }

  // A click on the backdrop lands on the <dialog> itself; clicks inside land on the panel.
  function onDialogClick(event: MouseEvent<HTMLDialogElement>) {
    if (event.target === dialog.current) onClose();
  }

  let status: string;
  if (load.state === 'loading') status = 'Loading search…';
  else if (load.state === 'failed') status = 'Search is not available. The search index is written by the production build (npm run build).';
  else if (query === '') status = 'Type a word, a field name, a path or an event type.';
  else if (!outcome) status = 'Searching…';
  else if (hits.length === 0) status = `No results for “${query}”${audience === ALL ? '' : ' in this audience'}.`;
  else status = `${outcome.pages} ${outcome.pages === 1 ? 'page matches' : 'pages match'}; ${hits.length} results shown.`;

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={ids.title}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={onDialogClick}>
      <div className={styles.panel}>
        <div className={styles.header}>
          <h2 id={ids.title} className={styles.title}>
            Search the docs
          </h2>
          <button type="button" className={styles.close} onClick={onClose}>
            Close
          </button>
        </div>
        <label htmlFor={ids.input} className={styles.inputLabel}>
          Search guides and the API reference
        </label>
        <input
          ref={input}
          id={ids.input}
          className={styles.input}
          type="search"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={hits.length > 0}
          aria-controls={ids.list}
          aria-describedby={ids.status}
          aria-activedescendant={activeHit ? optionId(activeHit) : undefined}
          placeholder="paused_until, /onboarding/locations/bind, order.status.updated…"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <fieldset className={styles.filters}>
          <legend className={styles.legend}>Audience</legend>
          {[{ id: ALL, label: 'All' } as const, ...AUDIENCES].map((option) => {
            const count = option.id === ALL || !outcome ? undefined : outcome.counts[option.id];
            return (
              <label key={option.id} className={styles.filter}>
                <input
                  type="radio"
                  name={`${ids.input}-audience`}
                  value={option.id}
                  checked={audience === option.id}
                  onChange={() => setAudience(option.id)}
                />
                <span>
                  {option.label}
                  {count !== undefined && <span className={styles.count}> ({count})</span>}
                </span>
              </label>
            );
          })}
        </fieldset>
        <p id={ids.status} className={styles.status} role="status">
          {status}
        </p>
        <div id={ids.list} role="listbox" aria-label="Search results" className={styles.results}>
          {outcome?.groups.map((group) => (
            <div key={group.audience} role="group" aria-label={group.label} className={styles.group}>
              <div aria-hidden="true" className={styles.groupTitle}>
                {group.label}
              </div>
              {group.hits.map((hit) => (
                // A real link (HTML allows role=option on <a href>), so a reader can open a result in a
                // new tab or copy its address. The input keeps the focus and handles the keys
                // (aria-activedescendant), so the links stay out of the Tab order.
                <a
                  key={hit.id}
                  id={optionId(hit)}
                  href={hit.url}
                  role="option"
                  tabIndex={-1}
                  aria-selected={hit === activeHit}
                  className={styles.option}
                  onMouseMove={() => setActive(hits.indexOf(hit))}
                  // The focus stays in the input after a (middle) click, so the arrow keys go on working.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={(event) => onResultClick(event, hit)}>
                  <span className={styles.hitTitle}>{hit.title}</span>
                  {hit.page && <span className={styles.hitPage}>{hit.page}</span>}
                  <span className={styles.excerpt} dangerouslySetInnerHTML={{ __html: hit.excerpt }} />
                </a>
              ))}
            </div>
          ))}
        </div>
        <p className={styles.help} aria-hidden="true">
          <kbd>↑</kbd> <kbd>↓</kbd> move · <kbd>Enter</kbd> open · <kbd>Ctrl</kbd> <kbd>Enter</kbd> new tab · <kbd>Esc</kbd> close
        </p>
      </div>
    </dialog>
  );
}
