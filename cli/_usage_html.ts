/**
 * `usage report --format html --out <file>`: computes the three views the
 * HTML report draws (days with their hosts, models, projects) through the
 * same report job as `--json` (`usage/_report_job.ts`), so its numbers are
 * the ones `--json` prints, and writes the page (`usage/html_report.ts`).
 *
 * @module
 */

import type { CliContext } from "./_context.ts";
import type { ReportJob } from "../usage/_report_job.ts";
import type { ScanProgress } from "../usage/scan.ts";
import type { UsageProblem } from "../core/types.ts";

/** Writes the HTML report of `job` (its `by` is ignored) to `out`. */
export async function writeHtmlReport(
  ctx: CliContext,
  out: string,
  job: ReportJob,
  onProgress?: (progress: ScanProgress) => void,
): Promise<void> {
  const [{ runReport }, { rowJson }, { htmlReport }, { writeOutFile }] = await Promise.all([
    import("../usage/_report_job.ts"),
    import("../usage/render.ts"),
    import("../usage/html_report.ts"),
    import("./_out_file.ts"),
  ]);
  // One after another: the first reads the logs, the others use what it kept.
  const days = await runReport({ ...job, by: "day", breakdown: "platform" }, onProgress);
  const models = await runReport({ ...job, by: "model" });
  const projects = await runReport({ ...job, by: "project" });
  const problems = new Map<string, UsageProblem>();
  for (const p of days.result.problems) problems.set(`${p.platform}\0${p.path}\0${p.line}`, p);
  for (const p of problems.values()) {
    const where = p.line ? `${p.path}:${p.line}` : p.path;
    ctx.stderr.write(`warning: ${p.platform}: ${where}: ${p.message}\n`);
  }
  const html = htmlReport({
    generated: new Date().toISOString(),
    timeZone: days.result.timeZone,
    pricesVersion: days.pricesVersion,
    since: job.since === undefined ? null : new Date(job.since).toISOString(),
    until: job.until === undefined ? null : new Date(job.until).toISOString(),
    days: days.result.rows.map(rowJson),
    models: models.result.rows.map(rowJson),
    projects: projects.result.rows.map(rowJson),
    totals: rowJson(days.result.totals),
    unpricedModels: days.result.unpricedModels,
    home: ctx.machine.home,
  });
  writeOutFile(out, html);
  ctx.stderr.write(`wrote the HTML report to ${out}\n`);
}
