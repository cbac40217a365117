import { useEffect, useRef, useState, type ComponentProps, type ComponentType } from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import { useColorMode } from '@docusaurus/theme-common';
import type CodeBlockType from '@theme/CodeBlock';
import styles from './styles.module.css';

type Props = ComponentProps<typeof CodeBlockType>;

const importHighlighter = () => import('./Highlighted');
let highlighter: ComponentType<Props> | undefined;
let loading: Promise<ComponentType<Props>> | undefined;
// The server's HTML of each static block, by content: Tabs remount their panels right after
// hydration, and a remounted block shows the same HTML instead of loading the highlighter.
const serverHtml = new Map<string, string>();
const blockKey = ({ children, language, title }: Props) =>
  typeof children === 'string' ? JSON.stringify([language, title, children]) : undefined;

function loadHighlighter(): Promise<ComponentType<Props>> {
  loading ??= importHighlighter().then((module) => (highlighter = module.default));
  return loading;
}

// Set by plugins/lazy-prism: true only in the server bundle, so the client bundle drops this require.
declare const __SERVER_BUNDLE__: boolean;
// The server renders every block fully highlighted, synchronously, as the static HTML needs.
const ServerHighlighted: ComponentType<Props> | undefined = __SERVER_BUNDLE__
  ? (require('./Highlighted') as { default: ComponentType<Props> }).default
  : undefined;

/**
 * Code blocks without Prism on first load. The server's HTML is already highlighted (in the light
 * theme), so a block hydrates as static HTML and the highlighter, with its grammars, loads only
 * when the reader uses a block (pointer, touch or keyboard focus on it), or when the page is in
 * dark mode and the colours must change. A click on the copy button before that is replayed once
 * the block is live. Blocks rendered after navigation load the highlighter straight away.
 */
export default function CodeBlock(props: Props) {
  const isBrowser = useIsBrowser();
  const { colorMode } = useColorMode();
  const [Highlighted, setHighlighted] = useState<ComponentType<Props> | undefined>(() => highlighter);
  const key = blockKey(props);
  // The static HTML this block shows until the highlighter loads: during hydration the server's
  // (kept as it is, hence ''), after a remount the copy saved below; undefined renders afresh.
  const [html] = useState(() => (isBrowser ? (key === undefined ? undefined : serverHtml.get(key)) : ''));
  const island = html !== undefined;
  const slot = useRef<HTMLDivElement>(null);
  const pendingClick = useRef<number | undefined>(undefined);

  const load = () => {
    if (!Highlighted) void loadHighlighter().then((component) => setHighlighted(() => component));
  };

  useEffect(() => {
    if (island && key !== undefined && slot.current && !serverHtml.has(key)) serverHtml.set(key, slot.current.innerHTML);
    if (!island || colorMode === 'dark') load();
  });

  useEffect(() => {
    if (!Highlighted || pendingClick.current === undefined) return;
    slot.current?.querySelectorAll('button')[pendingClick.current]?.click();
    pendingClick.current = undefined;
  }, [Highlighted]);

  if (ServerHighlighted) {
    return (
      <div className={styles.slot}>
        <ServerHighlighted {...props} />
      </div>
    );
  }
  if (Highlighted) {
    return (
      <div ref={slot} className={styles.slot}>
        <Highlighted {...props} />
      </div>
    );
  }
  if (island) {
    return (
      <div
        ref={slot}
        className={styles.slot}
        onPointerEnter={load}
        onTouchStart={load}
        onFocus={load}
        onClickCapture={(event) => {
          const button = (event.target as Element).closest('button');
          if (!button || !slot.current) return;
          pendingClick.current = Array.from(slot.current.querySelectorAll('button')).indexOf(button);
          load();
        }}
        dangerouslySetInnerHTML={{ __html: html }}
        suppressHydrationWarning
      />
    );
  }
  return (
    <div className={styles.slot}>
      <pre className={styles.plain}>
        <code>{props.children}</code>
      </pre>
    </div>
  );
}
