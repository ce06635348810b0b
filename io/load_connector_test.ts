import { afterEach, beforeEach, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { AgentConnectorError, ConnectorConfigError } from "../core/errors.ts";
import { isResolvedConnector } from "../core/define_connector.ts";
import { findConnectorConfig, loadConnector } from "./load_connector.ts";
import { reportError } from "../cli/run.ts";
import type { CliContext } from "../cli/_context.ts";

const SOURCE = new URL("../core/define_connector.ts", import.meta.url).href;
let dir = "";

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "ac-load-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function write(rel: string, text: string): string {
  const path = join(dir, rel);
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, text);
  return path;
}

const PKG = JSON.stringify({
  name: "@acme/acme-db-mcp",
  bin: { "acme-db": "bin.mjs" },
  version: "1.4.0",
});
const SERVER_MODULE = `import { defineConnector } from ${JSON.stringify(SOURCE)};
export default defineConnector({ server: { transport: "stdio", command: "npx", args: ["-y", "@acme/acme-db-mcp"] } });
`;

async function loadError(options: Parameters<typeof loadConnector>[0]): Promise<Error> {
  try {
    await loadConnector(options);
  } catch (error) {
    assert.ok(error instanceof Error);
    return error;
  }
  assert.fail("loadConnector did not throw");
}

test("discovery walks up from the project dir and applies package.json identity", async () => {
  write("package.json", PKG);
  const modulePath = write("agent-connector.config.mjs", SERVER_MODULE);
  mkdirSync(join(dir, "src", "deep"), { recursive: true });
  const loaded = await loadConnector({ projectDir: join(dir, "src", "deep") });
  assert.equal(loaded.modulePath, modulePath);
  assert.deepEqual(
    [loaded.connector.id, loaded.connector.displayName, loaded.connector.version],
    ["acme-db", "acme-db", "1.4.0"],
  );
  assert.equal(loaded.connector.mcp?.name, "@acme/acme-db-mcp");
  assert.equal(loaded.packageJsonPath, join(dir, "package.json"));
  assert.equal(loaded.packageJson?.version, "1.4.0");
  assert.equal(isResolvedConnector(loaded.connector), true);
  assert.equal(loaded.connector.server?.wrapForTelemetry, true);
});

test("in one folder .mjs is preferred over .js over .ts over .json", () => {
  write("agent-connector.config.json", "{}");
  assert.equal(findConnectorConfig(dir), join(dir, "agent-connector.config.json"));
  write("agent-connector.config.ts", "");
  assert.equal(findConnectorConfig(dir), join(dir, "agent-connector.config.ts"));
  write("agent-connector.config.js", "");
  assert.equal(findConnectorConfig(dir), join(dir, "agent-connector.config.js"));
  write("agent-connector.config.mjs", "");
  assert.equal(findConnectorConfig(dir), join(dir, "agent-connector.config.mjs"));
});

test("a TypeScript config is found and loaded on Deno, types and all", async () => {
  write("package.json", PKG);
  const modulePath = write(
    "agent-connector.config.ts",
    `import { defineConnector } from ${JSON.stringify(SOURCE)};
const args: string[] = ["-y", "@acme/acme-db-mcp"];
export default defineConnector({ server: { transport: "stdio", command: "npx", args } });
`,
  );
  const loaded = await loadConnector({ projectDir: dir });
  assert.equal(loaded.modulePath, modulePath);
  assert.equal(loaded.connector.id, "acme-db");
});

test("an explicit --connector path wins over discovery and may name a folder", async () => {
  write("agent-connector.config.json", JSON.stringify({ id: "found", memory: [{ content: "a" }] }));
  write("other/conn.json", JSON.stringify({ id: "explicit", memory: [{ content: "b" }] }));
  write(
    "third/agent-connector.config.json",
    JSON.stringify({ id: "folder", memory: [{ content: "c" }] }),
  );
  const byFile = await loadConnector({
    projectDir: dir,
    cwd: join(dir, "other"),
    connectorPath: "conn.json",
  });
  assert.equal(byFile.connector.id, "explicit");
  const byFolder = await loadConnector({ projectDir: dir, connectorPath: "third" });
  assert.equal(byFolder.connector.id, "folder");
});

test("a missing --connector path names the path", async () => {
  const error = await loadError({ projectDir: dir, connectorPath: "nope.mjs" });
  assert.ok(error instanceof AgentConnectorError);
  assert.equal(error.code, "connector-not-found");
  assert.equal(
    error.message,
    `Connector config "${join(dir, "nope.mjs")}" does not exist — check the --connector path`,
  );
});

test("no config anywhere up the tree says where it looked and what to do", async () => {
  const error = await loadError({ projectDir: dir });
  assert.equal(
    error.message,
    `No agent-connector.config.mjs, .js, .ts or .json in "${dir}" or any parent folder — create one, or pass --connector <path>`,
  );
});

test("a JSON config is a plain config run through defineConnector; $schema is ignored", async () => {
  write(
    "agent-connector.config.json",
    JSON.stringify({ $schema: "x", id: "j", memory: [{ content: "Be brief." }] }),
  );
  const { connector } = await loadConnector({ projectDir: dir });
  assert.equal(connector.memory[0].name, "memory");
  assert.equal(connector.id, "j");
});

