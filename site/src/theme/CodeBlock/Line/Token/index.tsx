import { useContext } from 'react';
import Token from '@theme-original/CodeBlock/Line/Token';
import type { Props } from '@theme/CodeBlock/Line/Token';
import { CodeTokenClassesContext } from '@site/src/lib/codeTokenClasses';

/**
 * In server-rendered code (guides and the API reference), a token's colour comes from a class
 * (see codeTokenClasses) and a token that is plain in both colour modes is bare text in the
 * line's colour; blocks the browser highlights keep the theme's inline styles.
 */
export default function TokenWrapper(props: Props) {
  const classes = useContext(CodeTokenClassesContext);
  if (!classes) return <Token {...props} />;
  const { style, className, children, token } = props;
  if (classes.isPlainToken(token.types, style)) return <>{children}</>;
  const name = style ? classes.classFor(style) : undefined;
  if (!name) return <Token {...props} />;
  return <Token {...props} className={`${className ?? ''} ${name}`} style={undefined} />;
}
