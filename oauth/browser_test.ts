import { test } from "node:test";
import assert from "node:assert/strict";
import { canOpenBrowser, openerCommand } from "./browser.ts";

test("canOpenBrowser follows the override, SSH and the display variables", () => {
  assert.equal(canOpenBrowser({ AGENT_CONNECTOR_BROWSER: "never", DISPLAY: ":0" }, "linux"), false);
  assert.equal(canOpenBrowser({ AGENT_CONNECTOR_BROWSER: "always" }, "linux"), true);
  assert.equal(canOpenBrowser({}, "darwin"), true);
  assert.equal(canOpenBrowser({ SSH_CONNECTION: "1 2 3 4" }, "darwin"), false);
  assert.equal(canOpenBrowser({ SSH_TTY: "/dev/pts/1" }, "win32"), false);
  assert.equal(canOpenBrowser({}, "linux"), false);
  assert.equal(canOpenBrowser({ WAYLAND_DISPLAY: "wayland-0" }, "linux"), true);
});

test("the OS opener is open on macOS, rundll32 on Windows and xdg-open elsewhere", () => {
  assert.deepEqual(openerCommand("https://x/a?b&c", "darwin"), ["open", ["https://x/a?b&c"]]);
  assert.deepEqual(openerCommand("https://x/", "win32"), ["rundll32", [
    "url.dll,FileProtocolHandler",
    "https://x/",
  ]]);
  assert.deepEqual(openerCommand("https://x/", "linux"), ["xdg-open", ["https://x/"]]);
});
