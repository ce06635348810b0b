/**
 * Every decision × event cell of Claude Code, through `simulate` and through
 * the real entrypoint process, with the documented payloads.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { HookEventName } from "../core/hook_types.ts";
import { HOOK_EVENT_NAMES } from "../core/hook_types.ts";
import { simulate } from "../sdk/test.ts";
import { importConnector } from "../runtime/connector_module.ts";
import { hookEntry } from "../runtime/hook_main.ts";
import { cliArgv, pool, registerFixture, REPO, runProcess } from "./_helpers/runtime.ts";

const MODULE = join(REPO, "tests", "fixtures", "connectors", "decisions.mjs");
const connector = await importConnector(MODULE);
const root = registerFixture("decisions", MODULE);
after(() => rmSync(root, { recursive: true, force: true }));

function payload(event: string): Record<string, unknown> {
  const file = join(REPO, "tests", "fixtures", "payloads", "claude-code", `${event}.json`);
  return JSON.parse(readFileSync(file, "utf8")).input;
}

const DECISIONS = ["void", "allow", "deny", "ask", "modify", "context"] as const;
type D = typeof DECISIONS[number];
// honored per event, in DECISIONS order (spec §2.3; HOSTS.md §2c)
const HONORED: Record<HookEventName, Record<D, boolean>> = Object.fromEntries(
  Object.entries({
    SessionStart: [1, 1, 0, 0, 0, 1],
    SessionEnd: [1, 1, 0, 0, 0, 0],
    UserPromptSubmit: [1, 1, 1, 0, 0, 1],
    PreToolUse: [1, 1, 1, 1, 1, 1],
    PostToolUse: [1, 1, 1, 0, 1, 1],
    PreCompact: [1, 1, 1, 0, 0, 0],
    Stop: [1, 1, 1, 0, 0, 1],
    Notification: [1, 1, 0, 0, 0, 0],
    PermissionRequest: [1, 1, 1, 1, 1, 0],
    PostToolUseFailure: [1, 1, 0, 0, 0, 1],
    SubagentStart: [1, 1, 0, 0, 0, 1],
    SubagentStop: [1, 1, 1, 0, 0, 0],
    PostCompact: [1, 1, 0, 0, 0, 0],
  }).map(([e, bits]) => [e, Object.fromEntries(DECISIONS.map((d, i) => [d, bits[i] === 1]))]),
) as Record<HookEventName, Record<D, boolean>>;

const cells = HOOK_EVENT_NAMES.flatMap((event) =>
  DECISIONS.map((decision) => ({ event, decision }))
);

test("simulate judges every decision on every Claude Code event", async () => {
  for (const { event, decision } of cells) {
    const r = await simulate(connector, {
      surface: "hooks",
      host: "claude-code",
      event,
      input: { ...payload(event), test_decision: decision },
    });
    assert.equal(r.honored, HONORED[event][decision], `${event} × ${decision}: ${r.reason}`);
    assert.ok(r.reason.length > 0);
  }
});

/** Runs the hook entrypoint in-process, exactly as `cli/main.ts` calls it. */
async function entry(event: string, stdin: string, env: Record<string, string> = {}) {
  let stdout = "";
  let stderr = "";
  const code = await hookEntry(["claude-code", event, "--connector", "decisions"], {
    readStdin: () => Promise.resolve(stdin),
    out: (t) => Promise.resolve(void (stdout += t)),
    err: (t) => Promise.resolve(void (stderr += t)),
    readText: (path) => existsSync(path) ? readFileSync(path, "utf8") : undefined,
    env: { AGENT_CONNECTOR_DATA_DIR: root, ...env },
    home: root,
    sep: "/",
  });
  return { code, stdout, stderr };
}

test("the hook entrypoint gives the same native reply as simulate for every cell", async () => {
  for (const { event, decision } of cells) {
    const input = { ...payload(event), test_decision: decision };
    const [got, sim] = await Promise.all([
      entry(event, JSON.stringify(input)),
      simulate(connector, { surface: "hooks", host: "claude-code", event, input }),
    ]);
    const label = `${event} × ${decision}`;
    const expected = sim.hostReply === undefined ? "" : `${JSON.stringify(sim.hostReply)}\n`;
    assert.deepEqual(got, { code: 0, stdout: expected, stderr: "" }, label);
  }
});

