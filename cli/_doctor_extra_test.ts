import { test } from "node:test";
import assert from "node:assert/strict";
import { defineConnector } from "../core/define_connector.ts";
import { loginsRecordCheck } from "./_doctor_extra.ts";

const connector = defineConnector({
  id: "rec",
  server: { transport: "stdio", command: "node" },
  oauth: {
    main: { provider: "github", clientId: "Iv1.abc", scopes: ["repo"] },
  },
});

test("the logins record check is silent when the record holds the module's login definitions, in any key order", () => {
  const reordered = JSON.parse(JSON.stringify(connector.oauth, ["main", "scopes", "provider"]));
  Object.assign(reordered.main, { ...connector.oauth.main });
  assert.deepEqual(loginsRecordCheck("rec", { oauth: reordered }, connector), []);
  assert.deepEqual(loginsRecordCheck("rec", { oauth: connector.oauth }, undefined), []);
  const none = defineConnector({ id: "none", server: { transport: "stdio", command: "node" } });
  assert.deepEqual(loginsRecordCheck("none", {}, none), []);
});

test("the logins record check warns when the record lacks or differs from the module's logins", () => {
  const [missing] = loginsRecordCheck("rec", {}, connector);
  assert.equal(missing.check, "rec: logins record");
  assert.equal(missing.status, "warn");
  assert.match(missing.message, /^the registry record holds no login definitions/);
  assert.equal(missing.fix, "run `agent-connector upgrade`");
  const stale = { main: { ...connector.oauth.main, scopes: ["repo", "gist"] } };
  const [differs] = loginsRecordCheck("rec", { oauth: stale }, connector);
  assert.match(differs.message, /differ from the config module's/);
});
