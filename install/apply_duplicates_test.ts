/**
 * A host file with a key twice in one object (#19 item 3): `"mcpServers"`
 * twice in `~/.claude.json` made install add to the last object and
 * uninstall report "not present", leaving our entry. Such a file is now
 * refused on install and uninstall, with both line numbers and what to do,
 * and is left byte-identical; TOML refused it already.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { applyEdits } from "./apply.ts";
import type { Edit } from "./edits.ts";
import { useEngineSandbox } from "../tests/_helpers/engine.ts";

const box = useEngineSandbox();

function edits(file: string, op: "set" | "remove", kind: "json" | "yaml" | "toml"): Edit[] {
  const platform = "claude-code" as const;
  const label = "MCP server acme";
  if (kind === "json") {
    return op === "set"
      ? [{
        op: "json.set",
        platform,
        file,
        path: ["mcpServers", "acme"],
        value: { command: "a" },
        label,
      }]
      : [{ op: "json.remove", platform, file, path: ["mcpServers", "acme"], label }];
  }
  if (kind === "yaml") {
    return op === "set"
      ? [{
        op: "yaml.set",
        platform,
        file,
        path: ["mcpServers", "acme"],
        value: { command: "a" },
        label,
      }]
      : [{ op: "yaml.remove", platform, file, path: ["mcpServers", "acme"], label }];
  }
  return op === "set"
    ? [{
      op: "toml.table.set",
      platform,
      file,
      table: ["mcp_servers", "acme"],
      value: { command: "a" },
      label,
    }]
    : [{ op: "toml.table.remove", platform, file, table: ["mcp_servers", "acme"], label }];
}

const CASES = [
  {
    name: "JSON: mcpServers twice at the top",
    kind: "json",
    file: ".claude.json",
    text: '{\n  "mcpServers": {\n    "a": {}\n  },\n  "theme": "dark",\n  "mcpServers": {}\n}\n',
    lines: /line 6: "mcpServers" appears twice in one object \(also on line 2\)/,
  },
  {
    name: "JSONC: a key twice deeper down, with comments",
    kind: "json",
    file: "settings.json",
    text: '{\r\n  // mine\r\n  "mcpServers": {\r\n    "x": 1,\r\n    "x": 2\r\n  }\r\n}\r\n',
    lines: /line 5: "x" appears twice in one object \(also on line 4\)/,
  },
  {
    name: "YAML: mcpServers twice",
    kind: "yaml",
    file: "config.yaml",
    text: "mcpServers:\n  a: 1\nname: me\nmcpServers:\n  b: 2\n",
    lines: /line 4: a key appears twice/,
  },
  {
    name: "TOML: a table twice",
    kind: "toml",
    file: "config.toml",
    text: '[mcp_servers.x]\ncommand = "x"\n\n[mcp_servers.x]\ncommand = "y"\n',
    lines: /line 4: /,
  },
] as const;

describe("duplicate keys in host files", () => {
  for (const c of CASES) {
    it(`${c.name}: install and uninstall refuse it with the line numbers, bytes kept`, async () => {
      const file = join(box.root, c.file);
      writeFileSync(file, c.text);
      for (const op of ["set", "remove"] as const) {
        const run = await applyEdits(edits(file, op, c.kind), box.opts);
        assert.deepEqual(run.changes.map((r) => r.action), ["warn"], op);
        assert.match(run.changes[0].detail, c.lines);
        assert.match(run.changes[0].detail, /left unchanged\. .*then run the command again\./);
        assert.equal(readFileSync(file, "utf8"), c.text, `${op} kept every byte`);
      }
    });
  }

  it("JSON: an entry installed before the user duplicated its object is refused, not lost", async () => {
    const file = join(box.root, ".claude.json");
    writeFileSync(file, '{\n  "theme": "dark"\n}\n');
    await applyEdits(edits(file, "set", "json"), box.opts);
    const installed = readFileSync(file, "utf8");
    const doubled = installed.replace(/\n}\n$/, ',\n  "mcpServers": {}\n}\n');
    writeFileSync(file, doubled);
    const run = await applyEdits(edits(file, "remove", "json"), box.opts);
    assert.deepEqual(run.changes.map((r) => r.action), ["warn"]);
    assert.match(run.changes[0].detail, /Merge the two into one/);
    assert.equal(readFileSync(file, "utf8"), doubled);
    // Merged by the user: the uninstall then finds and removes our entry.
    writeFileSync(file, installed);
    const again = await applyEdits(edits(file, "remove", "json"), box.opts);
    assert.deepEqual(again.changes.map((r) => r.action), ["remove"]);
    assert.equal(readFileSync(file, "utf8"), '{\n  "theme": "dark"\n}\n');
  });
});
