// `stream-partner mcp`'s server: the docs, the contracts and the toolkit as MCP tools and
// resources, over stdio. Nothing but protocol messages may reach stdout; logs go to stderr.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { VERSION } from '../version.js';
import { createContext, type ContextOptions, type McpContext } from './context.js';
import { registerContractTools } from './tools-contract.js';
import { registerDocResources, registerDocTools } from './tools-docs.js';
import { registerRunTools } from './tools-run.js';

const INSTRUCTIONS = `Stream's partner toolkit for building an integration with Stream (online food ordering) as a POS, a DSP, an event provider or a white-label partner. Find answers with search_docs, then read_doc for the page. get_operation and get_schema give the exact contract (fields, hosts, examples); validate_message and sign_payload check what you build. trigger_event sends Stream's calls to a local server; certify runs the certification checks against it; sandbox_exchanges shows what your code sent to the local sandbox. Everything works offline.`;

export function createMcpServer(context: McpContext): McpServer {
  const server = new McpServer({ name: 'stream-partner', title: "Stream's partner toolkit", version: VERSION }, { instructions: INSTRUCTIONS, capabilities: { tools: {}, resources: {} } });
  registerDocTools(server);
  registerContractTools(server);
  registerRunTools(server, context);
  registerDocResources(server);
  return server;
}

/** Serves on stdin/stdout until the host closes the connection; resolves then, after stopping a sandbox it started. */
export async function serveStdio(options: ContextOptions): Promise<void> {
  const context = createContext(options);
  const server = createMcpServer(context);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((done) => {
    transport.onclose = () => done();
    process.stdin.once('end', () => done());
  });
  await server.connect(transport);
  options.io.stderr(`stream-partner mcp ${VERSION}: serving on stdio${options.allowHosts.length > 0 ? `; may also send to ${options.allowHosts.join(', ')}` : '; sends only to loopback addresses'}\n`);
  await closed;
  await context.close();
  await server.close();
}
