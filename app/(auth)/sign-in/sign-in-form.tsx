"use client";

import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState, useSyncExternalStore, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { signInErrorMessage } from "@/lib/auth/sign-in-errors";
import { ProviderMark } from "./provider-mark";

export function SignInForm({
  callbackPath,
  oauthProviders,
  initialError,
}: {
  callbackPath: string;
  /** The OAuth providers configured on the server (none: only email and password). */
  oauthProviders: { id: string; name: string }[];
  initialError?: string;
}) {
  const router = useRouter();
  const [error, setError] = useState(initialError);
  const [pending, setPending] = useState(false);
  const [redirectingTo, setRedirectingTo] = useState<string>();
  // Sign in is offered once the page's script runs: before, a click (or Enter) would submit the form natively, to
  // this page, the password in the address, and the page would come back empty.
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(undefined);
    const result = await signIn("credentials", {
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
      redirect: false,
    });
    if (!result || result.error) {
      setPending(false);
      setError(signInErrorMessage(result?.error));
      return;
    }
    router.replace(callbackPath);
    router.refresh();
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

  return (
    <>
      <form onSubmit={submit} method="post" className="mt-6 space-y-4" aria-label="Sign in">
        {error && <Alert tone="danger">{error}</Alert>}
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
        <Button type="submit" className="w-full" disabled={!hydrated || pending || redirectingTo !== undefined}>
          {pending ? "Signing in…" : "Sign in"}
        </Button>
      </form>
      {oauthProviders.length > 0 && (
        <div role="group" aria-label="Other ways to sign in" className="mt-6">
          <div className="flex items-center gap-3 text-xs text-slate-500">
            <span className="h-px flex-1 bg-slate-200" />
            or
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          <div className="mt-6 space-y-3">
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
