// The ceiling for bench/send-message: a route handler in the same app that does nothing but answer a constant
// JSON body. Only served when the benchmark starts the app with BENCH_ROUTES=1.
const BODY = JSON.stringify({ data: { ok: true } });

export function GET(): Response {
  if (process.env.BENCH_ROUTES !== "1") return new Response(null, { status: 404 });
  return new Response(BODY, { headers: { "Content-Type": "application/json; charset=utf-8" } });
}

/** The same ceiling for a request with a JSON body, read in full as the API's routes read theirs. */
export async function POST(request: Request): Promise<Response> {
  if (process.env.BENCH_ROUTES !== "1") return new Response(null, { status: 404 });
  await request.text();
  return new Response(BODY, { status: 201, headers: { "Content-Type": "application/json; charset=utf-8" } });
}
