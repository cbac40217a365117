// The import rules `npm run lint` enforces (npm run deps:check). Two kinds:
// - no import circle anywhere in the workspace;
// - the CLI's rooms (packages/cli/src) import only downwards:
//     cli.ts, bin.ts                      the program: parses argv, picks a command
//     commands/                           one module per command (sandbox, trigger, certify)
//     mcp/                                (reserved) a server that wraps certify, trigger and the sandbox
//     console/                            the browser console: composes sandbox, certify and trigger
//     certify/                            checks a partner's server; reads the sandbox through sandbox/index.ts
//     trigger/                            sends Stream's calls to a partner
//     sandbox/                            the Stream simulation; its public face is sandbox/index.ts
//     core (packages/cli/src/*.ts)        errors, io, http, openapi, judge, signing, redaction, report wire format
// A room may import any room below it and nothing above; trigger and sandbox stand side by side and
// do not import each other. Every rule's `comment` says what to do when it fails.
const CLI = '^packages/cli/src/';
const room = (...names) => `${CLI}(${names.join('|')})/`;
const TOP = `${CLI}(cli|bin)\\.ts$`;
const CORE = `${CLI}[^/]+\\.ts$`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Two or more modules import each other in a circle. Break it by moving what both need into a lower module (for the CLI, a core module or the lower room) and importing it from there.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-imports-no-room',
      severity: 'error',
      comment:
        'A core module (packages/cli/src/*.ts) imports a room or the program. Core is the floor every room stands on: move the code it needs down into core, or move this code up into the room.',
      from: { path: CORE, pathNot: TOP },
      to: { path: [room('sandbox', 'trigger', 'certify', 'console', 'commands', 'mcp'), TOP] },
    },
    {
      name: 'sandbox-imports-only-core',
      severity: 'error',
      comment:
        'sandbox/ imports trigger, certify, console, a command or the program. The sandbox is the Stream simulation and knows nothing built on it: give it a hook (like the `extend` option the console mounts through) and let the room above use it.',
      from: { path: room('sandbox') },
      to: { path: [room('trigger', 'certify', 'console', 'commands', 'mcp'), TOP] },
    },
    {
      name: 'trigger-imports-only-core',
      severity: 'error',
      comment:
        'trigger/ imports the sandbox, certify, console, a command or the program. trigger only sends Stream\'s calls: move what it needs into core, or move the caller up.',
      from: { path: room('trigger') },
      to: { path: [room('sandbox', 'certify', 'console', 'commands', 'mcp'), TOP] },
    },
    {
      name: 'certify-never-imports-console',
      severity: 'error',
      comment:
        'certify/ imports console, a command or the program. The console composes certify, not the other way round: put a shared shape in core (as outbound-report.ts does for the report wire format) or pass a callback in.',
      from: { path: room('certify') },
      to: { path: [room('console', 'commands', 'mcp'), TOP] },
    },
    {
      name: 'console-below-commands',
      severity: 'error',
      comment: 'console/ imports a command, mcp/ or the program. Commands mount the console; move the shared code down into console/ or core.',
      from: { path: room('console') },
      to: { path: [room('commands', 'mcp'), TOP] },
    },
    {
      name: 'mcp-below-commands',
      severity: 'error',
      comment: 'mcp/ imports a command or the program. mcp/ may use every room below it (console, certify, trigger, sandbox, core); a command may start it, not the reverse.',
      from: { path: room('mcp') },
      to: { path: [room('commands'), TOP] },
    },
    {
      name: 'commands-below-the-program',
      severity: 'error',
      comment: 'A command imports cli.ts or bin.ts. The program picks commands; pass what a command needs in its options instead.',
      from: { path: room('commands') },
      to: { path: TOP },
    },
    {
      name: 'sandbox-through-its-front-door',
      severity: 'error',
      comment:
        'A module outside sandbox/ imports a sandbox module other than sandbox/index.ts. Import from sandbox/index.ts; if what you need is not exported there, export it there (keep the interface small).',
      from: { path: CLI, pathNot: room('sandbox') },
      to: { path: `${CLI}sandbox/`, pathNot: `${CLI}sandbox/index\\.ts$` },
    },
    {
      name: 'source-never-imports-tests',
      severity: 'error',
      comment: 'Shipped code imports a test file or test helper. Move the shared code into the source and import it from the test.',
      from: { path: '^packages/[^/]+/src/' },
      to: { path: ['\\.test\\.tsx?$', '^packages/[^/]+/test/'] },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    exclude: {
      path: ['node_modules', '(^|/)dist/', '(^|/)build/', '\\.docusaurus', '(^|/)\\.run/', '(^|/)\\.mutants/', 'test-results', '\\.fixture-site', '(^|/)coverage/'],
    },
    // Type-only imports count: a circle through types still ties modules together.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['source', 'import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.jsx', '.json'],
    },
    moduleSystems: ['es6', 'cjs'],
  },
};
