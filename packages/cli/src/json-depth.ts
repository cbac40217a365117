// How deep a JSON text nests, read without parsing it: a few kilobytes of `[[[[` parse fine, but
// every walk over the value afterwards (validation, redaction, JSON.stringify) recurses once per
// level and runs out of stack, so such a text is kept as text.

/** Whether `[` and `{` outside strings nest deeper than `limit` anywhere in `text`; stops at the first level past it. */
export function nestingOver(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 92) index += 1;
      else if (code === 34) inString = false;
    } else if (code === 34) inString = true;
    else if (code === 91 || code === 123) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === 93 || code === 125) depth -= 1;
  }
  return false;
}

/** Whether a parsed value nests lists and objects deeper than `limit`, found without recursion (an agent's tool input arrives parsed). */
export function valueDeeperThan(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth + 1 > limit) return true;
    for (const child of Object.values(item)) if (typeof child === 'object' && child !== null) pending.push([child, depth + 1]);
  }
  return false;
}
