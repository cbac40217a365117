// V8 makes a slice of a long string a view into it, which keeps the whole string alive: a 64 KB cut
// of a 5 MB body held all 5 MB for as long as the cut was kept, while the budgets counted 64 KB.
// Every cut that is kept (the console's log, the exchange log, certify's evidence) is a copy instead.

/** The first `length` characters of `text` (all of it by default), in memory of their own. */
export function detachedStart(text: string, length = text.length): string {
  // UTF-16 both ways: every code unit comes back as it was, a lone surrogate at the cut included.
  return Buffer.from(text.slice(0, length), 'utf16le').toString('utf16le');
}
