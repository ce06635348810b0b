/**
 * The actions surface at install (spec §2.6): no host in the registry has a
 * verified native trigger yet, so each declared action is one `!` record
 * naming the host and the dispatch command that runs it anyway — never
 * dropped silently.
 *
 * @module
 */

import { emptyPlan, note, type PlanPart, type SurfaceInput } from "./_plan_types.ts";

/** Plans the actions of one host: a `!` per action the host cannot show. */
export function planActions(input: SurfaceInput): PlanPart {
  const { adapter, connector } = input;
  const plan = emptyPlan();
  for (const action of connector?.actions ?? []) {
    plan.notes.push(note(
      input,
      "warn",
      `action ${action.id}: not installed — ${adapter.name} has no verified action trigger; run \`agent-connector action ${adapter.id} ${action.id} --connector ${input.connectorId}\``,
    ));
  }
  return plan;
}