test("a throwing handler stays silent to the host, and AGENT_CONNECTOR_LOG=debug shows its author why", async () => {
  const stdin = JSON.stringify({ ...payload("PreToolUse"), test_decision: "throw" });
  assert.deepEqual(await entry("PreToolUse", stdin), { code: 0, stdout: "", stderr: "" });
  const debug = await entry("PreToolUse", stdin, { AGENT_CONNECTOR_LOG: "debug" });
  assert.deepEqual([debug.code, debug.stdout], [0, ""]);
  assert.match(
    debug.stderr,
    /^agent-connector: decisions PreToolUse handler failed; the host got no reply:\nError: handler exploded\n/,
  );
  const quiet = await entry("PreToolUse", stdin, { AGENT_CONNECTOR_LOG: "info" });
  assert.equal(quiet.stderr, "");
});

test("a real hook process answers each event and each decision like the in-process entrypoint", async () => {
  // One process per event (its most telling decision) and per decision (on
  // PreToolUse): every event row and every decision column crosses the real
  // process boundary; the full grid runs in-process above.
  const telling: Record<HookEventName, D> = {
    SessionStart: "context",
    SessionEnd: "void",
    UserPromptSubmit: "deny",
    PreToolUse: "modify",
    PostToolUse: "modify",
    PreCompact: "deny",
    Stop: "deny",
    Notification: "context",
    PermissionRequest: "allow",
    PostToolUseFailure: "deny",
    SubagentStart: "context",
    SubagentStop: "deny",
    PostCompact: "context",
  };
  const picks = [
    ...HOOK_EVENT_NAMES.map((event) => ({ event, decision: telling[event] })),
    ...DECISIONS.filter((d) => d !== "modify").map((decision) => ({
      event: "PreToolUse" as const,
      decision,
    })),
  ];
  const runs = await pool(
    picks.map(({ event, decision }) => async () => {
      const stdin = JSON.stringify({ ...payload(event), test_decision: decision });
      const [proc, inProc] = await Promise.all([
        runProcess(cliArgv("hook", "claude-code", event, "--connector", "decisions"), {
          stdin,
          env: { HOME: root, AGENT_CONNECTOR_DATA_DIR: root },
        }),
        entry(event, stdin),
      ]);
      return { label: `${event} × ${decision}`, proc, inProc };
    }),
    2,
  );
  for (const { label, proc, inProc } of runs) assert.deepEqual(proc, inProc, label);
  assert.ok(runs.some((r) => r.proc.stdout !== ""), "some cells answer");
});

test("malformed stdin, a throwing or never-settling handler and a missing record all exit 0 with no output", async () => {
  const env = { HOME: root, AGENT_CONNECTOR_DATA_DIR: root };
  const cases = [
    { args: ["hook", "claude-code", "PreToolUse", "--connector", "decisions"], stdin: "{not json" },
    { args: ["hook", "claude-code", "PreToolUse", "--connector", "decisions"], stdin: "[1,2]" },
    {
      args: ["hook", "claude-code", "PreToolUse", "--connector", "decisions"],
      stdin: JSON.stringify({ ...payload("PreToolUse"), test_decision: "throw" }),
    },
    // A handler whose promise can never settle: Deno ended the process with "Top-level
    // await promise never resolved" and exit 1, which Claude Code shows as a hook error.
    {
      args: ["hook", "claude-code", "Stop", "--connector", "decisions"],
      stdin: JSON.stringify({ ...payload("Stop"), test_decision: "hang" }),
    },
    { args: ["hook", "claude-code", "PreToolUse", "--connector", "nobody"], stdin: "{}" },
    { args: ["hook", "claude-code", "NoSuchEvent", "--connector", "decisions"], stdin: "{}" },
    { args: ["hook"], stdin: "" },
    {
      args: ["statusline", "claude-code", "--connector", "decisions"],
      stdin: '{"test_statusline":"throw"}',
    },
    {
      args: ["statusline", "claude-code", "--connector", "decisions"],
      stdin: '{"test_statusline":"hang"}',
    },
    { args: ["statusline", "claude-code", "--connector", "nobody"], stdin: "{}" },
  ];
  const runs = await pool(
    cases.map((c) => () => runProcess(cliArgv(...c.args), { stdin: c.stdin, env })),
  );
  runs.forEach((r, i) =>
    assert.deepEqual(r, { code: 0, stdout: "", stderr: "" }, cases[i].args.join(" "))
  );
});

