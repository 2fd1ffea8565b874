// A browser without a browser: a cookie jar that follows redirects (and the consent decision's meta refresh) by
// hand, for the OAuth tests (lib/oauth) and the conformance run (scripts/mcp-conformance.ts) on one origin.

/** A browser's cookie jar: follows redirects by hand, keeping cookies per name (paths ignored: one origin). */
export class Browser {
  jar = new Map<string, string>();
  cookie() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  keep(response: Response) {
    for (const c of response.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair!.indexOf("=");
      this.jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  }
  /** Follows redirects from `url` until one leaves `origin`, or a page answers; returns the last URL and response. */
  async follow(url: string, origin: string, init: RequestInit = {}): Promise<{ url: URL; response: Response | null }> {
    let next = url;
    let request = init;
    for (let i = 0; i < 10; i++) {
      if (!next.startsWith(origin)) return { url: new URL(next), response: null };
      const headers = new Headers(request.headers);
      headers.set("cookie", this.cookie());
      const response = await fetch(next, { ...request, headers, redirect: "manual" });
      this.keep(response);
      // A redirect, or a page that moves on by itself (the consent decision's meta refresh), as a browser follows.
      const refresh =
        response.status === 200 && response.headers.get("content-type")?.startsWith("text/html")
          ? /<meta http-equiv="refresh" content="0;url=([^"]+)">/.exec(await response.clone().text())?.[1]
          : undefined;
      const location = response.headers.get("location") ?? (refresh && unescapeHtml(refresh));
      const redirected = response.status >= 300 && response.status <= 399;
      if (!location || (!redirected && !refresh)) return { url: new URL(next), response };
      next = new URL(location, next).href;
      request = {};
    }
    throw new Error("too many redirects");
  }
}

/** The attribute text of a meta refresh back to its URL (escape-html's five entities). */
function unescapeHtml(text: string): string {
  return text
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}
