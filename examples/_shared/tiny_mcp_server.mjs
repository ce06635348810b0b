// A dependency-free stdio MCP server for the examples, so each runs as shipped:
// JSON-RPC 2.0, one message per line (the MCP stdio transport). A real server
// would use @modelcontextprotocol/sdk; this one only answers initialize,
// ping, tools/list and tools/call; a tool's answer may be a promise.
import process from "node:process";
import { createInterface } from "node:readline";

/**
 * Serves `tools` on stdin/stdout until stdin closes.
 * @param {{ name: string, version: string }} serverInfo
 * @param {Array<{ name: string, description: string, answer: (args: object) => string | Promise<string> }>} tools
 */
export function serveTools(serverInfo, tools) {
  const send = (message) =>
    process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
  const listed = tools.map(({ name, description }) => ({
    name,
    description,
    inputSchema: { type: "object", additionalProperties: true },
  }));
  createInterface({ input: process.stdin }).on("line", async (line) => {
    let msg;
    try {
      msg = JSON.parse(line);
    } catch {
      return;
    }
    if (msg.id === undefined) return; // a notification needs no answer
    const tool = tools.find((t) => t.name === msg.params?.name);
    switch (msg.method) {
      case "initialize":
        return send({
          id: msg.id,
          result: {
            protocolVersion: msg.params?.protocolVersion ?? "2025-06-18",
            capabilities: { tools: {} },
            serverInfo,
          },
        });
      case "ping":
        return send({ id: msg.id, result: {} });
      case "tools/list":
        return send({ id: msg.id, result: { tools: listed } });
      case "tools/call":
        if (!tool) {
          return send({
            id: msg.id,
            error: { code: -32602, message: `unknown tool ${msg.params?.name}` },
          });
        }
        try {
          const text = await tool.answer(msg.params.arguments ?? {});
          return send({ id: msg.id, result: { content: [{ type: "text", text }] } });
        } catch (error) {
          const text = error instanceof Error ? error.message : String(error);
          return send({ id: msg.id, result: { content: [{ type: "text", text }], isError: true } });
        }
      default:
        return send({
          id: msg.id,
          error: { code: -32601, message: `unknown method ${msg.method}` },
        });
    }
  });
}
