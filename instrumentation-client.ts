import { config } from "zod/v4/core";

// Runs in the browser before the app's own modules (Next's instrumentation-client convention). The pages' policy
// forbids eval (no 'unsafe-eval': docs/decisions/017-security-headers.md), and zod, which the forms use to check
// input, would probe for it with `new Function("")` when its first object schema is built: the probe fails quietly,
// but the browser still reports a policy violation. Jitless, zod never probes and parses without compiling.
// The server keeps zod's compiled parsers (the policy does not apply there).
config({ jitless: true });
