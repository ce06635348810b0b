/**
 * Amp in the lab: installed from npm, but it cannot run a turn against the mock. Every
 * run — `amp -x` included — first calls Amp's own server (`POST <AMP_URL>/api/internal?
 * getUserInfo`, measured against a logging server on loopback) and threads and model
 * calls go through that server's private API under an ampcode.com login, not a model wire
 * format the mock speaks. So only what needs no host run is checked: our install and a
 * byte-exact uninstall.
 *
 * @module
 */
import type { CheckId, LabHost } from "./_types.ts";

const WHY =
  "amp needs an ampcode.com login: every run starts with getUserInfo on Amp's server, and its turns use that server's private API, not a model wire format the mock speaks";

const NEEDS_A_RUN: CheckId[] = [
  "mcp-call",
  "telemetry-row",
  "hook-allow",
  "hook-deny",
  "hook-context",
  "memory",
  "skill",
  "command",
  "usage",
  "no-trace",
];

/** Amp in the lab. */
export const amp: LabHost = {
  id: "amp",
  adapter: "amp",
  limits: Object.fromEntries(NEEDS_A_RUN.map((id) => [id, WHY])),
  prepare: () => {},
  env: () => ({}),
  argv: ({ bin }, prompt) => [bin, "-x", prompt, "--no-notifications", "--no-ide"],
};
