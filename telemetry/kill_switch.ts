/**
 * The global telemetry kill switch (spec §5): `AGENT_CONNECTOR_TELEMETRY=0`
 * (also `false`, `off`, `no`) turns every row off. Its own module, free of
 * imports, so the hook runtime checks it without loading the settings reader.
 *
 * @module
 */

/** True when the environment turns telemetry off globally. */
export function telemetryKilled(env: Record<string, string | undefined>): boolean {
  const v = env.AGENT_CONNECTOR_TELEMETRY?.trim().toLowerCase();
  return v === "0" || v === "false" || v === "off" || v === "no";
}