test("a JSON syntax error names the file, line and column", async () => {
  const path = write("agent-connector.config.json", '{\n  "id": "j",\n}\n');
  const error = await loadError({ projectDir: dir });
  assert.match(
    error.message,
    new RegExp(
      `^Cannot load connector config "${escape(path)}": line 3, column 1: .+ — fix the JSON$`,
    ),
  );
});

test("a module syntax error names the file and is one line", async () => {
  const path = write("agent-connector.config.mjs", "export default {\n  id: 'x',,\n};\n");
  const error = await loadError({ projectDir: dir });
  assert.match(
    error.message,
    new RegExp(
      `^Cannot load connector config "${escape(path)}": (line 2, column 11: )?syntax error: `,
    ),
  );
  assert.equal(error.message.includes("\n"), false);
});

test("a module without a default export says how to export the connector", async () => {
  const path = write("agent-connector.config.mjs", "export const connector = {};\n");
  const error = await loadError({ projectDir: dir });
  assert.equal(
    error.message,
    `Cannot load connector config "${path}": it has no default export — end it with: export default defineConnector({ ... })`,
  );
  write("agent-connector.config.mjs", "export default 42;\n");
  // A fresh file name: the module cache keeps the first import of a path.
  const other = write("b/agent-connector.config.mjs", "export default 42;\n");
  const second = await loadError({ projectDir: join(dir, "b") });
  assert.equal(
    second.message,
    `Cannot load connector config "${other}": its default export is number, not a connector — export default defineConnector({ ... })`,
  );
});

test("a default-exported plain object is validated by defineConnector", async () => {
  write(
    "agent-connector.config.mjs",
    "export default { id: 'plain', hooks: { Stop: { handler() {} } } };\n",
  );
  const { connector } = await loadConnector({ projectDir: dir });
  assert.deepEqual(connector.hookEvents, ["Stop"]);
});

test("a rule broken inside the module is reported as an invalid config naming the file", async () => {
  const path = write(
    "agent-connector.config.mjs",
    `import { defineConnector } from ${
      JSON.stringify(SOURCE)
    };\nexport default defineConnector({ id: "Bad Id", memory: [{ content: "x" }] });\n`,
  );
  const error = await loadError({ projectDir: dir });
  assert.ok(error instanceof ConnectorConfigError);
  assert.equal(
    error.message,
    `Invalid connector config "${path}": id: "Bad Id" must be kebab-case (^[a-z0-9][a-z0-9-]*$)`,
  );
  const plain = write("p/agent-connector.config.json", JSON.stringify({ id: "p" }));
  const empty = await loadError({ projectDir: join(dir, "p") });
  assert.match(
    empty.message,
    new RegExp(`^Invalid connector config "${escape(plain)}": a connector must declare`),
  );
});

test("without an id in the config or package.json the load fails with what to add", async () => {
  const path = write("agent-connector.config.json", JSON.stringify({ memory: [{ content: "x" }] }));
  write("package.json", JSON.stringify({ private: true }));
  const error = await loadError({ projectDir: dir });
  assert.equal(
    error.message,
    `Invalid connector config "${path}": no connector id — add "name" or "bin" to "${
      join(dir, "package.json")
    }", or set id in the config`,
  );
});

test("a malformed package.json is named", async () => {
  write("agent-connector.config.json", JSON.stringify({ id: "x", memory: [{ content: "x" }] }));
  const pkg = write("package.json", "{ name: x }");
  const error = await loadError({ projectDir: dir });
  assert.match(
    error.message,
    new RegExp(`^Cannot read "${escape(pkg)}": line 1, column 3: .+ — fix package.json$`),
  );
});

test("the CLI prints each kind of bad input as one line naming the file, exit 1", async () => {
  const cases: Array<[string, () => Promise<Error>]> = [
    ["syntax", () => {
      write("a/agent-connector.config.mjs", "export default {\n  id: 'x',,\n};\n");
      return loadError({ projectDir: join(dir, "a") });
    }],
    ["no export", () => {
      write("b/agent-connector.config.mjs", "const x = 1;\n");
      return loadError({ projectDir: join(dir, "b") });
    }],
    ["missing path", () => loadError({ projectDir: dir, connectorPath: "gone/config.mjs" })],
  ];
  for (const [name, make] of cases) {
    const error = await make();
    let stderr = "";
    const ctx: CliContext = {
      stdout: { write: () => {} },
      stderr: { write: (t) => void (stderr += t) },
      stdin: Readable.from([]),
      machine: { home: dir, env: {}, os: "linux", cwd: dir },
      brand: { name: "agent-connector", version: "0" },
    };
    assert.equal(reportError(error, ctx), 1, name);
    assert.equal(stderr.split("\n").filter(Boolean).length, 1, `${name}: ${stderr}`);
    assert.ok(stderr.startsWith(`agent-connector: `), name);
    assert.ok(stderr.includes(dir), `${name} names the file: ${stderr}`);
    assert.doesNotMatch(stderr, /\n\s+at /, name);
  }
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
