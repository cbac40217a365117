import type { MediaModel, OperationModel } from './referenceModel';
import { shownText, type SchemaNode, type ShownText } from './schemaTree';

/** A description's blocks (paragraphs, list items, code) and the characters they hold. */
function htmlText(html?: string): ShownText {
  if (!html) return { rows: 0, chars: 0 };
  const blocks = html.match(/<(p|li|pre|h\d|tr|blockquote)[\s>]/g)?.length ?? 0;
  return { rows: Math.max(1, blocks), chars: html.replace(/<[^>]*>/g, '').length };
}

/**
 * What an operation or webhook shows before a reader unfolds anything: its heading lines, its
 * description, each parameter list, the payload's schema, and every response's summary with the
 * first response opened. The page sizes the operation's placeholder from it while the operation
 * is off screen, as it does a schema's (see .operation).
 */
export function shownOperation(operation: OperationModel): ShownText {
  const shown: ShownText = { rows: 0, chars: 0 };
  const add = ({ rows, chars }: ShownText) => {
    shown.rows += rows;
    shown.chars += chars;
  };
  const line = (chars: number) => add({ rows: 1, chars });
  const fields = (properties: SchemaNode[]) => add(shownText({ type: 'object', properties }));
  const media = (contents: MediaModel[]) => {
    for (const content of contents) {
      line(content.mediaType.length);
      if (content.schema) add(shownText(content.schema));
    }
  };
  line(operation.summary.length);
  line(operation.method.length + operation.path.length + (operation.baseUrl?.length ?? 0) + 10);
  // Who calls whom, the operationId, and the sandbox link's sentence.
  line(40 + operation.id.length);
  line(170);
  add(htmlText(operation.description));
  line(20 + operation.security.flat().join(' and ').length);
  for (const group of operation.parameters) {
    line(20);
    fields(group.fields);
  }
  if (operation.requestBody) {
    line(20);
    add(htmlText(operation.requestBody.description));
    media(operation.requestBody.contents);
  }
  if (operation.responses.length > 0) line(10);
  operation.responses.forEach((response, index) => {
    line(30);
    // Only the first response is open; the others show their summary line.
    if (index > 0) return;
    add(htmlText(response.description));
    if (response.errorCodes) line(40 + response.errorCodes.join(', ').length);
    if (response.headers.length > 0) {
      line(7);
      fields(response.headers);
    }
    media(response.contents);
  });
  return shown;
}
