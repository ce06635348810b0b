/**
 * The opt-in host-native usage hook on Gemini CLI (spec §5): with
 * AGENT_CONNECTOR_HOST_NATIVE=1 install registers `usage-event` on
 * AfterModel; the written command records one `model_turn` row for a
 * finished turn and none for a mid-stream chunk; an install without the
 * switch removes it again, and uninstall leaves nothing behind.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { runCliCaptured } from "./_helpers/cli.ts";
import { denoDirEnv, REPO } from "./_helpers/runtime.ts";

const CONNECTOR = join(REPO, "tests", "fixtures", "connectors", "acme-hooks");
const base = mkdtempSync(join(tmpdir(), "ac-native-"));
const home = join(base, "home");
const project = join(base, "project");
mkdirSync(join(home, ".gemini"), { recursive: true });
mkdirSync(project);
after(() => rmSync(base, { recursive: true, force: true }));
const settingsFile = join(home, ".gemini", "settings.json");
const cli = (env: Record<string, string>, ...args: string[]) =>
  runCliCaptured(args, {
    home,
    env: { HOME: home, PATH: process.env.PATH ?? "", ACME_DB_DSN: "x", ...env },
    cwd: project,
    os: "linux",
  });

function afterModel(): Array<{ hooks: Array<{ command: string }> }> | undefined {
  return JSON.parse(readFileSync(settingsFile, "utf8")).hooks?.AfterModel;
}

function rows(): Array<Record<string, unknown>> {
  const dir = join(home, ".agent-connector", "telemetry", "events");
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => f.endsWith(".ndjson")).flatMap((f) =>
    readFileSync(join(dir, f), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l))
  );
}

const turn = (finishReason?: string) =>
  JSON.stringify({
    session_id: "a1b2c3",
    cwd: project,
    hook_event_name: "AfterModel",
    llm_request: { model: "gemini-3-pro", messages: [] },
    llm_response: {
      candidates: [{
        content: { role: "model", parts: ["ok"] },
        ...(finishReason ? { finishReason } : {}),
      }],
      usageMetadata: { promptTokenCount: 1200, candidatesTokenCount: 80, totalTokenCount: 1280 },
    },
  });

test("without the switch no usage hook is written", async () => {
  const run = await cli({}, "install", "--connector", CONNECTOR, "--targets", "gemini-cli");
  assert.equal(run.code, 0, run.stdout);
  assert.equal(afterModel(), undefined);
});

test("AGENT_CONNECTOR_HOST_NATIVE=1 adds usage-event on AfterModel, recording finished turns only", async () => {
  const run = await cli(
    { AGENT_CONNECTOR_HOST_NATIVE: "1" },
    "install",
    "--connector",
    CONNECTOR,
    "--targets",
    "gemini-cli",
  );
  assert.equal(run.code, 0, run.stdout);
  assert.match(run.stdout, /\+ gemini-cli {2}host-native usage \(AfterModel\): added/);
  const groups = afterModel()!;
  assert.equal(groups.length, 1);
  const command = groups[0].hooks[0].command;
  assert.match(command, /agent-connector usage-event gemini-cli --connector acme-hooks$/);
  const exec = (stdin: string) =>
    spawnSync("sh", ["-c", command], {
      input: stdin,
      encoding: "utf8",
      env: { HOME: home, PATH: process.env.PATH ?? "", ...denoDirEnv() },
    });
  for (const r of [exec(turn()), exec(turn("STOP"))]) {
    assert.deepEqual([r.status, r.stdout, r.stderr], [0, "", ""]);
  }
  const recorded = rows().filter((r) => r.scope === "model_turn");
  assert.equal(recorded.length, 1, "the mid-stream chunk is not a turn");
  assert.equal(recorded[0].hostPlatform, "gemini-cli");
  assert.equal(recorded[0].confidenceSource, "host-native");
  assert.equal(recorded[0].inputTokens, 1200);
  assert.equal(recorded[0].outputTokens, 80);
});

test("an install without the switch removes the usage hook again; uninstall leaves no hooks", async () => {
  const run = await cli({}, "install", "--connector", CONNECTOR, "--targets", "gemini-cli");
  assert.equal(run.code, 0, run.stdout);
  assert.match(run.stdout, /- gemini-cli {2}hook AfterModel: removed/);
  assert.equal(afterModel(), undefined);
  const gone = await cli({}, "uninstall", "--connector-id", "acme-hooks", "--purge");
  assert.equal(gone.code, 0, gone.stdout);
  assert.equal(existsSync(settingsFile), false, "the settings file we created is gone");
});
