import type { ReactElement } from 'react';
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
import { linkDestination } from '@site/src/lib/staticTree';

type Props = WrapperProps<typeof ContentType>;

/** Set on a guide's MDX module by plugins/rehype-static-content.ts when its content is plain HTML. */
function isStaticContent(children: Props['children']): boolean {
  const type = (children as ReactElement | undefined)?.type as { staticContent?: unknown } | undefined;
  return type?.staticContent === true;
}

/**
 * Every guide page gets the "Copy page as Markdown" control above its title. A guide whose content
 * is plain HTML (text, links, lists, tables, headings) keeps its server HTML on a first load: the
 * browser neither renders nor hydrates its thousands of elements, and a click on an internal link
 * in it is followed with the router, as Docusaurus' Link would.
 */
export default function ContentWrapper(props: Props) {
  const { metadata } = useDoc();
  const serverHtml = useServerHtml<HTMLDivElement>();
  const history = useHistory();
  const keep = serverHtml.keep && isStaticContent(props.children);
  return (
    <>
      <CopyPageMarkdown markdownUrl={markdownPath(metadata.permalink)} />
      {keep ? (
        <div
          ref={serverHtml.ref}
          className={clsx(ThemeClassNames.docs.docMarkdown, 'markdown')}
          onClick={(event) => {
            const destination = linkDestination(event, window.location);
            if (destination === undefined) return;
            event.preventDefault();
            history.push(destination);
          }}
          dangerouslySetInnerHTML={KEEP_SERVER_HTML}
          suppressHydrationWarning
        />
      ) : (
        <Content {...props} />
      )}
    </>
  );
}
