// The import graph's rules (docs/decisions/033-import-floors.md), checked by `npm run lint` with dependency-cruiser.
// Type-only imports count like any other: a type ties two modules together all the same (of the two circles issue 32
// found, one ran through a type). Tests (`*.test.ts`, `*.int.test.ts`) sit above everything: they may import what
// they test from anywhere, nothing may import them, and the circle rule holds for them too.

/**
 * lib's floors, bottom to top (docs/architecture.md#how-lib-is-layered). A module imports from its own floor and the
 * floors below it, never from one above. Each name is a folder of lib, or a file at lib's root without `.ts`.
 */
const FLOORS = [
  {
    name: "ground",
    comment: "values and rules that need nothing but each other: no database, no domain",
    folders: ["env", "log", "errors", "limits", "ids", "pagination", "process-singleton", "text", "crypto", "keys", "net", "terminal", "docs"],
  },
  {
    name: "db",
    comment: "the database: connections, SQL, migrations, the Prisma client",
    folders: ["db", "generated"],
  },
  {
    name: "platform",
    comment: "what the domain runs on: the person acting, audit, security events, metrics, jobs, settings, the encoder",
    folders: ["people", "audit", "security", "metrics", "jobs", "deployment", "embeddings", "health"],
  },
  {
    name: "domain",
    comment: "the services, one verb per file; folders of this floor call each other (the circle rule still holds)",
    folders: [
      "agents",
      "attachments",
      "bots",
      "chat",
      "consent",
      "contacts",
      "conversations",
      "drafts",
      "forms",
      "memory",
      "messages",
      "notifications",
      "policy",
      "privacy",
      "retention",
      "schemas",
      "sessions",
      "factors",
      "throttle",
      "tokens",
      "webhooks",
      "workspaces",
    ],
  },
  {
    name: "doors",
    comment: "what calls the domain from outside: the HTTP wrappers, sign-in, OAuth, MCP, the OpenAPI parts, the seed",
    folders: ["http", "auth", "oauth", "mcp", "openapi", "seed"],
  },
];

const TESTS = "\\.test\\.tsx?$";
const inLib = (folders) => `^lib/(${folders.join("|")})(/|\\.tsx?$)`;
const everyFolder = FLOORS.flatMap((floor) => floor.folders);
/** The modules under `path` but their tests. */
const codeIn = (path) => ({ path, pathNot: TESTS });
/** A rule that fails lint: no dependency goes from `from` to `to`. */
const forbid = (name, comment, from, to) => ({ name, comment, severity: "error", from, to });
/** The repository's other folders of code: the processes, the CLI, the tools, the SDK and its example, the tests. */
const REST = "^(jobs|inngest|cli|scripts|sdk|examples|test|e2e|bench)/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid(
      "no-circular",
      "No module reaches itself through its imports, type-only imports included",
      {},
      { circular: true },
    ),
    forbid(
      "lib-not-to-app",
      "lib is the domain, knowing nothing of pages and routes: app imports lib, never the other way",
      codeIn("^lib/"),
      { path: "^app/" },
    ),
    forbid(
      "lib-not-to-components",
      "lib knows nothing of React: what a component and lib share lives in lib",
      codeIn("^lib/"),
      { path: "^components/" },
    ),
    forbid(
      "lib-not-to-outside",
      "lib is the bottom of the repository: the processes, the CLI, the SDK and the tools import it",
      codeIn("^lib/"),
      { path: `${REST}|^[^/]+\\.[cm]?tsx?$` },
    ),
    forbid(
      "components-not-to-app",
      "A component gets what it acts with (server actions, data) from its page, as props",
      codeIn("^components/"),
      { path: "^app/" },
    ),
    forbid("components-not-to-outside", "Components stand on lib alone", codeIn("^components/"), { path: REST }),
    forbid(
      "not-to-tests",
      "What runs in production never loads test code: the tests' helpers (test/), the browser tests (e2e/) and the " +
        "benchmarks (bench/). scripts/mcp-conformance.ts is itself a test (npm run test:mcp-conformance).",
      {
        path: "^(app|components|lib|jobs|inngest|cli|scripts|sdk)/|^[^/]+\\.tsx?$",
        pathNot: [TESTS, "^scripts/mcp-conformance\\.ts$"],
      },
      { path: "^(test|e2e|bench)/" },
    ),
    forbid(
      "not-to-test-files",
      "A test file is run, never imported: its suites would run again inside the importer",
      {},
      { path: TESTS },
    ),
    forbid(
      "sdk-self-contained",
      "The SDK is published on its own (sdk/package.json): it imports nothing of Relay's outside sdk/",
      codeIn("^sdk/"),
      { pathNot: ["^sdk/", "(^|/)node_modules/"], dependencyTypesNot: ["core"] },
    ),
    // lib's floors: nothing from a floor to the floors above it.
    ...FLOORS.slice(0, -1).map((floor, index) =>
      forbid(
        `lib-floor-${floor.name}`,
        `lib's ${floor.name} floor (${floor.comment}) imports nothing from the floors above it`,
        codeIn(inLib(floor.folders)),
        { path: inLib(FLOORS.slice(index + 1).flatMap((above) => above.folders)) },
      ),
    ),
    forbid(
      "lib-on-a-floor",
      "Every module of lib sits on one of the floors above (FLOORS): a new folder is given its floor",
      { path: "^lib/", pathNot: [TESTS, inLib(everyFolder)] },
      {},
    ),
    forbid(
      "lib-imports-from-a-floor",
      "Every module of lib that is imported sits on a floor (FLOORS)",
      {},
      {
        path: "^lib/",
        pathNot: inLib(everyFolder),
      },
    ),
  ],
  options: {
    // Prisma's generated client is cruised as one of the db floor's modules, not read through.
    doNotFollow: { path: ["(^|/)node_modules/", "^lib/generated/"] },
    exclude: { path: ["(^|/)node_modules/", "^\\.next/", "^\\.data/", "^sdk/dist/", "^bench/out/", "^test-results/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
  },
};
