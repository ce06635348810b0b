// loadConnector's messages for bad input, as Node reports it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConnector } from "@ken-jo/agent-connector/cli";

async function messageFor(files) {
  const dir = mkdtempSync(join(tmpdir(), "ac-node-load-"));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    await loadConnector({ projectDir: dir });
  } catch (error) {
    return { dir, message: error.message };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.fail("loadConnector did not throw");
}

test("a syntax error names the file on Node too", async () => {
  const { dir, message } = await messageFor({
    "package.json": '{"type":"module"}',
    "agent-connector.config.mjs": "export default {\n  id: 'x',,\n};\n",
  });
  assert.match(message, /syntax error: Unexpected token/);
  assert.ok(message.includes(join(dir, "agent-connector.config.mjs")), message);
});

test("a TypeScript config loads where Node strips types, else says what to do", async () => {
  const files = {
    "package.json": '{"name":"acme-db"}',
    "agent-connector.config.ts": "const id: string = 'acme-db';\nexport default { id };\n",
  };
  const [major, minor] = process.versions.node.split(".").map(Number);
  if (major > 22 || (major === 22 && minor >= 18)) {
    const dir = mkdtempSync(join(tmpdir(), "ac-node-load-"));
    try {
      for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
      assert.equal((await loadConnector({ projectDir: dir })).connector.id, "acme-db");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    return;
  }
  const { dir, message } = await messageFor(files);
  assert.ok(message.includes(join(dir, "agent-connector.config.ts")), message);
  assert.match(message, /cannot run TypeScript — run agent-connector with Deno/);
});
