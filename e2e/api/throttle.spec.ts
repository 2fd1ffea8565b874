import { expect, test, type APIRequestContext } from "@playwright/test";
import { cli, newMember } from "../fixtures";

// Sign-in throttling over real HTTP on the built server: the address counted is the one the edge trusts
// (instrumentation.ts; TRUST_PROXY_HOPS=0 here: the connection's peer), so a client that rotates a spoofed
// X-Forwarded-For still fills the count of its own address and locks its (email, address) pair.

const PASSWORD = "throttle-password-1";

const newPerson = () => newMember("throttle", PASSWORD);

/** One sign-in as the browser's form does it (next-auth's CSRF token, json=true); returns next-auth's error code. */
async function signIn(request: APIRequestContext, email: string, password: string, spoofed: string) {
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const res = await request.post("/api/auth/callback/credentials", {
    form: { email, password, csrfToken, json: "true", callbackUrl: "/chat" },
    headers: { "x-forwarded-for": spoofed, "x-real-ip": spoofed },
    maxRedirects: 0,
  });
  const { url } = (await res.json()) as { url: string };
  return new URL(url).searchParams.get("error");
}

test("a spoofed X-Forwarded-For does not escape the count: 10 failures from rotating 'addresses' lock the pair", async ({
  request,
}) => {
  const email = newPerson();
  for (let i = 1; i <= 9; i++)
    expect(await signIn(request, email, "wrong-password", `203.0.113.${i}`)).toBe("CredentialsSignin");
  expect(await signIn(request, email, "wrong-password", "203.0.113.10")).toBe("TooManySignIns:900");
  // The right password is refused too, whatever address the client claims.
  expect(await signIn(request, email, PASSWORD, "198.51.100.77")).toMatch(/^TooManySignIns:(899|900)$/);

  const events = cli("security", "events", "--email", email) as { data: { kind: string; address: string }[] };
  expect(events.data).toEqual([expect.objectContaining({ kind: "sign_in_locked", address: "127.0.0.1" })]);
});
