"use server";

import { headers } from "next/headers";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { ApiError } from "@/lib/errors";
import { passkeySignInOptions } from "@/lib/factors/verify-passkey";
import { clientAddress } from "@/lib/net/client-address";

// The sign-in page's one action: a passkey ceremony's options (a fresh challenge, stored five minutes and used once),
// asked for when the person chooses a passkey, alone or as their second factor. Nobody is signed in yet, so it is not
// a form action (app/_lib/action.ts needs a person); its only limit is per address (lib/factors/verify-passkey.ts).

export async function passkeyChallenge(): Promise<
  { options: PublicKeyCredentialRequestOptionsJSON } | { error: string }
> {
  try {
    return { options: await passkeySignInOptions({ address: clientAddress(await headers()) }) };
  } catch (error) {
    if (error instanceof ApiError) return { error: error.message };
    throw error;
  }
}
