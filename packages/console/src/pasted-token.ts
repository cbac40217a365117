// A console opened by a link (the API reference's "Try it") has no token: the user pastes the console
// URL the sandbox printed, or the token alone. Only the token is taken out of it; the page keeps its
// own address, so the route the link asked for (#/explore/...) opens once the session does.

/** The token in `text`, or what to paste instead. */
export function tokenFromPasted(text: string): { token: string } | { problem: string } {
  const value = text.trim();
  if (value === '') return { problem: 'Paste the console URL the sandbox printed in its terminal (it ends in #token=…).' };
  const marker = value.indexOf('#token=');
  const candidate = marker < 0 ? value : value.slice(marker + '#token='.length).split('&')[0]!;
  if (/^[A-Za-z0-9_-]{16,}$/.test(candidate)) return { token: candidate };
  return {
    problem:
      marker < 0
        ? 'That is not the console URL or its token. Copy the whole line after "Console (open in your browser)" in the terminal that runs stream-partner sandbox: it ends in #token=….'
        : 'That URL’s token is cut short or changed. Copy the console URL again from the terminal that runs stream-partner sandbox.',
  };
}
