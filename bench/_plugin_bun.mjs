// Run by bench/plugin_bench.ts under the host's own runtime (Kilo's Bun, through
// BUN_BE_BUN=1): loads the generated plugin as the host would and fires its
// `tool.execute.before` `runs` times, printing each event's wall time and the
// longest stall of a 1 ms ticker on this loop, as JSON.
import { pathToFileURL } from "node:url";

const [file, runsText] = process.argv.slice(2);
const mod = await import(pathToFileURL(file).href);
const hooks = await Object.values(mod)[0]({ directory: process.cwd(), worktree: process.cwd() });
const fire = () =>
  hooks["tool.execute.before"]({ tool: "bash", sessionID: "bench", callID: "c1" }, {
    args: { command: "rm -rf /tmp/x" },
  }).then(() => "allowed", (e) => e.message);
await fire();
const out = { ms: [], stall: [], replies: [] };
for (let i = 0; i < Number(runsText); i++) {
  let last = performance.now();
  let stall = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last);
    last = now;
  }, 1);
  const start = performance.now();
  out.replies.push(await fire());
  out.ms.push(performance.now() - start);
  clearInterval(tick);
  out.stall.push(Math.max(stall, performance.now() - last));
}
console.log(JSON.stringify(out));
