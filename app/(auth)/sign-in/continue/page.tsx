import { signInPath } from "@/lib/auth/callback-url";
import { signedInPerson } from "@/lib/auth/session";
import { needsEnrolment } from "@/lib/factors/enforcement";
import { redirectPath } from "@/lib/http/redirect-target";
import { redirectInApp } from "@/app/_lib/redirect";

// Where every sign-in lands (a password, a passkey, GitHub or Google), before the page it was asked for: a person
// whose workspace requires a second factor of everyone and who has none is led to Settings → Security to add one
// (docs/decisions/037), with a way on to `next`; anyone else goes straight on. `next` is judged like every redirect.
export default async function SignInContinuePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const next = redirectPath((await searchParams).next, "/chat");
  const me = await signedInPerson();
  if (!me) redirectInApp(signInPath(next));
  if (await needsEnrolment(me.id)) redirectInApp(`/settings/security?enrol=1&next=${encodeURIComponent(next)}`);
  redirectInApp(next);
}
