import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { pathToFileURL } from "node:url";

/** Runs `leanIo().readStdin(deadlineMs)` in a child fed `input`; ends its stdin when `close`. */
async function readInChild(
  deadlineMs: number,
  input: string,
  close: boolean,
): Promise<{ code: number | null; out: string }> {
  const dir = mkdtempSync(join(tmpdir(), "ac-stdin-"));
  try {
    const script = join(dir, "read.ts");
    const info = pathToFileURL(join(import.meta.dirname!, "lean_io.ts")).href;
    writeFileSync(
      script,
      `import { leanIo } from ${JSON.stringify(info)};
const io = await leanIo();
const text = await io.readStdin(${deadlineMs});
await io.write("out", "got:" + text);
`,
    );
    const child = spawn(process.execPath, ["run", "-A", "--quiet", script], {
      stdio: ["pipe", "pipe", "pipe"],
    });
    child.stdin.write(input);
    if (close) child.stdin.end();
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    // A child still running long after it should have exited is killed and
    // fails the test (its exit code is then null).
    const guard = setTimeout(() => child.kill("SIGKILL"), 20_000);
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    clearTimeout(guard);
    child.stdin.destroy();
    return { code, out };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("reading stdin gives up at the deadline with what arrived when the host never closes it", async () => {
  // The pipe stays open: the child must still exit on its own.
  assert.deepEqual(await readInChild(300, "partial", false), { code: 0, out: "got:partial" });
});

test("a pending stdin deadline never holds the process once the host closed stdin", async () => {
  // The deadline (two minutes) is far past the guard: a deadline that kept
  // the process alive would have it killed.
  assert.deepEqual(await readInChild(120_000, "whole", true), { code: 0, out: "got:whole" });
});

test("reading stdin stops at a whole JSON object when the host never closes it", async () => {
  // The deadline (two minutes) is far past the guard: a reader that waited
  // for the end of a pipe that never ends would have the child killed.
  const payload = '{"session_id":"s","tool_input":{"a":"}"}}\n';
  assert.deepEqual(await readInChild(120_000, payload, false), { code: 0, out: `got:${payload}` });
});

test("Deno's lean I/O lists a folder's entry names, and gives undefined for one it cannot list", async () => {
  const { leanIo } = await import("./lean_io.ts");
  const io = await leanIo();
  assert.ok(io.names, "the Deno lean I/O lists folders");
  const dir = mkdtempSync(join(tmpdir(), "ac-names-"));
  try {
    writeFileSync(join(dir, "config"), "");
    writeFileSync(join(dir, "HEAD"), "");
    assert.deepEqual(io.names(dir)?.sort(), ["HEAD", "config"]);
    assert.equal(io.names(join(dir, "missing")), undefined);
    assert.equal(io.names(join(dir, "config")), undefined);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("Deno's lean file reads give bytes, text, existence and a symlink's target or a file's stat", async () => {
  const { denoFs } = await import("./runtime_info.ts");
  const fs = denoFs();
  assert.ok(fs, "Deno has the lean file reads");
  const dir = mkdtempSync(join(tmpdir(), "ac-leanfs-"));
  try {
    const file = join(dir, "zone");
    writeFileSync(file, "héllo");
    symlinkSync("/usr/share/zoneinfo/Europe/Paris", join(dir, "localtime"));
    assert.deepEqual(fs.readFile(file), new TextEncoder().encode("héllo"));
    assert.equal(fs.readText(file), "héllo");
    assert.equal(fs.exists(file), true);
    assert.equal(fs.exists(join(dir, "missing")), false);
    assert.equal(fs.linkOrStat(join(dir, "localtime")), "/usr/share/zoneinfo/Europe/Paris");
    const st = statSync(file);
    assert.equal(fs.linkOrStat(file), `${st.size}:${Math.floor(st.mtimeMs)}:${st.ino}`);
    assert.throws(
      () => fs.readText(join(dir, "missing")),
      (e: { code?: string }) => e.code === "ENOENT",
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
