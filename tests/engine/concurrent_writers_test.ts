import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { tempDir } from "../_helpers/temp.ts";

const writer = fileURLToPath(new URL("./_writer.ts", import.meta.url));

function runWriter(args: string[]): Promise<number> {
  // Deno only: the Node suite runs against the npm build, which does not ship the engine.
  const argv = ["run", "-A", writer, ...args];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { stdio: ["ignore", "inherit", "inherit"] });
    child.on("error", reject);
    child.on("exit", (code) => resolve(code ?? 1));
  });
}

describe("two installs at once", () => {
  it("leave a valid file holding both connectors' entries and no temporary files", async () => {
    const { dir, cleanup } = tempDir();
    try {
      const file = join(dir, "mcp.json");
      writeFileSync(file, '{\n  // shared by two installs\n  "mcpServers": {}\n}\n');
      const data = join(dir, "data");
      const n = 15;
      const codes = await Promise.all([
        runWriter([file, data, "alpha", String(n)]),
        runWriter([file, data, "beta", String(n)]),
      ]);
      assert.deepEqual(codes, [0, 0]);
      const text = readFileSync(file, "utf8");
      assert.ok(text.startsWith("{\n  // shared by two installs\n"));
      const servers = JSON.parse(text.replace("// shared by two installs", "")).mcpServers;
      assert.equal(Object.keys(servers).length, 2 * n);
      assert.deepEqual(readdirSync(dir).sort(), ["data", "mcp.json"]);
      assert.deepEqual(readdirSync(join(data, "state")), []); // no lock or temp file left
    } finally {
      cleanup();
    }
  });
});
