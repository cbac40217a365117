// A link Stream hands the partner (`x-stream-verbatim-link` on the operation it points at: the menu
// file's `menu_file_url`) is requested exactly as given. The sandbox answers only the query it put
// in the link: a parameter the operation does not declare (a cache buster), or one given twice, makes
// it another link, refused with the contract's error code.
import { deref, isObject, type OperationInfo } from '../openapi.js';
import { verbatimLinkMark } from '../verbatim-link.js';
import { quoted } from '../visible.js';
import { errorReply, type HandlerContext, type HandlerReply } from './context.js';

function declaredQuery(operation: OperationInfo): Set<string> {
  const list = Array.isArray(operation.raw.parameters) ? operation.raw.parameters : [];
  return new Set(
    list.flatMap((raw) => {
      const parameter = deref(operation.api, raw);
      return isObject(parameter) && parameter.in === 'query' && typeof parameter.name === 'string' ? [parameter.name] : [];
    }),
  );
}

/** The refusal of a changed link, or `undefined` when the query holds only the link's own parameters, each once. */
export function changedLinkRefusal(context: HandlerContext): HandlerReply | undefined {
  const mark = verbatimLinkMark(context.operation);
  if (mark === undefined) return undefined;
  const declared = declaredQuery(context.operation);
  const problems = Object.keys(context.query).flatMap((name) => {
    const shown = quoted(name.slice(0, 60));
    if (!declared.has(name)) return [`${shown} is not a parameter of the link Stream gave`];
    return Array.isArray(context.query[name]) ? [`${shown} is given more than once`] : [];
  });
  if (problems.length === 0) return undefined;
  return errorReply(403, mark.error, `The link was changed (${problems.slice(0, 5).join('; ')}). Request the URL exactly as Stream gave it, its query string unchanged (${mark.rule}).`);
}
