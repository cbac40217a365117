import { useContext, type ReactNode } from 'react';
import Line from '@theme-original/CodeBlock/Line';
import LineToken from '@theme/CodeBlock/Line/Token';
import type { Props } from '@theme/CodeBlock/Line';
import { CodeTokenClassesContext } from '@site/src/lib/codeTokenClasses';

/**
 * In server-rendered code (guides and the API reference) a line drops its inline colour, which
 * only repeats the `<pre>`'s. A line left with nothing of its own (no highlight, no number, no
 * colour) is written as its tokens and a newline instead of a `<div>` holding them and a `<br>`:
 * it reads and copies the same inside the `<pre>`, and a code-heavy page has a quarter fewer
 * elements to parse, style and lay out on a phone.
 */
export default function LineWrapper(props: Props) {
  const classes = useContext(CodeTokenClassesContext);
  if (!classes) return <Line {...props} />;
  const { line, classNames, showLineNumbers, getLineProps, getTokenProps } = props;
  const withoutPlainColour: Props['getLineProps'] = (input) => {
    const output = getLineProps(input);
    if (output.style && classes.isPlainLine(output.style)) return { ...output, style: undefined };
    return output;
  };
  const own = withoutPlainColour({ line, className: classNames?.join(' ') });
  if (showLineNumbers || own.style || own.className.trim() !== 'token-line') {
    return <Line {...props} getLineProps={withoutPlainColour} />;
  }
  // An empty line is a single newline token; it needs only the newline.
  const tokens = line.length === 1 && line[0]!.content === '\n' ? [] : line;
  // Plain tokens next to each other are written as one run of text: separate text nodes would each
  // need a `<!-- -->` marker in the server's HTML.
  const children: ReactNode[] = [];
  let text = '';
  tokens.forEach((token, key) => {
    const tokenProps = getTokenProps({ token });
    if (classes.isPlainToken(token.types, tokenProps.style)) {
      text += tokenProps.children;
      return;
    }
    if (text) children.push(text);
    text = '';
    children.push(
      <LineToken key={key} {...tokenProps} line={line} token={token}>
        {tokenProps.children}
      </LineToken>,
    );
  });
  children.push(`${text}\n`);
  return <>{children}</>;
}
