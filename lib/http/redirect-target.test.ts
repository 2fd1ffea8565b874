import { readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { sameOriginPath } from "./redirect-target";

// One table of redirect targets for the one judge (lib/http/redirect-target.ts) and for the service worker's copy of
// its rules (public/sw.js `appPath`, which cannot import it): both must give the same answer to every target.

const APP = "http://localhost:3000";

/** Targets that must never leave the site, or that no browser should be sent to. */
const REFUSED: [string, unknown][] = [
  ["a tab the browser drops (issue 31: /\\t/evil.example became //evil.example)", "/\t/evil.example"],
  ["its encoded form", "/%09/evil.example"],
  ["a newline (500 on the sign-in page before: ERR_INVALID_CHAR)", "/\n/x"],
  ["an encoded newline", "/%0a/x"],
  ["a carriage return", "/\r/evil.example"],
  ["a leading tab", "\t//evil.example"],
  ["a C1 control", "/\u0085/x"],
  ["DEL", "/\u007f/x"],
  ["an encoded DEL", "/%7f/x"],
  ["a NUL", "/\u0000x"],
  ["a protocol-relative URL", "//evil.example"],
  ["three slashes", "///evil.example"],
  ["a backslash (read as a slash)", "/\\evil.example"],
  ["two backslashes", "\\\\evil.example"],
  ["an encoded backslash", "/%5cevil.example"],
  ["encoded slashes", "/%2f%2fevil.example"],
  ["an encoded slash, upper case", "/%2F/evil.example"],
  ["a dot segment that leaves // behind", "/.//evil.example"],
  ["dot-dot segments that leave // behind", "/x/../..//evil.example"],
  ["another origin", "https://evil.example/chat"],
  ["another port of our host", "http://localhost:3001/chat"],
  ["another scheme of our host", "https://localhost:3000/chat"],
  ["credentials before another host", "http://localhost:3000@evil.example/"],
  ["credentials on our origin", "http://user:secret@localhost:3000/chat"],
  ["a leading space before //", " //evil.example"],
  ["javascript:", "javascript:alert(1)"],
  ["data:", "data:text/html,<script>alert(1)</script>"],
  ["an unpaired surrogate", "/chat/\ud800"],
  ["an empty string", ""],
  ["not a string", 42],
  ["null", null],
  ["an array", ["/chat"]],
];

/** Targets on this site, and the path a browser is sent to. */
const KEPT: [string, string, string][] = [
  ["a path", "/chat", "/chat"],
  ["a path with a query and a fragment", "/chat/acme/c/1?x=1#m", "/chat/acme/c/1?x=1#m"],
  ["the root", "/", "/"],
  ["an absolute URL on our origin", `${APP}/developers`, "/developers"],
  ["an ideographic space, encoded (500 before: ERR_INVALID_CHAR)", "/\u3000/x", "/%E3%80%80/x"],
  ["its encoded form, as it came", "/%E3%80%80/x", "/%E3%80%80/x"],
  ["an accented letter", "/chat/é", "/chat/%C3%A9"],
  ["a space", "/a b", "/a%20b"],
  ["dot segments that stay inside", "/chat/../developers", "/developers"],
  ["the provider's returnTo", `${APP}/oauth/authorize/abc-123`, "/oauth/authorize/abc-123"],
  ["a sign-in link, its callbackUrl encoded", "/sign-in?callbackUrl=%2Foauth%2Fconsent%2Fabc", "/sign-in?callbackUrl=%2Foauth%2Fconsent%2Fabc"],
  ["an encoded control in a query value", "/chat?q=%0a", "/chat?q=%0a"],
  ["a relative path (resolved on the root)", "developers", "/developers"],
];

/** public/sw.js's `appPath`, run in a context whose `self` is a worker of APP's origin. */
function serviceWorkerAppPath(): (value: unknown) => string {
  const source = readFileSync(path.join(process.cwd(), "public/sw.js"), "utf8");
  const self = { location: { origin: APP }, addEventListener: () => {} };
  const context = vm.createContext({ self, URL });
  vm.runInContext(`${source}\nthis.appPath = appPath; this.FALLBACK_PATH = FALLBACK_PATH;`, context);
  const { appPath, FALLBACK_PATH } = context as unknown as { appPath: (v: unknown) => string; FALLBACK_PATH: string };
  return (value) => {
    const answer = appPath(value);
    return answer === FALLBACK_PATH && value !== FALLBACK_PATH ? "(fallback)" : answer;
  };
}

describe("sameOriginPath: the one judge of redirect targets", () => {
  it.each(REFUSED)("refuses %s", (_what, target) => {
    expect(sameOriginPath(target, APP)).toBeNull();
  });

  it.each(KEPT)("keeps %s", (_what, target, expected) => {
    expect(sameOriginPath(target, APP)).toBe(expected);
  });

  it("never answers a path a browser could read as another host", () => {
    for (const [, target] of [...REFUSED, ...KEPT.map(([what, target]) => [what, target] as const)]) {
      const answer = sameOriginPath(target, APP);
      if (answer === null) continue;
      expect(answer.startsWith("/") && !answer.startsWith("//")).toBe(true);
      expect(new URL(answer, "https://other.example").host).toBe("other.example");
      expect(answer).toMatch(/^[\x21-\x7e]+$/); // a Location header's bytes, nothing a browser would drop or refuse
    }
  });
});

describe("public/sw.js appPath: the same rules in the service worker", () => {
  const appPath = serviceWorkerAppPath();

  it.each(REFUSED)("refuses %s", (_what, target) => {
    expect(appPath(target)).toBe("(fallback)");
  });

  it.each(KEPT)("keeps %s", (_what, target, expected) => {
    expect(appPath(target)).toBe(expected);
  });
});
