import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { pathToFileURL } from "node:url";

test("reading stdin gives up at the deadline with what arrived when the host never closes it", async () => {
  const dir = mkdtempSync(join(tmpdir(), "ac-stdin-"));
  try {
    const script = join(dir, "read.ts");
    const info = pathToFileURL(join(import.meta.dirname!, "runtime_info.ts")).href;
    writeFileSync(
      script,
      `import { leanIo } from ${JSON.stringify(info)};
const io = await leanIo();
const text = await io.readStdin(300);
await io.write("out", "got:" + text);
`,
    );
    const child = spawn(process.execPath, ["run", "-A", "--quiet", script], {
      stdio: ["pipe", "pipe", "pipe"],
    });
    child.stdin.write("partial");
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    // The pipe stays open: the child must still exit on its own (a child
    // still running long after its deadline is killed and fails the test).
    const guard = setTimeout(() => child.kill("SIGKILL"), 30_000);
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    clearTimeout(guard);
    child.stdin.destroy();
    assert.equal(code, 0);
    assert.equal(out, "got:partial");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
