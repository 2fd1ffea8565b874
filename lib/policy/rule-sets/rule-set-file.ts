import { parseDocument, stringify } from "yaml";
import { ApiError } from "@/lib/errors";

// A rule set as a file (issue 33: `policy rules export|import`, and the editor's text): YAML or JSON, the same schema
// (lib/policy/custom/rule-set.ts), `{ rules: [...] }`. JSON is YAML's subset, so one parser reads both; the yaml
// package (eemeli/yaml) refuses what a hostile file could use: more than 100 aliases (a "billion laughs"), duplicate
// keys, and anything but plain data (custom tags). What it reads is only parsed here; validateRuleSet judges it.

/** A rule-set file larger than this is refused unread: 200 rules fit many times over. */
export const RULE_SET_FILE_MAX_BYTES = 1_000_000;

export type RuleSetFormat = "yaml" | "json";

/** The data of a rule-set file's text, or a 422 naming the line where it stops making sense. */
export function parseRuleSetText(text: string): unknown {
  if (Buffer.byteLength(text, "utf8") > RULE_SET_FILE_MAX_BYTES)
    throw new ApiError("invalid_body", `A rule-set file is at most ${RULE_SET_FILE_MAX_BYTES.toLocaleString("en-US")} bytes`);
  const document = parseDocument(text, { uniqueKeys: true, customTags: [], prettyErrors: true });
  const problem = document.errors[0];
  if (problem) {
    const where = problem.linePos?.[0] ? ` (line ${problem.linePos[0].line}, column ${problem.linePos[0].col})` : "";
    throw new ApiError("invalid_body", `The file is not valid YAML or JSON${where}: ${firstLine(problem.message)}`);
  }
  try {
    return document.toJS({ maxAliasCount: 100 });
  } catch (error) {
    throw new ApiError("invalid_body", `The file is not valid YAML or JSON: ${firstLine((error as Error).message)}`);
  }
}

const firstLine = (message: string) => message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "");

/** A rule set as a file's text, with a header saying what it is. */
export function ruleSetText(rules: unknown, { format, header }: { format: RuleSetFormat; header: string }): string {
  if (format === "json") return `${JSON.stringify(rules, null, 2)}\n`;
  const comment = header
    .split("\n")
    .map((line) => `# ${line}`)
    .join("\n");
  return `${comment}\n${stringify(rules, { lineWidth: 0 })}`;
}
