import { test } from "node:test";
import assert from "node:assert/strict";
import { scopePath } from "../descriptor.ts";
import { adapter } from "./mod.ts";
import { gooseDatabases } from "./usage.ts";

const ctx = { home: "/h", projectDir: "/p", env: {}, os: "linux" as const };

test("config.yaml sits in the XDG config folder, or %APPDATA%\\Block\\goose\\config", () => {
  assert.equal(scopePath(adapter.server!.paths, "user", ctx), "/h/.config/goose/config.yaml");
  const xdg = { ...ctx, env: { XDG_CONFIG_HOME: "/x" } };
  assert.equal(scopePath(adapter.server!.paths, "user", xdg), "/x/goose/config.yaml");
  assert.equal(
    scopePath(adapter.server!.paths, "user", { ...ctx, os: "darwin" }),
    "/h/.config/goose/config.yaml",
  );
  const win = { home: "C:\\Users\\ann", projectDir: "C:\\src", env: {}, os: "win32" as const };
  assert.equal(
    scopePath(adapter.server!.paths, "user", win),
    "C:\\Users\\ann\\AppData\\Roaming\\Block\\goose\\config\\config.yaml",
  );
  assert.equal(scopePath(adapter.server!.paths, "project", ctx), undefined);
});

test("an absolute GOOSE_PATH_ROOT roots config, plugins and data; a relative one is ignored", () => {
  const rooted = { ...ctx, env: { GOOSE_PATH_ROOT: "/g" } };
  assert.equal(scopePath(adapter.server!.paths, "user", rooted), "/g/config/config.yaml");
  assert.equal(
    scopePath(adapter.hooks!.paths, "user", rooted),
    "/g/.agents/plugins/agent-connector/hooks/hooks.json",
  );
  assert.equal(scopePath(adapter.memory!.paths, "user", rooted), "/g/config/.goosehints");
  assert.deepEqual(gooseDatabases({ home: "/h", env: { GOOSE_PATH_ROOT: "/g" }, os: "linux" }), [
    "/g/data/sessions/sessions.db",
  ]);
  const relative = { ...ctx, env: { GOOSE_PATH_ROOT: "rel" } };
  assert.equal(scopePath(adapter.server!.paths, "user", relative), "/h/.config/goose/config.yaml");
});

test("hooks go into the agent-connector plugin, user and project", () => {
  assert.equal(
    scopePath(adapter.hooks!.paths, "user", ctx),
    "/h/.agents/plugins/agent-connector/hooks/hooks.json",
  );
  assert.equal(
    scopePath(adapter.hooks!.paths, "project", ctx),
    "/p/.agents/plugins/agent-connector/hooks/hooks.json",
  );
  assert.equal(adapter.hooks!.events.PreCompact, undefined);
  assert.equal(adapter.hooks!.events.SubagentStart, undefined);
});

test("an extension is cmd/envs with a name, description and enabled; remote is uri", () => {
  const stdio = adapter.server!.render({
    id: "acme",
    displayName: "Acme",
    server: { transport: "stdio", command: "acme", timeoutMs: 5000 },
    launch: { command: "acme", args: ["--stdio"], env: { A: "1" } },
  });
  assert.deepEqual(stdio.entry, {
    name: "acme",
    description: "Acme",
    type: "stdio",
    cmd: "acme",
    args: ["--stdio"],
    envs: { A: "1" },
    timeout: 5,
    enabled: true,
  });
  const remote = adapter.server!.render({
    id: "acme",
    displayName: "Acme",
    server: { transport: "http", url: "https://a.dev/mcp", enabled: false },
    remote: { transport: "http", url: "https://a.dev/mcp", headers: { X: "y" } },
  });
  assert.deepEqual(remote.entry, {
    name: "acme",
    description: "Acme",
    type: "streamable_http",
    uri: "https://a.dev/mcp",
    headers: { X: "y" },
    enabled: false,
  });
});
