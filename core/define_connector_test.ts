import { test } from "node:test";
import assert from "node:assert/strict";
import {
  ConnectorConfigError,
  defineConnector,
  hasDerivedId,
  isResolvedConnector,
  PLACEHOLDER_ID,
  withPackageIdentity,
} from "./define_connector.ts";
import type { ConnectorConfig } from "./types.ts";
import { define, rejects, STDIO, withServer } from "../tests/_helpers/config_error.ts";

const handler = () => {};

test("a config that is not an object is rejected", () => {
  rejects(null, "a connector config must be an object, got null");
  rejects([], "a connector config must be an object, got an array");
});

test("an unknown top-level field is rejected so a typo never drops a surface", () => {
  rejects(
    { id: "t", sever: STDIO },
    'config: unknown field "sever" — did you mean "server"? (expected one of id, mcp, displayName, version, server, hooks, telemetry, commands, skills, subagents, memory, statusline, actions, platforms, targets, publish, oauth)',
  );
});

test("an explicit id must be kebab-case", () => {
  rejects(withServer({ id: "Acme DB" }), 'id: "Acme DB" must be kebab-case (^[a-z0-9][a-z0-9-]*$)');
  rejects(withServer({ id: "-acme" }), 'id: "-acme" must be kebab-case (^[a-z0-9][a-z0-9-]*$)');
  assert.equal(define(withServer({ id: "acme-db2" })).id, "acme-db2");
});

test("displayName, version and mcp overrides must be non-empty strings", () => {
  rejects(withServer({ displayName: "" }), 'displayName: must be a non-empty string, got ""');
  rejects(withServer({ version: 1 }), "version: must be a non-empty string, got 1");
  rejects(withServer({ mcp: { bin: 3 } }), "mcp.bin: must be a non-empty string, got 3");
  rejects(withServer({ mcp: "x" }), 'mcp: must be an object, got "x"');
});

const NOTHING =
  "a connector must declare at least one of server, hooks, commands, skills, subagents, memory, statusline, actions, or a platforms.<id>.nativeHooks / configPatch entry";

test("a connector that declares no surface is rejected", () => {
  rejects({ id: "t" }, NOTHING);
  rejects({ id: "t", hooks: {}, commands: [], platforms: { cursor: { extra: {} } } }, NOTHING);
});

test("a lone nativeHooks or configPatch declaration is a valid connector", () => {
  const native = define({
    id: "t",
    platforms: { "claude-code": { nativeHooks: { TaskCompleted: { handler } } } },
  });
  assert.equal(
    typeof native.platforms["claude-code"]?.nativeHooks?.TaskCompleted.handler,
    "function",
  );
  const patch = define({
    id: "t",
    platforms: {
      "claude-code": {
        configPatch: [{
          key: "env.CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS",
          value: "1",
          reason: "teams",
        }],
      },
    },
  });
  assert.equal(patch.platforms["claude-code"]?.configPatch?.length, 1);
});

test("each handler or content surface alone is a valid connector", () => {
  const alone: ConnectorConfig[] = [
    { hooks: { Stop: { handler } } },
    { commands: [{ name: "c", prompt: "p" }] },
    { skills: [{ name: "s", description: "d", body: "b" }] },
    { subagents: [{ name: "a", description: "d", prompt: "p" }] },
    { memory: [{ content: "Be brief." }] },
    { statusline: { render: () => "ok" } },
    { actions: [{ id: "go", run: handler }] },
  ];
  for (const config of alone) assert.ok(define({ id: "t", ...config }));
});

test("defaults: empty surfaces, auto targets, no oauth, telemetry on", () => {
  const c = define(withServer());
  assert.deepEqual(c.hooks, {});
  assert.deepEqual(c.hookEvents, []);
  assert.deepEqual(
    [c.commands, c.skills, c.subagents, c.memory, c.actions],
    [[], [], [], [], []],
  );
  assert.deepEqual(c.platforms, {});
  assert.equal(c.targets, "auto");
  assert.deepEqual(c.oauth, {});
  assert.equal(c.statusline, undefined);
  assert.equal(c.publish, undefined);
  assert.deepEqual(c.telemetry, {
    enabled: true,
    modelFamilyHint: "auto",
    measureToolDefs: true,
    hostNativeUsage: false,
    store: "ndjson",
    calibration: { anthropicCountTokens: false },
  });
});

