// THE HOOK FOR WORKSPACE ENFORCEMENT (issue 34: "a workspace may require two factors", built separately).
//
// Whether the person must keep a second factor because a workspace of theirs requires one. removeFactor
// (lib/factors/remove-factor.ts) asks it before removing a person's last factor and refuses then. It answers false
// for every person until workspace enforcement exists: that work replaces this body (a workspace setting read
// through the person's memberships) and needs to change nothing in removeFactor.

/** Whether a workspace of `userId`'s requires two factors (always false until enforcement is built). */
export async function requiresTwoFactors(userId: string): Promise<boolean> {
  void userId;
  return false;
}
