/**
 * `usage report --format html`: one self-contained HTML file (no script, no
 * network: inline CSS and SVG drawn here) with tokens and cost per day
 * stacked by host, each model's share, and the top projects. Every drawn
 * number carries its value in `data-*` attributes (`data-kind`,
 * `data-tokens`, `data-cost`, …) taken from the same rows `--json` prints
 * (`render.ts` {@link rowJson}), so a test can read them back from a
 * browser's DOM and compare them with `--json`.
 *
 * @module
 */

import type { UsageRowJson } from "./render.ts";
import { money, num } from "./render.ts";
import { shortProject } from "./report_view.ts";

/** What the HTML report shows. */
export interface HtmlReportData {
  /** When it was made (ISO-8601). */
  generated: string;
  /** The zone days are in. */
  timeZone: string;
  /** The price table's version. */
  pricesVersion: string;
  /** The window, ISO-8601, when one was asked for. */
  since: string | null;
  /** The window's end, ISO-8601, when one was asked for. */
  until: string | null;
  /** Rows by day, each with its platforms as `breakdown`. */
  days: UsageRowJson[];
  /** Rows by model, costliest first. */
  models: UsageRowJson[];
  /** Rows by project, costliest first. */
  projects: UsageRowJson[];
  /** The totals. */
  totals: UsageRowJson;
  /** Requests nobody priced, by model. */
  unpricedModels: Record<string, number>;
  /** The home folder, shown as `~`. */
  home?: string;
}

const PALETTE = [
  "#4e79a7",
  "#f28e2b",
  "#e15759",
  "#76b7b2",
  "#59a14f",
  "#edc948",
  "#b07aa1",
  "#ff9da7",
  "#9c755f",
  "#bab0ac",
];

/** Escapes text for HTML content and attribute values. */
export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const cost = (r: UsageRowJson) => r.costUsd === undefined ? "" : String(r.costUsd);
const fmt = (n: number) => Number(n.toFixed(2)).toString();

/** The stacked bars of tokens or cost per day, one colour a host. */
function dayChart(
  data: HtmlReportData,
  measure: "tokens" | "cost",
  colours: Map<string, string>,
): string {
  const W = 960, H = 240, left = 70, bottom = 40, top = 10;
  const value = (r: UsageRowJson) => measure === "tokens" ? r.total : r.costUsd ?? 0;
  const max = Math.max(0, ...data.days.map(value));
  const n = Math.max(1, data.days.length);
  const step = (W - left - 10) / n;
  const barW = Math.max(2, step * 0.8);
  const scale = (v: number) => max > 0 ? (v / max) * (H - top - bottom) : 0;
  const label = (v: number) => measure === "tokens" ? num(Math.round(v)) : money(v);
  const parts: string[] = [];
  for (const tick of [0, 0.5, 1]) {
    const y = H - bottom - scale(max * tick);
    parts.push(
      `<line x1="${left}" x2="${W - 10}" y1="${fmt(y)}" y2="${fmt(y)}" class="grid"/>`,
      `<text x="${left - 6}" y="${fmt(y + 4)}" text-anchor="end">${esc(label(max * tick))}</text>`,
    );
  }
  data.days.forEach((day, i) => {
    const x = left + i * step + (step - barW) / 2;
    let y = H - bottom;
    // Stacked in one host order every day, so a colour stays at its height.
    const stack = [...(day.breakdown ?? [])].sort((a, b) => (a.key < b.key ? -1 : 1));
    for (const host of stack) {
      const h = scale(value(host));
      y -= h;
      parts.push(
        `<rect x="${fmt(x)}" y="${fmt(y)}" width="${fmt(barW)}" height="${fmt(h)}" ` +
          `fill="${colours.get(host.key)}" data-kind="day-${measure}" data-day="${esc(day.key)}" ` +
          `data-platform="${esc(host.key)}" data-tokens="${host.total}" data-cost="${
            cost(host)
          }">` +
          `<title>${
            esc(
              `${day.key} ${host.key}: ${num(host.total)} tokens, ${
                money(host.costUsd, host.unpriced)
              }`,
            )
          }</title></rect>`,
      );
    }
    if (n <= 31 || i % Math.ceil(n / 31) === 0) {
      parts.push(
        `<text x="${fmt(x + barW / 2)}" y="${H - bottom + 14}" text-anchor="end" ` +
          `transform="rotate(-40 ${fmt(x + barW / 2)} ${H - bottom + 14})">${
            esc(day.key.slice(5))
          }</text>`,
      );
    }
  });
  return `<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${measure} per day by host">` +
    parts.join("") + "</svg>";
}

