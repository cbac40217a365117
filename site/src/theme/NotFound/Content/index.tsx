import type { ComponentProps } from 'react';
import Content from '@theme-original/NotFound/Content';
import type ContentType from '@theme/NotFound/Content';
import HelpfulLinks from '@site/src/components/HelpfulLinks';

type Props = ComponentProps<typeof ContentType>;

// Keeps the theme's not-found message and adds the places a partner engineer usually meant.
export default function NotFoundContentWrapper(props: Props) {
  return (
    <>
      <Content {...props} />
      <HelpfulLinks />
    </>
  );
}
