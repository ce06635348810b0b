/**
 * The host usage layer (spec §5): read-only readers of each agent host's own
 * session logs, an incremental deduplicating scan, aggregation, cost.
 *
 * - {@link scanUsage}: one deduplicated {@link UsageRecord} per request, skip
 *   notes and problems. {@link listUsage} lists and stats the sources first
 *   (reading none) and gives a fingerprint to key kept results by.
 * - {@link aggregateUsage}: rows by platform | project | session | model | day
 *   | week | month, within a time window, each with its models (`breakdown`).
 * - {@link hostLeaderboard}: the 🖥️ host board and `hostSkipped` for the
 *   unified `leaderboard` command.
 * - {@link loadPriceTable}, {@link recordCost}, {@link findPrice}: pricing from
 *   the shipped LiteLLM snapshot or `AGENT_CONNECTOR_PRICES`.
 * - The reader contract ({@link UsageReader}) for adding a host.
 *
 * @example
 * ```ts
 * import { aggregateUsage, loadPriceTable, scanUsage } from "./mod.ts";
 * import { currentMachineEnv } from "../io/machine_env.ts";
 * const { records } = await scanUsage({ machine: currentMachineEnv() });
 * const prices = await loadPriceTable(currentMachineEnv().env);
 * const { rows, unpricedModels } = aggregateUsage(records, "model", { prices });
 * ```
 *
 * @module
 */

export { HOST_IDS, type HostId } from "../core/platform_types.ts";
export type { MachineEnv, OsName } from "../io/machine_env.ts";
export type { UsageRowJson } from "./render.ts";
export type {
  UsageConfidence,
  UsageGroupBy,
  UsageProblem,
  UsageRecord,
  UsageSkipNote,
  UsageTokens,
} from "../core/usage_types.ts";
export {
  listUsage,
  type ScanOptions,
  type ScanProgress,
  type ScanResult,
  scanUsage,
  type UsageListing,
} from "./scan.ts";
export {
  type AggregateOptions,
  aggregatePart,
  aggregateTables,
  aggregateUsage,
  dayOf,
  type GroupPart,
  mergeParts,
  type UsagePart,
  type UsageRow,
} from "./aggregate.ts";
export {
  type IndexColumn,
  type NumberColumn,
  recordAt,
  recordsOf,
  type RecordTable,
} from "./table.ts";
export {
  type CostSource,
  findPrice,
  loadPriceTable,
  type ModelPrice,
  priceCandidates,
  type PriceTable,
  recordCost,
} from "./cost.ts";
export {
  type HostBoard,
  type HostBoardOptions,
  type HostBoardRow,
  hostLeaderboard,
  rankRows,
} from "./leaderboard.ts";
export type {
  DecodeSink,
  LineDecoder,
  PickSpec,
  ReaderRecord,
  SourceLister,
  UsageReader,
  UsageSource,
} from "./reader.ts";
export { readerIds } from "./readers/registry.ts";
export { totalInput, totalTokens } from "./tokens.ts";
