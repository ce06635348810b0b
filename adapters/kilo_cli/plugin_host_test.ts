/**
 * The plugin both Kilo hosts share names the host it runs in: the Kilo Code
 * extension's backend (`KILO_PLATFORM=vscode`) or the Kilo CLI. The module is
 * rendered by the real Kilo descriptors, loaded the way Kilo loads it, and
 * its home binary is a stand-in that denies with the hook command it was asked for.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { pathToFileURL } from "node:url";
import type { PluginHookSurface } from "../descriptor.ts";
import { adapter as kiloCli } from "./mod.ts";
import { adapter as kiloCode } from "../kilo/mod.ts";

const dir = mkdtempSync(join(tmpdir(), "ac-kiloplugin-"));
after(() => rmSync(dir, { recursive: true, force: true }));
const bin = join(dir, "fake-bin");
// A stand-in `hook-serve`: denies each request with the hook command line it names.
writeFileSync(
  bin,
  `#!/usr/bin/env node
require("node:readline").createInterface({ input: process.stdin }).on("line", (line) => {
  const { n, args } = JSON.parse(line);
  const stdout = JSON.stringify({ block: ["hook", ...args].join(" ") });
  process.stdout.write(JSON.stringify({ n, stdout }) + "\\n");
});
`,
  { mode: 0o755 },
);

type Hooks = Record<string, (input: unknown, output?: unknown) => Promise<void>>;

function render(surface: PluginHookSurface): string {
  return surface.module({
    connectorId: "acme-db",
    homeBin: bin,
    os: "linux",
    events: [{ event: "PreToolUse", native: "tool.execute.before", matcher: "" }],
  }).text;
}

async function hostNamed(text: string, platform: string | undefined): Promise<string> {
  const file = join(dir, `plugin-${platform ?? "cli"}.js`);
  writeFileSync(file, text);
  const saved = process.env.KILO_PLATFORM;
  if (platform === undefined) delete process.env.KILO_PLATFORM;
  else process.env.KILO_PLATFORM = platform;
  try {
    const mod = await import(pathToFileURL(file).href);
    const hooks: Hooks = await (Object.values(mod)[0] as (c: unknown) => Promise<Hooks>)({});
    const err = await hooks["tool.execute.before"]({ tool: "bash" }, { args: {} }).then(
      () => undefined,
      (e: Error) => e.message,
    );
    return err ?? "";
  } finally {
    if (saved === undefined) delete process.env.KILO_PLATFORM;
    else process.env.KILO_PLATFORM = saved;
  }
}

test("both Kilo hosts render the same plugin bytes", () => {
  const cli = render(kiloCli.hooks as PluginHookSurface);
  assert.equal(render(kiloCode.hooks as PluginHookSurface), cli);
});

test("the plugin names kilo in the extension's backend and kilo-cli elsewhere", async () => {
  const text = render(kiloCli.hooks as PluginHookSurface);
  assert.match(await hostNamed(text, "vscode"), /^hook kilo PreToolUse --connector acme-db$/);
  assert.match(await hostNamed(text, undefined), /^hook kilo-cli PreToolUse --connector acme-db$/);
});
