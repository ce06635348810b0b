// A child process for concurrent_writers_test.ts: installs `count` servers
// of connector `id` into `file`, one applyEdits run each.
import process from "node:process";
import { applyEdits } from "../../install/apply.ts";

const [file, dataRoot, id, count] = process.argv.slice(2);
for (let i = 0; i < Number(count); i++) {
  await applyEdits([{
    op: "json.set",
    platform: "claude-code",
    file,
    path: ["mcpServers", `${id}-${i}`],
    value: { command: id, args: [String(i)] },
  }], { dataRoot, connectorId: id, connectorVersion: "1.0.0" });
}
