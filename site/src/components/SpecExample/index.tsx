import CodeBlock from '@theme/CodeBlock';
import type { SpecExampleData } from '@site/src/lib/openapi/guideData';

interface Props {
  /** One of the four specs: partner, dsp, pos, events. */
  spec: string;
  /** The name of an example under `components/examples`. */
  example: string;
  /** Replaces the example's summary as the code block title. */
  title?: string;
  /** Filled in at build time by the remark-spec-components plugin; authors never write it. */
  data?: string;
}

/** A named example from a bundled spec as a highlighted JSON block, for use in guides. */
export default function SpecExample({ title, data }: Props) {
  if (data === undefined) {
    throw new Error('<SpecExample> got no data: the remark-spec-components plugin is not registered for this page.');
  }
  const example = JSON.parse(data) as SpecExampleData;
  return (
    <CodeBlock language="json" title={title ?? example.title}>
      {example.code}
    </CodeBlock>
  );
}
