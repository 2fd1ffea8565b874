// A page's revoke buttons: one action per credential still active, bound to its id (server actions bound on the
// server: the client holds a reference, never an id it could change).

export function revokeActionsFor<S>(
  credentials: { id: string; revoked_at: string | null }[],
  bind: (id: string) => (state: S) => Promise<S>,
): Record<string, (state: S) => Promise<S>> {
  return Object.fromEntries(credentials.filter((c) => !c.revoked_at).map((c) => [c.id, bind(c.id)]));
}
