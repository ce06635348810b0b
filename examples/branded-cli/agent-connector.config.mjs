// The connector behind the branded `acme-orders` command. package.json gives
// the identity (bin "acme-orders" is the install id and label); this file
// gives the behaviour: a stdio server, two hooks, a status line and memory.
import { fileURLToPath } from "node:url";
import { defineConnector } from "@ken-jo/agent-connector/sdk";

export default defineConnector({
  server: {
    transport: "stdio",
    command: "node",
    args: [fileURLToPath(new URL("./server.mjs", import.meta.url))],
    env: { ORDERS_API: "${env:ORDERS_API:-https://orders.acme.dev}" },
  },
  hooks: {
    SessionStart: {
      handler: () => ({
        decision: "context",
        additionalContext: "Acme Orders tools are available.",
      }),
    },
    PreToolUse: {
      matcher: "mcp__acme-orders__.*",
      handler: (evt) =>
        evt.toolName.endsWith("__cancel_order")
          ? { decision: "ask", reason: "Cancelling an order cannot be undone" }
          : undefined,
    },
  },
  statusline: {
    render: (ctx) => `orders · ${ctx.model?.displayName ?? "?"}`,
  },
  commands: [{
    name: "orders-today",
    description: "Summarize today's orders",
    prompt: "List today's orders with the acme-orders tools and summarize them by status.",
  }],
});
