import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { safeCallbackPath } from "@/lib/auth/callback-url";
import { oauthSignInProviders } from "@/lib/auth/options";
import { signedInPerson } from "@/lib/auth/session";
import { signInErrorMessage } from "@/lib/auth/sign-in-errors";
import { RelayMark } from "@/components/portal/relay-mark";
import { SignInForm } from "./sign-in-form";

export const metadata: Metadata = { title: "Sign in · Relay" };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const search = await searchParams;
  const callbackPath = safeCallbackPath(search.callbackUrl);
  if (await signedInPerson()) redirect(callbackPath);
  const errorCode = Array.isArray(search.error) ? search.error[0] : search.error;

  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <Link href="/" className="mx-auto flex w-fit items-center gap-2">
          <RelayMark className="size-9" />
          <span className="text-xl font-semibold tracking-tight text-slate-900">Relay</span>
        </Link>
        <div className="mt-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-lg font-semibold text-slate-900">Sign in</h1>
          <p className="mt-1 text-sm text-slate-500">to your conversations, approvals and bots.</p>
          <SignInForm
            callbackPath={callbackPath}
            oauthProviders={oauthSignInProviders()}
            initialError={errorCode ? signInErrorMessage(errorCode) : undefined}
          />
        </div>
        <p className="mt-6 text-center text-xs text-slate-400">People sign in here; bots use API keys.</p>
      </div>
    </main>
  );
}
