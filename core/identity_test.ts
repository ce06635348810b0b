import { test } from "node:test";
import assert from "node:assert/strict";
import {
  aliasFromMcpName,
  aliasFromPackageName,
  binName,
  identityFromPackageJson,
  resolveIdentity,
  toKebab,
} from "./identity.ts";

test("a package name gives its unscoped name without MCP affixes", () => {
  assert.equal(aliasFromPackageName("@acme/acme-db-mcp"), "acme-db");
  assert.equal(aliasFromPackageName("@modelcontextprotocol/server-filesystem"), "filesystem");
  assert.equal(aliasFromPackageName("mcp-server-sqlite"), "sqlite");
  assert.equal(aliasFromPackageName("weather_MCP"), "weather");
  assert.equal(aliasFromPackageName("@acme/mcp"), "acme");
  assert.equal(aliasFromPackageName("mcp"), undefined);
});

test("an MCP registry name gives its last part, or the namespace's last label", () => {
  assert.equal(aliasFromMcpName("io.github.acme/acme-db"), "acme-db");
  assert.equal(aliasFromMcpName("io.github.acme/mcp-server"), "acme");
});

test("the bin name follows npm: a string bin is named after the unscoped package", () => {
  assert.equal(binName("./bin.mjs", "@acme/acme-db-mcp"), "acme-db-mcp");
  assert.equal(binName({ "acme-db": "./bin.mjs" }, "@acme/acme-db-mcp"), "acme-db");
  assert.equal(binName({ "acme-db": "a", "acme-admin": "b" }, "@acme/acme-db-mcp"), "acme-db");
  assert.equal(binName({ x: "a", y: "b" }, "@acme/acme-db-mcp"), undefined);
  assert.equal(binName(undefined, "p"), undefined);
});

test("package.json identity reads name, mcpName, bin and version and ignores the rest", () => {
  assert.deepEqual(
    identityFromPackageJson({
      name: "@acme/acme-db-mcp",
      mcpName: "io.github.acme/acme-db",
      bin: { "acme-db": "./bin.mjs" },
      version: "1.4.0",
      description: "x",
    }),
    {
      name: "@acme/acme-db-mcp",
      mcpName: "io.github.acme/acme-db",
      bin: "acme-db",
      version: "1.4.0",
    },
  );
  assert.deepEqual(identityFromPackageJson({ name: 5, version: "" }), {});
  assert.deepEqual(identityFromPackageJson(null), {});
});

test("the id comes from the bin first, then the package name, then mcpName", () => {
  assert.equal(resolveIdentity({}, { name: "@acme/acme-db-mcp", bin: "AcmeDB" }).id, "acmedb");
  assert.equal(resolveIdentity({}, { name: "@acme/acme-db-mcp" }).id, "acme-db");
  assert.equal(resolveIdentity({}, { mcpName: "io.github.acme/weather" }).id, "weather");
  assert.equal(resolveIdentity({}, {}).id, undefined);
});

test("displayName defaults to the id and version to package.json, then 0.0.0", () => {
  assert.deepEqual(resolveIdentity({}, { bin: "acme-db", version: "2.0.0" }), {
    id: "acme-db",
    displayName: "acme-db",
    version: "2.0.0",
    mcp: { bin: "acme-db", version: "2.0.0" },
  });
  assert.equal(resolveIdentity({ id: "x" }).version, "0.0.0");
});

test("explicit fields and mcp overrides win over package.json", () => {
  const identity = resolveIdentity(
    { id: "legacy", displayName: "Legacy", version: "9.9.9", mcp: { bin: "other" } },
    { name: "@acme/acme-db-mcp", bin: "acme-db", version: "1.0.0" },
  );
  assert.deepEqual(identity, {
    id: "legacy",
    displayName: "Legacy",
    version: "9.9.9",
    mcp: { name: "@acme/acme-db-mcp", bin: "other", version: "1.0.0" },
  });
  assert.equal(
    resolveIdentity({ mcp: { version: "3.0.0" } }, { version: "1.0.0", bin: "b" }).version,
    "3.0.0",
  );
});

test("toKebab lower-cases and collapses other characters", () => {
  assert.equal(toKebab("  Acme__DB  v2 "), "acme-db-v2");
});
