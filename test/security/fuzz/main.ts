import { runFuzz } from "./run";

// `npm run test:security`: the full fuzz, FUZZ_RUNS (default 1,000) requests per operation against the built server
// (`npm run build` first). FUZZ_SEED replays a run; FUZZ_ONLY=sendMessage,createDraft limits it to operations.
// Exits 1 when anything failed.

const runs = Number(process.env.FUZZ_RUNS ?? 1000);
const seed = Number(process.env.FUZZ_SEED ?? 20261125);
const only = process.env.FUZZ_ONLY?.split(",").filter(Boolean);

runFuzz({
  runs,
  seed,
  only,
  dataDir: ".data/fuzz",
  shrinkBudgetMs: Number(process.env.FUZZ_SHRINK_SECONDS ?? 180) * 1000,
  log: (line) => console.log(line),
})
  .then((report) => {
    console.log(`\n${report.text}`);
    process.exit(report.failures.length || report.checks.some((c) => !c.ok) ? 1 : 0);
  })
  .catch((error: Error) => {
    console.error(error);
    process.exit(1);
  });