test("a native Claude event is answered verbatim, and void writes nothing", async () => {
  const env = { HOME: root, AGENT_CONNECTOR_DATA_DIR: root };
  const argv = cliArgv("hook", "claude-code", "TaskCompleted", "--connector", "decisions");
  const done = await runProcess(argv, {
    stdin: '{"session_id":"s9","hook_event_name":"TaskCompleted"}',
    env,
  });
  assert.deepEqual(done, {
    code: 0,
    stdout: '{"continue":false,"stopReason":"done s9"}\n',
    stderr: "",
  });
  const quiet = await runProcess(argv, { stdin: '{"test_decision":"void"}', env });
  assert.deepEqual(quiet, { code: 0, stdout: "", stderr: "" });
});

test("the status line renders from Claude's payload with maxLines enforced", async () => {
  const input = readFileSync(
    join(REPO, "tests", "fixtures", "payloads", "claude-code", "statusline.json"),
    "utf8",
  );
  const run = await runProcess(cliArgv("statusline", "claude-code", "--connector", "decisions"), {
    stdin: JSON.stringify(JSON.parse(input).input),
    env: { HOME: root, AGENT_CONNECTOR_DATA_DIR: root },
  });
  assert.deepEqual(run, { code: 0, stdout: "[Opus] 8% ctx\nline 2\n", stderr: "" });
});

test("a VS Code payload on Claude's hook is answered as VS Code, or not at all when VS Code has its own", async () => {
  const vscode = JSON.parse(
    readFileSync(
      join(REPO, "tests", "fixtures", "payloads", "vscode-copilot", "PreToolUse.json"),
      "utf8",
    ),
  ).input;
  const input = JSON.stringify({ ...vscode, test_decision: "context" });
  const argv = cliArgv("hook", "claude-code", "PreToolUse", "--connector", "decisions");
  const alone = await runProcess(argv, {
    stdin: input,
    env: { HOME: root, AGENT_CONNECTOR_DATA_DIR: root },
  });
  assert.equal(alone.code, 0);
  assert.equal(
    JSON.parse(alone.stdout).hookSpecificOutput.additionalContext,
    "context from vscode-copilot",
  );
  const both = registerFixture("decisions", MODULE, {
    installs: [{ platform: "claude-code", scope: "user" }, {
      platform: "vscode-copilot",
      scope: "user",
    }],
  });
  try {
    const quiet = await runProcess(argv, {
      stdin: input,
      env: { HOME: both, AGENT_CONNECTOR_DATA_DIR: both },
    });
    assert.deepEqual(quiet, { code: 0, stdout: "", stderr: "" });
  } finally {
    rmSync(both, { recursive: true, force: true });
  }
});

test("a hook dispatch appends one telemetry row, and none when telemetry is off", async () => {
  const module = join(REPO, "tests", "fixtures", "connectors", "telemetry_on.mjs");
  const dir = registerFixture("tele", module, { telemetry: { enabled: true } });
  try {
    const stdin = JSON.stringify({ session_id: "s1", cwd: "/p", hook_event_name: "SessionStart" });
    const env = { HOME: dir, AGENT_CONNECTOR_DATA_DIR: dir };
    const argv = cliArgv("hook", "claude-code", "SessionStart", "--connector", "tele");
    const run = await runProcess(argv, { stdin, env });
    assert.equal(JSON.parse(run.stdout).hookSpecificOutput.additionalContext, "from tele");
    const rows = () => {
      const events = join(dir, "telemetry", "events");
      if (!existsSync(events)) return [];
      return readdirSync(events).flatMap((f) =>
        readFileSync(join(events, f), "utf8").trim().split("\n").filter(Boolean).map((l) =>
          JSON.parse(l)
        )
      );
    };
    assert.deepEqual(
      rows().map((r) => [r.scope, r.toolName, r.hostPlatform, r.sessionId, r.connectorId]),
      [
        ["hook", "SessionStart", "claude-code", "s1", "tele"],
      ],
    );
    assert.ok(!JSON.stringify(rows()).includes("from tele"), "no content is stored");
    await runProcess(argv, { stdin, env: { ...env, AGENT_CONNECTOR_TELEMETRY: "0" } });
    assert.equal(rows().length, 1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
