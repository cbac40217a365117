// The part of Newman's API the collection tests use (Newman ships no types).
declare module 'newman' {
  interface RunOptions {
    collection: unknown;
    environment?: unknown;
    envVar?: { key: string; value: string }[];
    reporters?: string[];
  }
  const newman: { run(options: RunOptions, callback: (error: Error | null, summary: unknown) => void): unknown };
  export default newman;
}
