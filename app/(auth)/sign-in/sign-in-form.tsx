"use client";

import { browserSupportsWebAuthn, startAuthentication } from "@simplewebauthn/browser";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState, useSyncExternalStore, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { describedBy, Field, Input } from "@/components/ui/field";
import { secondFactorsAsked, signInErrorMessage, type SecondFactorsAsked } from "@/lib/auth/sign-in-errors";
import { ProviderMark } from "./provider-mark";

/** The first step's answer, kept in memory to send again with the second factor (never stored). */
interface FirstStep {
  email: string;
  password: string;
  factors: SecondFactorsAsked;
}

export function SignInForm({
  callbackPath,
  oauthProviders,
  initialError,
  passkeyChallenge,
}: {
  callbackPath: string;
  /** The OAuth providers configured on the server (none: only email and password). */
  oauthProviders: { id: string; name: string }[];
  initialError?: string;
  /** The page's action that gives a passkey ceremony's options (app/(auth)/sign-in/_actions.ts). */
  passkeyChallenge: () => Promise<
    { options: Parameters<typeof startAuthentication>[0]["optionsJSON"] } | { error: string }
  >;
}) {
  const router = useRouter();
  const [error, setError] = useState(initialError);
  const [pending, setPending] = useState(false);
  const [redirectingTo, setRedirectingTo] = useState<string>();
  const [first, setFirst] = useState<FirstStep>();
  // Sign in is offered once the page's script runs: before, a click (or Enter) would submit the form natively, to
  // this page, the password in the address, and the page would come back empty.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const passkeys = useSyncExternalStore(noSubscription, browserSupportsWebAuthn, () => false);
  const busy = !hydrated || pending || redirectingTo !== undefined;

  /** Sends the credentials to next-auth: signed in (the page opens), asked for a second factor, or refused. */
  async function attempt(provider: string, fields: Record<string, string>, refused: (code?: string) => string) {
    setPending(true);
    setError(undefined);
    const result = await signIn(provider, { ...fields, redirect: false });
    if (result && !result.error) {
      router.replace(callbackPath);
      router.refresh();
      return;
    }
    setPending(false);
    const factors = secondFactorsAsked(result?.error);
    if (factors && provider === "credentials") {
      setFirst({ email: fields.email ?? "", password: fields.password ?? "", factors });
      return;
    }
    setError(refused(result?.error ?? undefined));
  }

  async function submitPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    await attempt(
      "credentials",
      { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") },
      signInErrorMessage,
    );
  }

  async function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!first) return;
    const code = String(new FormData(event.currentTarget).get("code") ?? "");
    await attempt("credentials", { email: first.email, password: first.password, code }, (code) =>
      code === "CredentialsSignin"
        ? "That code was not accepted. Codes work once; try the next one."
        : signInErrorMessage(code),
    );
  }

  /** A passkey ceremony; its assertion goes to `provider` (with the first step's fields for a second factor). */
  async function signInWithPasskey(provider: string, fields: Record<string, string>) {
    setPending(true);
    setError(undefined);
    let assertion: string;
    try {
      const challenge = await passkeyChallenge();
      if ("error" in challenge) throw new Error(challenge.error);
      assertion = JSON.stringify(await startAuthentication({ optionsJSON: challenge.options }));
    } catch (cause) {
      setPending(false);
      const name = (cause as Error).name;
      setError(name === "NotAllowedError" || name === "AbortError" ? "No passkey was used." : (cause as Error).message);
      return;
    }
    await attempt(provider, { ...fields, passkey: assertion }, (code) =>
      code === "CredentialsSignin" ? "That passkey was not accepted." : signInErrorMessage(code),
    );
  }

  // Leaves for the provider's page; next-auth comes back to callbackPath, or to the sign-in page with an error.
  async function continueWith(providerId: string) {
    setRedirectingTo(providerId);
    setError(undefined);
    try {
      await signIn(providerId, { callbackUrl: callbackPath });
    } catch {
      setRedirectingTo(undefined);
      setError("Sign-in failed. Try again.");
    }
  }

  const alert = <div aria-live="polite">{error && <Alert tone="danger">{error}</Alert>}</div>;

  if (first) {
    const { totp, passkey } = first.factors;
    return (
      <div className="mt-6 space-y-4">
        <h2 className="text-base font-semibold text-slate-900">Confirm it is you</h2>
        {alert}
        <form onSubmit={submitCode} method="post" className="space-y-4" aria-label="Second factor">
          <Field
            id="code"
            label={totp ? "Code from your authenticator app" : "Recovery code"}
            hint={
              totp
                ? "Six digits, or one of your recovery codes."
                : "One of the codes you saved when you added a passkey."
            }
          >
            <Input
              id="code"
              name="code"
              autoComplete="one-time-code"
              inputMode={totp ? "numeric" : "text"}
              required
              autoFocus
              mono
              {...describedBy("code", { hint: true })}
            />
          </Field>
          <Button type="submit" className="w-full" disabled={busy}>
            {pending ? "Checking…" : "Confirm"}
          </Button>
        </form>
        {passkey && passkeys && (
          <Button
            variant="secondary"
            className="w-full"
            disabled={busy}
            onClick={() => signInWithPasskey("credentials", { email: first.email, password: first.password })}
          >
            Use your passkey
          </Button>
        )}
        <Button
          variant="ghost"
          className="w-full"
          disabled={pending}
          onClick={() => {
            setFirst(undefined);
            setError(undefined);
          }}
        >
          Start over
        </Button>
      </div>
    );
  }

  return (
    <>
      <form onSubmit={submitPassword} method="post" className="mt-6 space-y-4" aria-label="Sign in">
        {alert}
        <Field id="email" label="Email">
          <Input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            required
            autoFocus
            placeholder="you@example.com"
          />
        </Field>
        <Field id="password" label="Password">
          <Input id="password" name="password" type="password" autoComplete="current-password" required />
        </Field>
        <Button type="submit" className="w-full" disabled={busy}>
          {pending ? "Signing in…" : "Sign in"}
        </Button>
      </form>
      {(passkeys || oauthProviders.length > 0) && (
        <div role="group" aria-label="Other ways to sign in" className="mt-6">
          <div className="flex items-center gap-3 text-xs text-slate-500">
            <span className="h-px flex-1 bg-slate-200" />
            or
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          <div className="mt-6 space-y-3">
            {passkeys && (
              <Button
                variant="secondary"
                className="w-full"
                disabled={busy}
                onClick={() => signInWithPasskey("passkey", {})}
              >
                Sign in with a passkey
              </Button>
            )}
            {oauthProviders.map((provider) => (
              <Button
                key={provider.id}
                variant="secondary"
                className="w-full"
                disabled={pending || redirectingTo !== undefined}
                onClick={() => continueWith(provider.id)}
              >
                <ProviderMark id={provider.id} />
                {redirectingTo === provider.id ? `Going to ${provider.name}…` : `Continue with ${provider.name}`}
              </Button>
            ))}
          </div>
        </div>
      )}
    </>
  );
}

const noSubscription = () => () => {};
