/**
 * The YAML format for one entry set into a YAML file that does not exist
 * yet or is empty (Continue's `config.yaml` on a first install), when
 * core/yaml_fresh.ts can write the new document: the run then never loads
 * the `yaml` package. The text is the one core/edit_yaml.ts would write.
 *
 * @module
 */

import { freshYamlDocument } from "../core/yaml_fresh.ts";
import { type DocFormat, emptyDocFormat } from "./_doc_format.ts";
import type { Edit } from "./edits.ts";

/**
 * A format bound to edit `e` on a file whose text is `text`, or undefined
 * when `e` is not a YAML set into an empty file or its document is outside
 * what core/yaml_fresh.ts renders.
 */
export function freshYamlFormat(e: Edit, text: string | undefined): DocFormat | undefined {
  if (text !== undefined && text !== "") return undefined;
  if ((e.op !== "yaml.set" && e.op !== "yaml.item.set") || e.path.length === 0) return undefined;
  let doc: unknown = e.op === "yaml.item.set" ? [e.value] : e.value;
  for (let i = e.path.length - 1; i >= 0; i--) doc = { [e.path[i]]: doc };
  const rendered = freshYamlDocument(doc as Record<string, unknown>);
  if (rendered === undefined) return undefined;
  // What edit_yaml reports: the parents it made and, for an item, the list.
  const created = e.path.slice(0, -1).map((_, i) => e.path.slice(0, i + 1));
  if (e.op === "yaml.item.set") created.push([...e.path]);
  return emptyDocFormat("YAML", () => ({ text: rendered, created: created.map((p) => [...p]) }));
}
