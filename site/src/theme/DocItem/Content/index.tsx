import { useEffect, useState, type MouseEvent, type ReactElement } from 'react';
import clsx from 'clsx';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type { WrapperProps } from '@docusaurus/types';
import { useHistory } from '@docusaurus/router';
import { ThemeClassNames } from '@docusaurus/theme-common';
import { useDoc } from '@docusaurus/plugin-content-docs/client';
import CopyPageMarkdown from '@site/src/components/CopyPageMarkdown';
import { markdownPath } from '@site/src/components/CopyPageMarkdown/markdownPath';
import { KEEP_SERVER_HTML, useServerHtml } from '@site/src/lib/serverHtml';
import { readStaticGuideHtml, staticGuideHtml } from '@site/src/lib/staticGuideHtml';
import { linkDestination } from '@site/src/lib/staticTree';

type Props = WrapperProps<typeof ContentType>;

/** Exports of a guide's MDX module that Docusaurus sets on its component. */
interface ModuleFlags {
  /** Set by plugins/rehype-static-content.ts when the content is plain HTML. */
  staticContent?: unknown;
  /** Set by plugins/static-content-chunk in the browser: the module has no JSX, only its HTML. */
  htmlOnly?: unknown;
}

function flagsOf(children: Props['children']): ModuleFlags {
  return ((children as ReactElement | undefined)?.type as ModuleFlags | undefined) ?? {};
}

/** The text of a plain-HTML guide rendered after the first load: read, or being read, or why not. */
function useGuideHtml(permalink: string, wanted: boolean): { html?: string; error?: string } {
  const [state, setState] = useState<{ permalink: string; html?: string; error?: string }>({ permalink });
  const html = staticGuideHtml({ permalink }) ?? (state.permalink === permalink ? state.html : undefined);
  useEffect(() => {
    if (!wanted || html !== undefined) return;
    let current = true;
    readStaticGuideHtml({ permalink }).then(
      (text) => current && setState({ permalink, html: text }),
      (error: unknown) => current && setState({ permalink, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      current = false;
    };
  }, [permalink, wanted, html]);
  return { html, error: state.permalink === permalink ? state.error : undefined };
}

/**
 * Every guide page gets the "Copy page as Markdown" control above its title. A guide whose content
 * is plain HTML (text, links, lists, tables, headings) keeps its server HTML on a first load: the
 * browser neither renders nor hydrates its thousands of elements. Its module carries no JSX in the
 * browser, so a later visit renders the page's HTML, read while the route loaded. A click on an
 * internal link in that HTML is followed with the router, as Docusaurus' Link would.
 */
export default function ContentWrapper(props: Props) {
  const { metadata } = useDoc();
  const serverHtml = useServerHtml<HTMLDivElement>();
  const history = useHistory();
  const flags = flagsOf(props.children);
  const plain = flags.staticContent === true;
  const keep = serverHtml.keep && plain;
  const fromHtml = !keep && plain && flags.htmlOnly === true;
  const guide = useGuideHtml(metadata.permalink, fromHtml);
  const followLink = (event: MouseEvent<HTMLDivElement>) => {
    const destination = linkDestination(event, window.location);
    if (destination === undefined) return;
    event.preventDefault();
    history.push(destination);
  };
  const className = clsx(ThemeClassNames.docs.docMarkdown, 'markdown');
  let body: ReactElement;
  if (keep) {
    body = (
      <div ref={serverHtml.ref} className={className} onClick={followLink} dangerouslySetInnerHTML={KEEP_SERVER_HTML} suppressHydrationWarning />
    );
  } else if (fromHtml && guide.error !== undefined) {
    body = (
      <div className={className} role="alert">
        <p>
          This page&apos;s text could not be loaded: {guide.error}. <a href={metadata.permalink}>Reload the page</a> to try again.
        </p>
      </div>
    );
  } else if (fromHtml) {
    body = <div className={className} onClick={followLink} aria-busy={guide.html === undefined} dangerouslySetInnerHTML={{ __html: guide.html ?? '' }} />;
  } else {
    body = <Content {...props} />;
  }
  return (
    <>
      <CopyPageMarkdown markdownUrl={markdownPath(metadata.permalink)} />
      {body}
    </>
  );
}
