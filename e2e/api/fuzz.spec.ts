import { expect, test } from "@playwright/test";
import { runFuzz } from "../../test/security/fuzz/run";

// The adversarial fuzz's fast slice (test/security/README.md): 100 hostile requests per operation of the served
// OpenAPI document against the built server, on a server of its own (fresh database, no job worker, so nothing but
// these requests writes while the fuzz watches). `npm run test:security` is the full run (1,000 per operation).

test("fuzz: 100 hostile requests per operation: documented answers, JSON errors with X-Request-Id, nothing written", async () => {
  test.setTimeout(15 * 60_000);
  const seed = Number(process.env.FUZZ_SEED ?? 20261125);
  const runs = Number(process.env.FUZZ_RUNS ?? 100);
  const report = await runFuzz({ runs, seed, dataDir: ".data/e2e-fuzz", shrinkBudgetMs: 90_000 });
  console.log(report.text);
  expect(
    report.figures.every((figure) => figure.tried >= runs),
    `at least ${runs} requests per operation`,
  ).toBe(true);
  const failed = [
    ...report.checks.filter((check) => !check.ok).map((check) => `${check.name}: ${check.detail}`),
    ...report.failures.map((f) => `${f.operation}: ${f.kind} (${f.detail})`),
  ];
  expect(failed, report.text).toEqual([]);
});
