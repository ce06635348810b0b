// Type-checked by scripts/test_node.ts against the installed npm package's
// .d.ts files: a user's TypeScript project must see real types, not `any`.
import { defineConnector, defineHook, type ResolvedConnector } from "@ken-jo/agent-connector";
import { ConnectorConfigError, defineStatusline } from "@ken-jo/agent-connector/sdk";
import type { ResolvedConnector as FromTest } from "@ken-jo/agent-connector/sdk/test";
import { loadConnector, runCli } from "@ken-jo/agent-connector/cli";
import { runtimeName } from "@ken-jo/agent-connector/runtime";

const pre = defineHook("PreToolUse", {
  handler(evt) {
    const name: string = evt.toolName;
    return { decision: "deny", reason: name };
  },
});

export const connector: ResolvedConnector = defineConnector({
  id: "typed",
  server: { transport: "stdio", command: "node" },
  hooks: { PreToolUse: pre },
  statusline: defineStatusline({ render: (ctx) => ctx.host }),
});

export const sameType: FromTest = connector;
export const runtime: "deno" | "node" = runtimeName();
export const load: typeof loadConnector = loadConnector;
export const cli: typeof runCli = runCli;
export const errorName: string = new ConnectorConfigError("x").name;

defineConnector({
  // @ts-expect-error -- "tcp" is not a transport; proves the types are not `any`.
  server: { transport: "tcp", command: "node" },
});

defineHook("SessionStart", {
  handler(evt) {
    // @ts-expect-error -- SessionStart payloads have no toolName.
    return { reason: evt.toolName };
  },
});
