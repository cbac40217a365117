import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type { WrapperProps } from '@docusaurus/types';
import { useDoc } from '@docusaurus/plugin-content-docs/client';
import CopyPageMarkdown from '@site/src/components/CopyPageMarkdown';
import { markdownPath } from '@site/src/components/CopyPageMarkdown/markdownPath';

type Props = WrapperProps<typeof ContentType>;

/** Every guide page gets the "Copy page as Markdown" control above its title. */
export default function ContentWrapper(props: Props) {
  const { metadata } = useDoc();
  return (
    <>
      <CopyPageMarkdown markdownUrl={markdownPath(metadata.permalink)} />
      <Content {...props} />
    </>
  );
}
