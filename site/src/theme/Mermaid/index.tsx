import { useEffect, useRef, useState, type ComponentProps } from 'react';
import Mermaid from '@theme-original/Mermaid';
import type MermaidType from '@theme/Mermaid';
import styles from './styles.module.css';

type Props = ComponentProps<typeof MermaidType>;

// How far below the viewport a diagram starts rendering, so it is ready when it scrolls in.
const PRELOAD_MARGIN = '600px 0px';

/**
 * Renders a diagram only when it nears the viewport. The Mermaid library is large and loads
 * with the first diagram a page renders, so pages whose diagrams sit below the fold no longer
 * pay for it on first load. Until then, and without JavaScript, the diagram's source is shown.
 */
export default function LazyMermaid(props: Props) {
  const slot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = slot.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={slot} className={styles.slot}>
      {near ? (
        <Mermaid {...props} />
      ) : (
        <pre className={styles.source} tabIndex={0} data-pagefind-ignore="" aria-label="Diagram source (the drawing appears as you scroll to it)">
          {props.value}
        </pre>
      )}
    </div>
  );
}
