/**
 * End to end on Cline, in a project with its own rules and its own
 * TaskComplete hook, and a HOME with Cline's MCP settings: install both
 * scopes → the hook scripts Cline would execute answer with Cline's JSON →
 * a second install is all `=` (plus what Cline cannot take) → uninstall
 * gives back every byte.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import {
  assertInstalled,
  assertUnchanged,
  fixtureConnector,
  hostBox,
  payload,
} from "./_helpers/seeded_box.ts";

const USER_HOOK = "#!/usr/bin/env bash\n# notify me\nnotify-send 'Cline finished'\necho '{}'\n";
const box = hostBox({
  home: {
    ".cline/data/settings/cline_mcp_settings.json": `{
  "mcpServers": {
    "filesystem": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-filesystem", "/home/dev"],
      "disabled": false,
      "autoApprove": ["read_file"]
    }
  }
}
`,
  },
  project: {
    ".clinerules/team.md": "# Team rules\n\n- Small commits.\n",
    ".clinerules/hooks/TaskComplete": USER_HOOK,
  },
});
after(() => box.done());
const CONNECTOR = fixtureConnector("acme-hosts-c");
const script = (name: string) => join(box.project, ".clinerules", "hooks", name);

test("install writes one executable script per event and never the user's own", async () => {
  const run = await box.cli(
    "install",
    "--connector",
    CONNECTOR,
    "--targets",
    "cline",
    "--scope",
    "project",
  );
  assertInstalled(run, [
    /^! cline {2}.*(not installed|not written|has no)/,
    /^! cline {2}hook Stop \(as TaskComplete, [^)]*\): a file of this name exists and was not written by agent-connector/,
  ]);
  for (const name of ["TaskStart", "TaskResume", "PreToolUse", "PostToolUse", "UserPromptSubmit"]) {
    assert.equal(statSync(script(name)).mode & 0o111, 0o111, `${name} is executable`);
  }
  assert.equal(readFileSync(script("TaskComplete"), "utf8"), USER_HOOK);
  assert.equal(existsSync(script("PreCompact")), false);
  assert.match(
    run.stdout,
    /! cline {2}hook PreCompact: not installed — neither Cline runtime runs a PreCompact hook/,
  );
  assert.match(
    readFileSync(join(box.project, ".clinerules", "agent-connector.md"), "utf8"),
    /acme-hosts\/memory/,
  );
});

test("the scripts answer Cline's payloads with Cline's JSON replies", () => {
  const run = (name: string, stdin: string) => box.hook(`'${script(name)}'`, stdin);
  assert.deepEqual(
    JSON.parse(
      run(
        "PreToolUse",
        payload("cline", "PreToolUse", {
          preToolUse: { toolName: "execute_command", parameters: { command: "rm -rf /" } },
        }),
      ).stdout,
    ),
    { cancel: true, errorMessage: "Use the acme tools" },
  );
  assert.deepEqual(run("PreToolUse", payload("cline", "PreToolUse")).stdout, "");
  // Neither runtime adds TaskStart, TaskResume or prompt context (cline/cline@21cb8d2
  // hooks-adapter.ts, hook-file-hooks.ts), so none is written.
  assert.equal(run("TaskStart", payload("cline", "TaskStart")).stdout, "");
  assert.equal(run("TaskResume", payload("cline", "TaskResume")).stdout, "");
  assert.equal(run("UserPromptSubmit", payload("cline", "UserPromptSubmit")).stdout, "");
  // The CLI runs the same script under its own event name, with the raw tool call.
  assert.deepEqual(
    JSON.parse(
      run(
        "PreToolUse",
        payload("cline", "tool_call", {
          tool_call: { id: "t", name: "run_commands", input: { commands: ["rm -rf build"] } },
        }),
      ).stdout,
    ),
    { cancel: true, errorMessage: "Use the acme tools" },
  );
  assert.deepEqual(
    JSON.parse(run("PostToolUse", payload("cline", "PostToolUse")).stdout),
    { contextModification: "Prefer the acme query tool." },
  );
  assert.equal(run("TaskCancel", payload("cline", "TaskCancel")).stdout, "");
});

test("doctor checks the scripts: a missing one FAILs and --heal writes it back", async () => {
  const args = ["--connector", CONNECTOR, "--targets", "cline", "--scope", "project"];
  const ok = await box.cli("doctor", ...args);
  assert.equal(ok.code, 0, ok.stdout);
  assert.match(ok.stdout, /\[pass\] acme-hosts @ cline \(project\): hook PreToolUse/);
  assert.match(ok.stdout, /\[warn\] acme-hosts @ cline \(project\): hook Stop \(as TaskComplete/);
  // Each runtime's limits, from cline/cline@21cb8d2: the notes and the honor matrix.
  assert.match(ok.stdout, /Cline's CLI runs TaskStart, TaskResume, UserPromptSubmit/);
  assert.match(ok.stdout, /Cline's extension drops the context of TaskStart and UserPromptSubmit/);
  const explain = (await box.cli("doctor", ...args, "--explain")).stdout;
  assert.match(
    explain,
    /acme-hosts cline SessionStart: degraded — as TaskStart: Cline drops its context/,
  );
  assert.match(
    explain,
    /acme-hosts cline UserPromptSubmit: degraded — .*only the extension acts on a block/,
  );
  assert.match(
    explain,
    /acme-hosts cline PreCompact: dropped — neither Cline runtime runs a PreCompact hook/,
  );
  assert.match(explain, /acme-hosts cline PreToolUse: honored/);
  rmSync(script("PreToolUse"));
  const broken = await box.cli("doctor", ...args);
  assert.equal(broken.code, 1);
  assert.match(broken.stdout, /\[FAIL\] acme-hosts @ cline \(project\): hook PreToolUse/);
  assert.match((await box.cli("doctor", "--heal", ...args)).stdout, /Healed 1 of 1 finding/);
  assert.equal(statSync(script("PreToolUse")).mode & 0o111, 0o111);
});

test("user scope adds the server to Cline's one MCP settings file, beside the user's", async () => {
  const run = await box.cli("install", "--connector", CONNECTOR, "--targets", "cline");
  assertInstalled(run, [/^! cline {2}.*(not installed|not written|has no)/]);
  const servers = JSON.parse(
    readFileSync(join(box.home, ".cline/data/settings/cline_mcp_settings.json"), "utf8"),
  ).mcpServers;
  assert.deepEqual(Object.keys(servers), ["filesystem", "acme-hosts"]);
  assert.equal(servers["acme-hosts"].timeout, 30);
  assert.ok(
    servers["acme-hosts"].args.includes("ACME_DB_DSN={env:ACME_DB_DSN}"),
    "serve resolves it",
  );
});

test("a second install of both scopes changes nothing", async () => {
  assertUnchanged(await box.cli("install", "--connector", CONNECTOR, "--targets", "cline"));
  assertUnchanged(
    await box.cli("install", "--connector", CONNECTOR, "--targets", "cline", "--scope", "project"),
  );
});

test("uninstall gives back every byte and removes what it created", async () => {
  const run = await box.cli("uninstall", "--connector-id", "acme-hosts", "--purge");
  assert.equal(run.code, 0, run.stdout + run.stderr);
  box.assertRestored();
});