test("telemetry keeps what is set and rejects values outside its unions", () => {
  const c = define(withServer({
    telemetry: { enabled: false, store: "sqlite", calibration: { anthropicCountTokens: true } },
  }));
  assert.equal(c.telemetry.enabled, false);
  assert.equal(c.telemetry.store, "sqlite");
  assert.equal(c.telemetry.calibration.anthropicCountTokens, true);
  rejects(
    withServer({ telemetry: { store: "csv" } }),
    'telemetry.store: expected ndjson | sqlite, got "csv"',
  );
  rejects(
    withServer({ telemetry: { modelFamilyHint: "gpt" } }),
    'telemetry.modelFamilyHint: expected auto | openai | anthropic | generic, got "gpt"',
  );
  rejects(
    withServer({ telemetry: { enabled: "yes" } }),
    'telemetry.enabled: must be true or false, got "yes"',
  );
});

test("publish metadata is passed through verbatim", () => {
  const publish = { registryNamespace: "io.github.acme", author: { name: "Acme" } };
  assert.equal(define(withServer({ publish })).publish, publish);
  rejects(withServer({ publish: "npm" }), 'publish: must be an object, got "npm"');
});

test("targets are auto or registered host ids", () => {
  assert.deepEqual(define(withServer({ targets: ["codex"] })).targets, ["codex"]);
  rejects(
    withServer({ targets: "all" }),
    'targets: expected "auto" or a list of host ids, got "all"',
  );
  assert.throws(
    () => define(withServer({ targets: ["codecs"] })),
    /^ConnectorConfigError: targets: "codecs" is not a registered host id \(one of codebuddy, claude-code, /,
  );
});

test("platforms keys are registered host ids and overrides have known fields", () => {
  assert.throws(
    () => define(withServer({ platforms: { cursr: { hooks: false } } })),
    /platforms: "cursr" is not a registered host id/,
  );
  rejects(
    withServer({ platforms: { cursor: { hook: false } } }),
    'platforms.cursor: unknown field "hook" — did you mean "hooks"? (expected one of hooks, nativeHooks, configPatch, server, scope, commands, skills, subagents, memory, extra)',
  );
  rejects(
    withServer({ platforms: { cursor: { scope: "global" } } }),
    'platforms.cursor.scope: expected system | user | project | profile | managed, got "global"',
  );
  rejects(
    withServer({ platforms: { "claude-code": { memory: { mode: "import" } } } }),
    'platforms.claude-code.memory.mode: expected block | agents-import, got "import"',
  );
});

test("the result is recognized as resolved and defining it again returns it unchanged", () => {
  const c = define(withServer());
  assert.equal(isResolvedConnector(c), true);
  assert.equal(define(c), c);
  assert.equal(isResolvedConnector({ ...c }), false);
  assert.equal(Object.keys(c).includes("resolved"), false);
});

test("without id or package metadata the id is a placeholder until package identity arrives", () => {
  const c = define({ server: STDIO });
  assert.equal(c.id, PLACEHOLDER_ID);
  assert.equal(hasDerivedId(c), false);
  const named = withPackageIdentity(c, {
    name: "@acme/acme-db-mcp",
    bin: "acme-db",
    version: "1.2.3",
  });
  assert.deepEqual([named.id, named.displayName, named.version], ["acme-db", "acme-db", "1.2.3"]);
  assert.equal(hasDerivedId(named), true);
  assert.equal(isResolvedConnector(named), true);
  assert.equal(c.id, PLACEHOLDER_ID, "the original is not changed");
});

test("explicit identity fields win over package.json identity", () => {
  const c = define({
    id: "legacy-db",
    displayName: "Legacy DB",
    mcp: { mcpName: "io.github.acme/acme-db" },
    server: STDIO,
  });
  const named = withPackageIdentity(c, {
    name: "@acme/acme-db-mcp",
    version: "2.0.0",
    mcpName: "x/y",
  });
  assert.deepEqual([named.id, named.displayName, named.version], [
    "legacy-db",
    "Legacy DB",
    "2.0.0",
  ]);
  assert.equal(named.mcp?.mcpName, "io.github.acme/acme-db");
  assert.equal(named.mcp?.name, "@acme/acme-db-mcp");
});

test("an mcp override alone derives the identity", () => {
  const c = define({ mcp: { name: "@acme/acme-db-mcp", version: "3.1.0" }, server: STDIO });
  assert.deepEqual([c.id, c.version, hasDerivedId(c)], ["acme-db", "3.1.0", true]);
});

test("a config with several problems names every one, the first on the first line", () => {
  assert.throws(
    () =>
      defineConnector({
        server: { transport: "stdio" },
        skills: [{ name: "Bad Name", description: "x", body: "y" }],
        telemetry: { store: "csv" },
      } as never),
    (error: Error) => {
      const lines = error.message.split("\n");
      assert.match(lines[0], /^server/);
      assert.match(lines[1], /^2 more problem\(s\)/);
      assert.match(error.message, /\n {2}- skills\[0\]/);
      assert.match(error.message, /\n {2}- telemetry\.store/);
      return error instanceof ConnectorConfigError;
    },
  );
});
