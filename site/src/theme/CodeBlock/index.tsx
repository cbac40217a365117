import { useEffect, useState, type ComponentProps, type ComponentType, type CSSProperties } from 'react';
import { useColorMode, useThemeConfig } from '@docusaurus/theme-common';
import type CodeBlockType from '@theme/CodeBlock';
import { CodeTokenClassesContext, codeTokenClassesFor } from '@site/src/lib/codeTokenClasses';
import { LAZY_BLOCK_CLASS, codeLineCount, lazyBlockStyle } from '@site/src/lib/lazyBlock';
import { KEEP_SERVER_HTML, useServerHtml } from '@site/src/lib/serverHtml';
import styles from './styles.module.css';

type Props = ComponentProps<typeof CodeBlockType>;

const importHighlighter = () => import('./Highlighted');
let highlighter: ComponentType<Props> | undefined;
let loading: Promise<ComponentType<Props>> | undefined;

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

/** Each block's own element: off screen, in a guide, laid out only when scrolled near (`.lazy-block` in custom.css). */
const SLOT_CLASS = `${styles.slot} ${LAZY_BLOCK_CLASS}`;

/** What the block's placeholder is sized from: its lines, and a row for its padding or title. */
function placeholder({ children, title }: Props): CSSProperties {
  const lines = typeof children === 'string' ? codeLineCount(children) : 1;
  return lazyBlockStyle({ rows: lines + (title ? 2 : 1) });
}

/** A block in the static HTML: colour classes instead of inline styles (plugins/code-colours). */
function ServerCodeBlock({ Highlighter, ...props }: Props & { Highlighter: ComponentType<Props> }) {
  const { prism } = useThemeConfig();
  return (
    <div className={SLOT_CLASS} style={placeholder(props)}>
      <CodeTokenClassesContext.Provider value={codeTokenClassesFor(prism)}>
        <Highlighter {...props} />
      </CodeTokenClassesContext.Provider>
    </div>
  );
}

/**
 * Code blocks without Prism on first load. The server's HTML is already highlighted in the light
 * theme, its colours given by classes (plugins/code-colours) rather than inline styles, so a block
 * hydrates as static HTML and the highlighter, with its grammars, loads only when the reader uses
 * a block (pointer, touch or keyboard focus on it), or when the page is in dark mode and the
 * colours must change. Its buttons (copy, word wrap) come with the live block: Docusaurus renders
 * them in the browser only.
 * Blocks rendered after navigation load the highlighter straight away.
 */
export default function CodeBlock(props: Props) {
  const { colorMode } = useColorMode();
  const [Highlighted, setHighlighted] = useState<ComponentType<Props> | undefined>(() => highlighter);
  // A block that hydrates keeps the server's highlighted HTML as it is; one rendered after a
  // client-side navigation has none, and renders afresh.
  const { keep: island, ref: slot } = useServerHtml<HTMLDivElement>();

  const load = () => {
    if (!Highlighted) void loadHighlighter().then((component) => setHighlighted(() => component));
  };

  useEffect(() => {
    if (!island || colorMode === 'dark') load();
  });

  if (ServerHighlighted) return <ServerCodeBlock {...props} Highlighter={ServerHighlighted} />;
  if (Highlighted) {
    return (
      <div className={SLOT_CLASS} style={placeholder(props)}>
        <Highlighted {...props} />
      </div>
    );
  }
  if (island) {
    return (
      <div
        ref={slot}
        className={SLOT_CLASS}
        style={placeholder(props)}
        onPointerEnter={load}
        onTouchStart={load}
        onFocus={load}
        dangerouslySetInnerHTML={KEEP_SERVER_HTML}
        suppressHydrationWarning
      />
    );
  }
  return (
    <div className={SLOT_CLASS} style={placeholder(props)}>
      <pre className={styles.plain}>
        <code>{props.children}</code>
      </pre>
    </div>
  );
}
