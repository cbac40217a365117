/** Edit distance counting a swap of two neighbours as one edit, used to guess the intended name. */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** Up to `limit` candidates close to `name`: substring matches first, then by edit distance. */
export function closeMatches(name: string, candidates: readonly string[], limit = 5): string[] {
  const wanted = name.toLowerCase();
  if (wanted === '') return [];
  return candidates
    .map((candidate) => {
      const lower = candidate.toLowerCase();
      const contains = lower.includes(wanted);
      return { candidate, score: contains ? 0 : distance(wanted, lower) };
    })
    .filter(({ score, candidate }) => score <= Math.max(1, Math.floor(candidate.length / 3)))
    .sort((a, b) => a.score - b.score || a.candidate.localeCompare(b.candidate))
    .slice(0, limit)
    .map(({ candidate }) => candidate);
}

/** "Did you mean …?" for an error message, or the names that exist when none is close. */
export function hint(name: string, candidates: readonly string[]): string {
  const matches = closeMatches(name, candidates);
  if (matches.length > 0) return `Did you mean: ${matches.join(', ')}?`;
  return `Available: ${candidates.slice(0, 30).join(', ')}${candidates.length > 30 ? ', …' : ''}.`;
}
