import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConnector } from "../core/define_connector.ts";
import { connectorRecordPath, readConnectorRecord } from "../io/connector_record.ts";
import { recordInstall, recordUninstall } from "./connector_state.ts";

const connector = defineConnector({
  id: "rec-state",
  server: { transport: "stdio", command: "node" },
  oauth: {
    search: {
      provider: "google",
      clientId: "${secret:google-client-id}",
      clientSecret: "${secret:google-client-secret}",
      scopes: ["https://www.googleapis.com/auth/webmasters.readonly"],
    },
  },
});

test("install records the login definitions (references, never values) and the last uninstall drops them", () => {
  const root = mkdtempSync(join(tmpdir(), "ac-"));
  try {
    const a = { platform: "claude-code", scope: "user" as const };
    const b = { platform: "cursor", scope: "user" as const };
    recordInstall({
      root,
      connector,
      modulePath: "/x/agent-connector.config.mjs",
      installs: [a, b],
    });
    const text = readFileSync(connectorRecordPath(root, "rec-state"), "utf8");
    const record = JSON.parse(text);
    assert.deepEqual(record.oauth, JSON.parse(JSON.stringify(connector.oauth)));
    assert.equal(record.oauth.search.clientSecret, "${secret:google-client-secret}");
    recordUninstall(root, "rec-state", [a]);
    assert.ok(readConnectorRecord(root, "rec-state")?.oauth?.search, "one install is left");
    recordUninstall(root, "rec-state", [b]);
    const after = readConnectorRecord(root, "rec-state")!;
    assert.equal(after.oauth, undefined);
    assert.deepEqual(after.installs, []);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
