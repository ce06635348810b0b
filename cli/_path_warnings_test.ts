import { test } from "node:test";
import assert from "node:assert/strict";
import { defineConnector } from "../core/define_connector.ts";
import { relativePathWarnings } from "./_path_warnings.ts";

const MODULE = "/pkg/agent-connector.config.mjs";
const fields = (warnings: string[]) => warnings.map((w) => w.slice(0, w.indexOf(":")));

test("a host override without a transport is checked as the stdio server it inherits", () => {
  const connector = defineConnector({
    id: "acme-db",
    server: { transport: "stdio", command: "node", args: ["/abs/server.mjs"] },
    platforms: { cursor: { server: { args: ["./cursor-server.mjs"], cwd: "./work" } } },
  });
  assert.deepEqual(fields(relativePathWarnings(connector, MODULE)), [
    "platforms.cursor.server.args[0]",
    "platforms.cursor.server.cwd",
  ]);
  // Only the hosts asked for are checked.
  assert.deepEqual(relativePathWarnings(connector, MODULE, ["claude-code"]), []);
});

test("an override that turns a host remote, or the server off, has no paths to check", () => {
  const connector = defineConnector({
    id: "acme-db",
    server: { transport: "stdio", command: "./bin/server" },
    platforms: {
      cursor: { server: { transport: "http", url: "https://example.test/mcp" } },
      codex: { server: false },
    },
  });
  assert.deepEqual(fields(relativePathWarnings(connector, MODULE)), ["server.command"]);
});
