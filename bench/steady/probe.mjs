// Loaded into the app server by bench/steady (SERVER_NODE_ARGS=--import <this file>): once a second, appends the
// second's event-loop delay (max, p99) and garbage collection (pauses, total and longest, by kind) to
// STEADY_PROBE_OUT as a JSON line. Benchmark-only: nothing of the product loads it.
import { monitorEventLoopDelay, PerformanceObserver, constants } from "node:perf_hooks";
import { appendFileSync } from "node:fs";

const out = process.env.STEADY_PROBE_OUT;
if (out) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const empty = () => ({ count: 0, ms: 0, maxMs: 0, minor: 0, major: 0 });
  let gc = empty();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count++;
      gc.ms += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
      if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) gc.major++;
      else gc.minor++;
    }
  }).observe({ entryTypes: ["gc"] });
  setInterval(() => {
    const line = { t: Date.now(), eldMaxMs: delay.max / 1e6, eldP99Ms: delay.percentile(99) / 1e6, gc };
    delay.reset();
    gc = empty();
    appendFileSync(out, `${JSON.stringify(line)}\n`);
  }, 1000).unref();
}
