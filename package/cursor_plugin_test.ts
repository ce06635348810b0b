import { test } from "node:test";
import assert from "node:assert/strict";
import { defineConnector } from "../core/define_connector.ts";
import type { ConnectorConfig } from "../core/connector_types.ts";
import { packageSchema, validateJson } from "../tests/_helpers/json_schema.ts";
import { emitCursorPlugin } from "./cursor_plugin.ts";
import type { PackageMeta } from "./types.ts";

const SCHEMA = packageSchema("cursor-plugin", "plugin.schema.json");

function emit(config: ConnectorConfig, meta: PackageMeta = {}) {
  const pkg = emitCursorPlugin({ connector: defineConnector(config), meta });
  const file = (path: string) => pkg.files.find((f) => f.path === path)?.text;
  return { pkg, file, paths: pkg.files.map((f) => f.path) };
}

test("cursor-plugin: a bare stdio server goes into mcp.json with Cursor's ${env:…} references and no launcher", () => {
  const { file, paths, pkg } = emit({
    id: "acme",
    server: {
      transport: "stdio",
      command: "npx",
      args: ["-y", "@acme/mcp"],
      env: { TOKEN: "${env:ACME_TOKEN}" },
      wrapForTelemetry: false,
    },
  });
  assert.deepEqual(JSON.parse(file("mcp.json") ?? ""), {
    mcpServers: {
      acme: { command: "npx", args: ["-y", "@acme/mcp"], env: { TOKEN: "${env:ACME_TOKEN}" } },
    },
  });
  assert.deepEqual(paths, [".cursor-plugin/plugin.json", "mcp.json"]);
  assert.deepEqual(pkg.warnings, []);
});

test("cursor-plugin: a remote server is Cursor's url entry", () => {
  const { file } = emit({
    id: "acme",
    server: {
      transport: "http",
      url: "https://mcp.acme.example/mcp",
      headers: { Authorization: "Bearer ${env:ACME_TOKEN}" },
    },
  });
  assert.deepEqual(JSON.parse(file("mcp.json") ?? ""), {
    mcpServers: {
      acme: {
        url: "https://mcp.acme.example/mcp",
        headers: { Authorization: "Bearer ${env:ACME_TOKEN}" },
      },
    },
  });
});

test("cursor-plugin: a server that needs the bundled launcher and hooks are warned, never written with a guessed root variable", () => {
  const { paths, pkg } = emit({
    id: "acme",
    server: { transport: "stdio", command: "npx", args: ["-y", "@acme/mcp"] },
    hooks: { SessionStart: { handler: () => ({ decision: "allow" }) } },
  }, {});
  assert.deepEqual(paths, [".cursor-plugin/plugin.json"]);
  const warnings = pkg.warnings.join("\n");
  assert.match(
    warnings,
    /^cursor-plugin: the stdio server is not packaged: it runs through the bundled launcher .*Cursor documents no plugin-root variable/m,
  );
  assert.match(warnings, /^cursor-plugin: hooks not packaged — Cursor documents no plugin-root/m);
  assert.ok(!pkg.files.some((f) => f.text.includes("PLUGIN_ROOT")));
});

test("cursor-plugin: the manifest validates against Cursor's schema, the author's url left out", () => {
  const { file } = emit({ id: "acme-db", version: "1.2.0", memory: [{ content: "Ask first." }] }, {
    description: "Acme DB",
    author: { name: "Acme", email: "tools@acme.example", url: "https://acme.example" },
    homepage: "https://acme.example",
    repository: "https://github.com/acme/acme",
    license: "MIT",
    keywords: ["acme"],
  });
  const manifest = JSON.parse(file(".cursor-plugin/plugin.json") ?? "");
  assert.deepEqual(manifest.author, { name: "Acme", email: "tools@acme.example" });
  assert.deepEqual(validateJson(manifest, SCHEMA), []);
  assert.deepEqual(
    validateJson({ ...manifest, author: { name: "Acme", url: "https://acme.example" } }, SCHEMA),
    ["$.author.url: not allowed"],
    "the schema closes author, so emitting the url would fail it",
  );
});

test("cursor-plugin: memory is one always-applied rule, content uses the Cursor renderers", () => {
  const { file, paths } = emit({
    id: "acme",
    memory: [{ content: "Acme is the source of truth.\n" }, { name: "two", content: "Ask first." }],
    commands: [{ name: "acme-deploy", prompt: "Deploy." }],
    skills: [{ name: "acme-sql", description: "SQL", body: "Write SQL." }],
    subagents: [{ name: "acme-review", description: "Reviews", prompt: "Review." }],
  });
  assert.equal(
    file("rules/acme.mdc"),
    "---\ndescription: Context from the acme connector\nalwaysApply: true\n---\n\nAcme is the source of truth.\n\nAsk first.\n",
  );
  assert.equal(file("commands/acme-deploy.md"), "Deploy.\n");
  assert.deepEqual(paths, [
    ".cursor-plugin/plugin.json",
    "agents/acme-review.md",
    "commands/acme-deploy.md",
    "rules/acme.mdc",
    "skills/acme-sql/SKILL.md",
  ]);
});

test("cursor-plugin: platforms.cursor turns surfaces off exactly as install does", () => {
  const { paths, pkg } = emit({
    id: "acme",
    server: { transport: "http", url: "https://mcp.acme.example/mcp" },
    memory: [{ content: "Ask first." }],
    skills: [{ name: "acme-sql", description: "SQL", body: "Write SQL." }],
    platforms: { cursor: { server: false, memory: false } },
  });
  assert.deepEqual(paths, [".cursor-plugin/plugin.json", "skills/acme-sql/SKILL.md"]);
  assert.deepEqual(pkg.warnings, []);
});

test("cursor-plugin: an id Cursor cannot take as a plugin name fails naming the rule", () => {
  assert.throws(
    () => emit({ id: "acme-", memory: [{ content: "Ask first." }] }),
    /cursor-plugin: the connector id "acme-" is not a Cursor plugin name \(it must end with a letter or digit\)/,
  );
});
