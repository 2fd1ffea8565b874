import type { Metadata } from "next";
import { oauthSignInProviders } from "@/lib/auth/options";
import { signedInPerson } from "@/lib/auth/session";
import { signInErrorMessage } from "@/lib/auth/sign-in-errors";
import { redirectPath } from "@/lib/http/redirect-target";
import { StandaloneCard } from "@/components/ui/standalone-card";
import { SignInForm } from "./sign-in-form";
import { passkeyChallenge } from "./_actions";
import { redirectInApp } from "@/app/_lib/redirect";

export const metadata: Metadata = { title: "Sign in · Relay" };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const search = await searchParams;
  const callbackPath = redirectPath(search.callbackUrl, "/chat");
  if (await signedInPerson()) redirectInApp(callbackPath);
  const errorCode = Array.isArray(search.error) ? search.error[0] : search.error;

  return (
    <StandaloneCard
      width="sm"
      footer={<p className="mt-6 text-center text-xs text-slate-500">People sign in here; bots use API keys.</p>}
    >
      <h1 className="text-lg font-semibold text-slate-900">Sign in</h1>
      <p className="mt-1 text-sm text-slate-500">to your conversations, approvals and bots.</p>
      <SignInForm
        callbackPath={`/sign-in/continue?next=${encodeURIComponent(callbackPath)}`}
        oauthProviders={oauthSignInProviders()}
        initialError={errorCode ? signInErrorMessage(errorCode) : undefined}
        passkeyChallenge={passkeyChallenge}
      />
    </StandaloneCard>
  );
}