/** One 100 % bar of each model's share, with a table beside it. */
function modelShare(data: HtmlReportData, colours: string[]): string {
  const byCost = data.models.some((m) => m.costUsd !== undefined);
  const value = (r: UsageRowJson) => byCost ? r.costUsd ?? 0 : r.total;
  const all = data.models.reduce((n, m) => n + value(m), 0);
  const W = 960;
  let x = 0;
  const rects: string[] = [];
  const rows: string[] = [];
  data.models.forEach((m, i) => {
    const share = all > 0 ? value(m) / all : 0;
    const colour = colours[i % colours.length];
    if (share > 0) {
      rects.push(
        `<rect x="${fmt(x)}" y="0" width="${fmt(share * W)}" height="28" fill="${colour}">` +
          `<title>${esc(`${m.key}: ${(share * 100).toFixed(1)} %`)}</title></rect>`,
      );
      x += share * W;
    }
    rows.push(
      `<tr data-kind="model" data-model="${esc(m.key)}" data-tokens="${m.total}" ` +
        `data-cost="${cost(m)}" data-share="${(share * 100).toFixed(1)}">` +
        `<td><span class="swatch" style="background:${colour}"></span>${esc(m.key)}</td>` +
        `<td class="n">${(share * 100).toFixed(1)} %</td><td class="n">${num(m.total)}</td>` +
        `<td class="n">${money(m.costUsd, m.unpriced)}</td></tr>`,
    );
  });
  return `<p class="sub">Share of ${byCost ? "cost" : "tokens"}</p>` +
    `<svg viewBox="0 0 ${W} 28" role="img" aria-label="share by model">${rects.join("")}</svg>` +
    `<table><thead><tr><th>Model</th><th>Share</th><th>Tokens</th><th>Cost</th></tr></thead>` +
    `<tbody>${rows.join("")}</tbody></table>`;
}

/** The ten costliest projects as horizontal bars. */
function topProjects(data: HtmlReportData): string {
  const top = data.projects.slice(0, 10);
  const byCost = top.some((p) => p.costUsd !== undefined);
  const value = (r: UsageRowJson) => byCost ? r.costUsd ?? 0 : r.total;
  const max = Math.max(0, ...top.map(value));
  const W = 960, rowH = 26, labelW = 300;
  const parts = top.map((p, i) => {
    const w = max > 0 ? (value(p) / max) * (W - labelW - 220) : 0;
    const y = i * rowH;
    return `<g data-kind="project" data-project="${esc(p.key)}" data-tokens="${p.total}" ` +
      `data-cost="${cost(p)}"><title>${esc(p.key)}</title>` +
      `<text x="${labelW - 8}" y="${y + 17}" text-anchor="end">${
        esc(shortProject(p.key, data.home).slice(-40))
      }</text>` +
      `<rect x="${labelW}" y="${y + 4}" width="${fmt(w)}" height="${rowH - 8}" fill="${
        PALETTE[0]
      }"/>` +
      `<text x="${fmt(labelW + w + 6)}" y="${y + 17}">${
        esc(`${money(p.costUsd, p.unpriced)} · ${num(p.total)} tokens`)
      }</text></g>`;
  });
  return `<svg viewBox="0 0 ${W} ${Math.max(rowH, top.length * rowH)}" role="img" ` +
    `aria-label="top projects">${parts.join("")}</svg>`;
}

/** The whole report as one HTML document. */
export function htmlReport(data: HtmlReportData): string {
  const hosts: string[] = [];
  for (const d of data.days) {
    for (const h of d.breakdown ?? []) if (!hosts.includes(h.key)) hosts.push(h.key);
  }
  hosts.sort();
  const colours = new Map(hosts.map((h, i) => [h, PALETTE[i % PALETTE.length]]));
  const legend = hosts.map((h) =>
    `<span class="key"><span class="swatch" style="background:${colours.get(h)}"></span>${
      esc(h)
    }</span>`
  ).join("");
  const window = data.since || data.until
    ? ` · ${esc(data.since ?? "…")} to ${esc(data.until ?? "now")}`
    : "";
  const t = data.totals;
  const unpriced = Object.entries(data.unpricedModels);
  const note = unpriced.length === 0
    ? ""
    : `<p class="note">No price for ${
      esc(unpriced.map(([m, n]) => `${m || "(no model logged)"} (${n})`).join(", "))
    }: their cost is not included.</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Agent usage report</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:24px auto;max-width:1000px;color:#222}
h1{font-size:22px;margin:0 0 4px}h2{font-size:16px;margin:28px 0 8px}
.sub,.meta{color:#666;margin:4px 0}svg{width:100%;height:auto;display:block}
svg text{font-size:11px;fill:#444}.grid{stroke:#ddd}
table{border-collapse:collapse;margin-top:8px;width:100%}
td,th{padding:3px 8px;border-bottom:1px solid #eee;text-align:left}.n{text-align:right}
.swatch{display:inline-block;width:10px;height:10px;margin-right:6px;border-radius:2px}
.key{margin-right:14px}.totals{display:flex;gap:32px;margin:12px 0}
.totals div{font-size:20px}.totals small{display:block;font-size:12px;color:#666}
.note{color:#a33}
</style></head><body>
<h1>Agent usage report</h1>
<p class="meta">Days in ${esc(data.timeZone)}${window} · prices ${esc(data.pricesVersion)} · made ${
    esc(data.generated)
  }</p>
<div class="totals" data-kind="totals" data-tokens="${t.total}" data-cost="${
    cost(t)
  }" data-requests="${t.requests}">
<div>${num(t.total)}<small>tokens</small></div>
<div>${money(t.costUsd, t.unpriced)}<small>cost</small></div>
<div>${num(t.requests)}<small>requests</small></div></div>
${note}
<h2>Tokens per day, by host</h2><p class="sub">${legend}</p>
${dayChart(data, "tokens", colours)}
<h2>Cost per day, by host</h2><p class="sub">${legend}</p>
${dayChart(data, "cost", colours)}
<h2>Share by model</h2>
${modelShare(data, PALETTE)}
<h2>Top projects</h2>
${topProjects(data)}
</body></html>
`;
}
