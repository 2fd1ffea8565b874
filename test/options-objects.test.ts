import { readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "./source-files";

// An exported function takes at most two parameters: what it acts as or on (the actor, the bot, a transaction) and
// one named options object for the rest (issue 32, item 4; docs/style.md "Options objects"). A call then says what
// each argument is (`sendMessage(bot, { conversationId, input })`), and a new option is added without touching every
// caller. This test reads every exported function of the code that runs in production and fails on one with three or
// more parameters, unless ALLOWED names it with its reason.

const ROOTS = ["app", "lib", "components", "jobs", "cli", "inngest", "scripts"];

/** Exported functions whose parameters are fixed by something other than us, each with its reason. */
const ALLOWED: { file: string; name: string; why: string }[] = [];

interface Found {
  file: string;
  name: string;
  parameters: number;
}

/** The exported functions of `file` (declarations and `export const f = (...) =>`) and their parameter counts. */
export function exportedFunctions(file: string, text: string): Found[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const exported = (node: ts.Node) =>
    ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const found: Found[] = [];
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name && exported(statement))
      found.push({ file, name: statement.name.text, parameters: statement.parameters.length });
    if (ts.isVariableStatement(statement) && exported(statement))
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)))
          found.push({ file, name: declaration.name.getText(source), parameters: init.parameters.length });
      }
  }
  return found;
}

describe("options objects", () => {
  const functions = ROOTS.flatMap(sourceFiles).flatMap((file) => exportedFunctions(file, readFileSync(file, "utf8")));

  it("reads the real source tree", () => {
    expect(functions.length).toBeGreaterThan(500);
    expect(functions).toContainEqual(
      expect.objectContaining({ file: "lib/messages/send-message.ts", name: "sendMessage" }),
    );
  });

  it("finds a function of three positional parameters, and not one that takes an options object", () => {
    const text = "export function a(x: 1, y: 2, z: 3) {}\nexport const b = (x: 1, { y, z }: { y: 2; z: 3 }) => 0;";
    expect(exportedFunctions("t.ts", text)).toEqual([
      { file: "t.ts", name: "a", parameters: 3 },
      { file: "t.ts", name: "b", parameters: 2 },
    ]);
  });

  it("no exported function takes three or more parameters", () => {
    const offenders = functions
      .filter((f) => f.parameters >= 3)
      .filter((f) => !ALLOWED.some((allowed) => allowed.file === f.file && allowed.name === f.name))
      .map((f) => `${f.file}: ${f.name} (${f.parameters})`);
    expect(offenders).toEqual([]);
  });

  it("every allowance is still needed", () => {
    const unused = ALLOWED.filter(
      (allowed) => !functions.some((f) => f.file === allowed.file && f.name === allowed.name && f.parameters >= 3),
    );
    expect(unused).toEqual([]);
  });
});
