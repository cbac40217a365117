import { refusalParts, type SendShell } from '../../packages/cli/src/send-command-refusals';

/**
 * Remark plugin for the guides: replaces `<SendCommandRefusals shell="posix" />` (or `shell="cmd"`) with
 * the characters certify refuses in a send-command value, from the list certify's own refusal uses, so
 * a page cannot drift from what certify does. A missing or unknown shell fails the build.
 */

interface Node {
  type: string;
  name?: string | null;
  value?: string;
  attributes?: { type: string; name?: string; value?: unknown }[];
  children?: Node[];
}

export const SEND_COMMAND_COMPONENT = 'SendCommandRefusals';

/** The shell a `<SendCommandRefusals>` element names; throws on any other. */
export function sendShell(node: Node): SendShell {
  const shell = node.attributes?.find((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === 'shell')?.value;
  if (shell !== 'posix' && shell !== 'cmd') throw new Error(`<${SEND_COMMAND_COMPONENT}> needs shell="posix" or shell="cmd", got ${JSON.stringify(shell)}.`);
  return shell;
}

function replace(node: Node): void {
  const children = node.children;
  if (children === undefined) return;
  node.children = children.flatMap((child) => {
    if ((child.type === 'mdxJsxTextElement' || child.type === 'mdxJsxFlowElement') && child.name === SEND_COMMAND_COMPONENT) {
      return refusalParts(sendShell(child)).map((part): Node => ('text' in part ? { type: 'text', value: part.text } : { type: 'inlineCode', value: part.code }));
    }
    replace(child);
    return [child];
  });
}

export default function remarkSendCommand() {
  return (tree: Node): void => replace(tree);
}
