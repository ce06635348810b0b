/**
 * Qwen Code's command status line (spec §2.5; QwenLM/qwen-code
 * docs/users/features/status-line.md): install writes `ui.statusLine` in
 * settings.json, never over a status line the user set, uninstall gives the
 * file back byte for byte, and the runtime reads Qwen's stdin.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCliCaptured } from "./_helpers/cli.ts";
import { CONNECTORS } from "./_helpers/golden.ts";
import { runStatusline } from "../runtime/statusline.ts";
import { qwenDialect } from "../adapters/dialects/qwen.ts";
import { defineConnector } from "../mod.ts";

function box() {
  const base = mkdtempSync(join(tmpdir(), "ac-qwen-sl-"));
  const home = join(base, "home");
  mkdirSync(join(home, ".qwen"), { recursive: true });
  const settings = join(home, ".qwen", "settings.json");
  const host = { home, env: { HOME: home }, cwd: base };
  const cli = (...argv: string[]) => runCliCaptured(argv, host);
  return { base, settings, cli, done: () => rmSync(base, { recursive: true, force: true }) };
}

const connector = join(CONNECTORS, "acme-full");

test("install writes ui.statusLine in command mode; uninstall gives the bytes back", async () => {
  const b = box();
  try {
    const before = '{\n  // mine\n  "ui": { "theme": "Dracula" }\n}\n';
    writeFileSync(b.settings, before);
    await b.cli("install", "--connector", connector, "--targets", "qwen-code");
    const after = readFileSync(b.settings, "utf8");
    assert.match(after, /\/\/ mine/);
    assert.match(after, /"theme": "Dracula"/);
    const line =
      /"statusLine": ?\{\s*"type": ?"command",\s*"command": ?"[^"]*statusline qwen-code --connector acme-db",\s*"refreshInterval": ?5\s*\}/;
    assert.match(after, line);
    const run = await b.cli("uninstall", "--connector", connector);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.equal(readFileSync(b.settings, "utf8"), before);
  } finally {
    b.done();
  }
});

test("a status line the user set (a preset) is never replaced", async () => {
  const b = box();
  try {
    const before = '{ "ui": { "statusLine": { "type": "preset", "items": ["model"] } } }\n';
    writeFileSync(b.settings, before);
    const run = await b.cli("install", "--connector", connector, "--targets", "qwen-code");
    assert.match(run.stdout, /! qwen-code .*ui\.statusLine/);
    assert.equal(readFileSync(b.settings, "utf8").includes('"type": "preset"'), true);
    assert.doesNotMatch(readFileSync(b.settings, "utf8"), /statusline qwen-code/);
  } finally {
    b.done();
  }
});

test("the runtime reads Qwen's stdin: model, context percent and the current context size", async () => {
  const c = defineConnector({
    id: "acme-db",
    statusline: {
      render: (ctx) =>
        `${ctx.model?.displayName} ${ctx.context?.percent}% ${ctx.context?.usedTokens}/${ctx.context?.maxTokens} ${ctx.cwd}`,
    },
  });
  // The sample input of status-line.md "JSON input".
  const stdin = JSON.stringify({
    session_id: "abc-123",
    version: "0.14.1",
    model: { display_name: "qwen-3-235b" },
    context_window: {
      context_window_size: 131072,
      used_percentage: 34.3,
      remaining_percentage: 65.7,
      current_usage: 45000,
      total_input_tokens: 30000,
      total_output_tokens: 5000,
    },
    workspace: { current_dir: "/home/user/project" },
  });
  const out = await runStatusline({
    connector: c,
    platform: "qwen-code",
    stdin,
    dialect: qwenDialect,
    hostMaxLines: 2,
  });
  assert.equal(out, "qwen-3-235b 34.3% 45000/131072 /home/user/project\n");
});
