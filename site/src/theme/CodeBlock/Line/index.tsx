import { useContext } from 'react';
import Line from '@theme-original/CodeBlock/Line';
import type { Props } from '@theme/CodeBlock/Line';
import { CodeTokenClassesContext } from '@site/src/lib/codeTokenClasses';

/** In server-rendered code a line drops its inline colour, which only repeats the `<pre>`'s. */
export default function LineWrapper(props: Props) {
  const classes = useContext(CodeTokenClassesContext);
  if (!classes) return <Line {...props} />;
  const { getLineProps } = props;
  const withoutPlainColour: Props['getLineProps'] = (input) => {
    const output = getLineProps(input);
    if (output.style && classes.isPlainLine(output.style)) return { ...output, style: undefined };
    return output;
  };
  return <Line {...props} getLineProps={withoutPlainColour} />;
}
