import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import styles from './styles.module.css';

// The dialog, Pagefind and the index load on first open, never with the page.
const SearchDialog = lazy(() => import('@site/src/components/SearchDialog'));

function isShortcut(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
}

/** The navbar's search button; Ctrl+K or Cmd+K opens the same dialog from anywhere on the page. */
export default function SearchBar() {
  const [open, setOpen] = useState(false);
  // The server cannot know the reader's platform; Macs get their symbol after hydration.
  const [modifier, setModifier] = useState('Ctrl');

  useEffect(() => {
    if (/Mac|iPhone|iPad/.test(navigator.platform)) setModifier('⌘');
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isShortcut(event)) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const close = useCallback(() => setOpen(false), []);

  return (
    <>
      <button
        type="button"
        className={styles.button}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => setOpen(true)}>
        <svg className={styles.icon} viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
          <path
            d="M8.5 3a5.5 5.5 0 1 0 3.4 9.83l3.63 3.64 1.06-1.06-3.63-3.64A5.5 5.5 0 0 0 8.5 3Zm0 1.5a4 4 0 1 1 0 8 4 4 0 0 1 0-8Z"
            fill="currentColor"
          />
        </svg>
        <span className={styles.label}>Search</span>
        <kbd className={styles.shortcut} aria-hidden="true">
          {modifier} K
        </kbd>
      </button>
      {open && (
        <Suspense fallback={null}>
          <SearchDialog onClose={close} />
        </Suspense>
      )}
    </>
  );
}
