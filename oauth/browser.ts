/**
 * Whether a browser can be opened here, and the OS opener.
 *
 * @module
 */

import { spawn } from "node:child_process";
import process from "node:process";

/**
 * True when a browser can be opened: `AGENT_CONNECTOR_BROWSER=never` → false,
 * `=always` → true; darwin / win32 unless `SSH_CONNECTION` or `SSH_TTY` is set;
 * linux when `DISPLAY` or `WAYLAND_DISPLAY` is set.
 *
 * @example
 * ```ts
 * import { canOpenBrowser } from "@ken-jo/agent-connector/sdk";
 * canOpenBrowser({ AGENT_CONNECTOR_BROWSER: "never" }, "darwin"); // false
 * ```
 */
export function canOpenBrowser(
  env: Record<string, string | undefined> = process.env,
  platform: string = process.platform,
): boolean {
  const forced = env.AGENT_CONNECTOR_BROWSER;
  if (forced === "never") return false;
  if (forced === "always") return true;
  if (platform === "darwin" || platform === "win32") {
    return !env.SSH_CONNECTION && !env.SSH_TTY;
  }
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

/** The OS opener command for `url`. */
export function openerCommand(url: string, platform: string): [string, string[]] {
  if (platform === "darwin") return ["open", [url]];
  if (platform === "win32") return ["rundll32", ["url.dll,FileProtocolHandler", url]];
  return ["xdg-open", [url]];
}

/** Opens `url` with the OS opener; rejects with the reason when it cannot start. */
export function openWithOs(url: string, platform: string = process.platform): Promise<void> {
  const [cmd, args] = openerCommand(url, platform);
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: "ignore", detached: true });
    child.once("error", (error) => reject(new Error(`${cmd}: ${error.message}`)));
    child.once("spawn", () => {
      child.unref();
      resolve();
    });
  });
}
