/**
 * doctor's checks that load heavier modules on demand: the secret store
 * (a connector that records secret names), the OAuth logins (a connector
 * that declares `oauth`) and the live MCP probe (`--probe`).
 *
 * @module
 */

import type { CliContext } from "./_context.ts";
import type { ResolvedConnector } from "../core/connector_types.ts";
import type { DiagnosticResult } from "../core/platform_types.ts";
import { importLazily } from "../core/lazy_import.ts";
import { dataRoot } from "../io/data_root.ts";
import type { Finding } from "../install/doctor.ts";
import { storeOptions } from "./_store_options.ts";

/** The probe telemetry's runtime/probe.ts provides (`doctor --probe`, spec §3). */
interface ProbeModule {
  probeServer(input: {
    connectorId: string;
    server: NonNullable<ResolvedConnector["server"]>;
    machine: CliContext["machine"];
    dataRoot: string;
    serverStderr?: (text: string) => void;
  }): Promise<DiagnosticResult[]>;
}

/** `--probe`: a live MCP handshake with each connector's server. */
export async function probes(
  list: Array<{ id: string; connector?: ResolvedConnector }>,
  ctx: CliContext,
): Promise<Finding[]> {
  let mod: ProbeModule;
  try {
    mod = await importLazily<ProbeModule>("../runtime/probe.ts", import.meta.url);
  } catch {
    return [{
      check: "probe",
      status: "warn",
      message: "the MCP probe is not part of this build",
      fixable: false,
    }];
  }
  const out: Finding[] = [];
  for (const s of list) {
    const server = s.connector?.server;
    if (!server) continue;
    const found = await mod.probeServer({
      connectorId: s.id,
      server,
      machine: ctx.machine,
      dataRoot: dataRoot(ctx.machine),
      // The server's own stderr goes to the terminal (spec §3): it says why
      // a server that dies at start-up died; stdout keeps only findings.
      serverStderr: (text) => ctx.stderr.write(text),
    });
    out.push(...found.map((f) => ({ ...f, connectorId: s.id, fixable: false })));
  }
  return out;
}

/** The secrets check of one connector's recorded secret names. */
export async function secretsCheck(
  id: string,
  names: string[],
  ctx: CliContext,
): Promise<Finding[]> {
  const [{ secretsDoctorCheck }, { openSecretStore }] = await Promise.all([
    import("../secrets/install_checks.ts"),
    import("../secrets/store.ts"),
  ]);
  const store = openSecretStore(storeOptions(ctx.machine, id));
  const result = secretsDoctorCheck({ connectorId: id, names, store });
  return result ? [{ ...result, connectorId: id, fixable: false }] : [];
}

/** The logins check of a connector that declares `oauth` logins (no network). */
export async function loginsCheck(
  id: string,
  logins: NonNullable<ResolvedConnector["oauth"]>,
  ctx: CliContext,
): Promise<Finding[]> {
  const [{ loginsDoctorCheck }, { openSecretStore }] = await Promise.all([
    importLazily<typeof import("../oauth/doctor_check.ts")>(
      "../oauth/doctor_check.ts",
      import.meta.url,
    ),
    import("../secrets/store.ts"),
  ]);
  const store = openSecretStore(storeOptions(ctx.machine, id));
  const result = loginsDoctorCheck({ connectorId: id, logins, store });
  return result ? [{ ...result, connectorId: id, fixable: false }] : [];
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * `<id>: logins record`: warns when the registry record's login definitions
 * (what `auth --connector-id` and `getAccessToken` without `def` read) are
 * missing or differ from the config module's. Nothing when they agree.
 */
export function loginsRecordCheck(
  id: string,
  record: { oauth?: ResolvedConnector["oauth"] },
  connector: ResolvedConnector | undefined,
): Finding[] {
  const declared = connector?.oauth ?? {};
  if (!connector || (Object.keys(declared).length === 0 && !record.oauth)) return [];
  const problem = !record.oauth
    ? "the registry record holds no login definitions"
    : canonical(record.oauth) !== canonical(declared)
    ? "the registry record's login definitions differ from the config module's"
    : undefined;
  if (!problem) return [];
  return [{
    check: `${id}: logins record`,
    status: "warn",
    message: `${problem} — auth --connector-id and getAccessToken without def read the record`,
    fix: "run `agent-connector upgrade`",
    fixable: false,
    connectorId: id,
  }];
}
