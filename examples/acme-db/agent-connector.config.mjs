// The connector of spec §2.10: one declaration, deployed into every detected
// host. package.json is the identity: its bin ("acme-db") is the install id
// and host label, its version the connector version — no id here.
import { fileURLToPath } from "node:url";
import { defineConnector } from "@ken-jo/agent-connector/sdk";

export default defineConnector({
  server: {
    transport: "stdio",
    // Published, this would be `npx -y @acme/acme-db-mcp`; the example runs its
    // stand-in by absolute path (hosts start servers from their own folder).
    command: "node",
    args: [fileURLToPath(new URL("./server.mjs", import.meta.url))],
    env: { ACME_DB_DSN: "${env:ACME_DB_DSN}" },
    tools: { include: ["*"] },
    timeoutMs: 30_000,
  },
  hooks: {
    PreToolUse: {
      matcher: "acme_write",
      handler(evt) {
        if (evt.toolName === "acme_write") {
          return { decision: "ask", reason: "Confirm Acme DB write" };
        }
        return { decision: "allow" };
      },
    },
    SessionStart: {
      handler() {
        return { decision: "context", additionalContext: "Acme DB schema v12 is loaded." };
      },
    },
  },
  telemetry: { enabled: true, modelFamilyHint: "auto", measureToolDefs: true },
  // Warp is mcp-only: skip hooks there instead of reporting them unsupported.
  platforms: { warp: { hooks: false } },
  targets: "auto",
});
