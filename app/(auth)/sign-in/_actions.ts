"use server";

import { headers } from "next/headers";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { passkeySignInOptions } from "@/lib/factors/verify-passkey";
import { clientAddress } from "@/lib/net/client-address";
import { publicAction } from "@/app/_lib/action";

// The sign-in page's one action: a passkey ceremony's options (a fresh challenge, stored five minutes and used once),
// asked for when the person chooses a passkey, alone or as their second factor. Nobody is signed in yet, so it is not
// a form action (app/_lib/action.ts needs a person); its only limit is per address (lib/factors/verify-passkey.ts).

type PasskeyChallenge = { options: PublicKeyCredentialRequestOptionsJSON } | { error: string };

export const passkeyChallenge = publicAction(() => ({
  run: async (): Promise<PasskeyChallenge> => ({
    options: await passkeySignInOptions({ address: clientAddress(await headers()) }),
  }),
  refused: (error): PasskeyChallenge => ({ error: error.message }),
}));
