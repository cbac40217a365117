// What an agent reads goes into its context: a server that answers megabytes, or a body with an
// issue per array item, must not fill it.
export const TOOL_ISSUES = 50;
export const TOOL_ISSUE_CHARS = 500;

export function cut(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}… (${text.length - length} more characters)` : text;
}
