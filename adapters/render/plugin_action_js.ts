/**
 * The action runner our generated plugins embed where the host offers the
 * connector's actions as its own commands (pi's and omp's extension,
 * OpenClaw's and NemoClaw's plugin). `runAction(id, text)` runs
 * `agent-connector action <host> <id> --connector <c> [words of text…]` and
 * resolves to `{ ok, text }`: the action's message, or — the user asked for
 * it, so a failure is reported, not swallowed (spec §2.6) — its error. It
 * uses `spawn`, `COMMAND`, `ARGS`, `HOST` and `CONNECTOR` from the hook client
 * (hook_serve_client.ts) the plugin also embeds.
 *
 * @module
 */

/** `runAction` as JavaScript source, giving up (and killing the action) after `timeoutMs`. */
export function actionRunnerJs(timeoutMs: number): string {
  return `const ACTION_TIMEOUT_MS = ${timeoutMs};
` + String.raw`
// Runs a user-run action once; resolves to what the user reads and whether it worked.
function runAction(id, text) {
  const args = String(text ?? "").trim().split(/\s+/).filter(Boolean);
  return new Promise((resolve) => {
    let out = "";
    let err = "";
    let child;
    try {
      child = spawn(COMMAND, [...ARGS, "action", HOST, id, "--connector", CONNECTOR, ...args], {
        stdio: ["ignore", "pipe", "pipe"],
        windowsHide: true,
      });
    } catch (error) {
      resolve({ ok: false, text: "agent-connector: " + (error?.message ?? String(error)) });
      return;
    }
    const timer = setTimeout(() => child.kill(), ACTION_TIMEOUT_MS);
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (err += chunk));
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve({ ok: false, text: "agent-connector: " + error.message });
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      const text = (code === 0 ? out : err || out).trim();
      resolve({
        ok: code === 0,
        text: text || (code === 0 ? "done" : "agent-connector: the action failed (exit " + code + ")"),
      });
    });
  });
}`;
}
