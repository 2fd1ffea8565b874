import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { listPersonWorkspaces } from "@/lib/chat/list-workspaces";
import { requireUuid } from "@/lib/ids";
import { requireMember, type PersonActor } from "@/lib/people/actor";
import { warningText, type NameWarning } from "@/lib/text/name-warnings";
import { clientNameWarnings } from "./client-name-warnings";
import { recordGrant } from "./grants";
import { nodeRequest } from "./mount";
import { OAUTH_SCOPES, mcpResource, oauthProvider, type OAuthScope } from "./provider";
import { redirectTarget } from "./redirect-uri";
import { freshCheckAt, requireStepUpToChange } from "@/lib/factors/step-up-gate";

// The consent step of an authorization (app/oauth/consent/[uid]): what the person is asked, and their answer.
// The interaction is the one oidc-provider started for this browser (its signed `_interaction` cookie, sent only to
// /oauth/consent/<uid>): a link to another browser's interaction finds nothing. The answer always signs the
// interaction in as the person signed in to Relay, whoever the provider's session remembered.

const OIDC_SCOPES = new Set(["openid", "offline_access"]);

export interface ConsentRequest {
  uid: string;
  clientId: string;
  clientName: string;
  /** Where the client's answer goes: the redirect URI's host (and port), or an app's scheme and host. */
  redirectHost: string;
  /** The scopes asked for, in Relay's terms (`read` is always part of a grant). */
  scopes: OAuthScope[];
  workspaces: { id: string; slug: string; name: string }[];
  /**
   * The host that published the client's details when its client_id is a metadata document URL (so its name comes
   * from there); null for a client that registered itself (Dynamic Client Registration: any name it liked).
   */
  publishedBy: string | null;
  /** What the person should know about the client's name before allowing it (issue 31). */
  nameWarnings: NameWarning[];
}

export const EXPIRED_MESSAGE =
  "This connection request has expired or was started in another browser: go back to your assistant and connect again";

/** The interaction is gone, unknown, or another browser's (not found, as anything that is not the person's). */
export class ExpiredConsent extends ApiError {
  constructor() {
    super("not_found", EXPIRED_MESSAGE);
  }
}

function expired(): ApiError {
  return new ExpiredConsent();
}

async function details(request: Request, uid: string) {
  const { req, res } = nodeRequest(request);
  const found = await oauthProvider()
    .interactionDetails(req, res)
    .catch(() => null);
  if (!found || found.uid !== uid) throw expired();
  return { found, req, res };
}

function requestedScopes(scope: unknown): OAuthScope[] {
  const asked = String(scope ?? "").split(" ");
  return asked.includes("write") ? ["read", "write"] : ["read"];
}

/** The interaction's client as the person is shown it: its id, its name, where its answer goes. */
async function clientOf(params: Record<string, unknown>) {
  const clientId = String(params.client_id ?? "");
  const client = await oauthProvider().Client.find(clientId);
  if (!client) throw expired();
  const redirectHost = redirectTarget(String(params.redirect_uri ?? ""));
  const metadataUrl = URL.parse(clientId);
  const publishedBy = metadataUrl?.protocol === "https:" ? metadataUrl.host : null;
  return { clientId, clientName: client.clientName ?? clientId, redirectHost, publishedBy };
}

export interface ConsentOptions {
  request: Request;
  /** The provider's interaction id. */
  uid: string;
}

/** What the consent page shows: the client, where it sends the answer, the scopes, the person's workspaces. */
export async function loadConsent(actor: PersonActor, { request, uid }: ConsentOptions): Promise<ConsentRequest> {
  const { found } = await details(request, uid);
  const workspaces = (await listPersonWorkspaces(actor)).map(({ id, slug, name }) => ({ id, slug, name }));
  const client = await clientOf(found.params);
  const nameWarnings = await clientNameWarnings(actor, client);
  return { uid, ...client, scopes: requestedScopes(found.params.scope), workspaces, nameWarnings };
}

export type ConsentDecision = { allow: false } | { allow: true; workspaceId: string; write: boolean };

export interface DecideConsentOptions extends ConsentOptions {
  decision: ConsentDecision;
}

/**
 * Records the person's answer and returns where the browser goes next (back to the authorization endpoint, which
 * redirects to the client with a code or with `access_denied`). Allow: a provider Grant for the MCP resource with
 * the scopes allowed (write only if asked for and kept), and Relay's row in `oauth_grants` for the chosen workspace,
 * which must be one of the person's (else 404, as any workspace they are not in).
 */
export async function decideConsent(
  actor: PersonActor,
  { request, uid, decision }: DecideConsentOptions,
): Promise<string> {
  const { found, req, res } = await details(request, uid);
  const provider = oauthProvider();
  if (!decision.allow) {
    return provider.interactionResult(
      req,
      res,
      { error: "access_denied", error_description: "The person did not allow access" },
      { mergeWithLastSubmission: false },
    );
  }
  const workspaceId = requireUuid(decision.workspaceId, "Workspace");
  await requireMember(actor, { client: db(), workspaceId });
  await requireStepUpToChange(actor, workspaceId);
  const { clientId, clientName, redirectHost } = await clientOf(found.params);
  // What the person was warned of, judged before this grant joins their connections (it would look like itself).
  const nameWarnings = (await clientNameWarnings(actor, { clientId, clientName })).map(warningText);
  const asked = requestedScopes(found.params.scope);
  const allowed: OAuthScope[] = decision.write && asked.includes("write") ? ["read", "write"] : ["read"];

  const grant = new provider.Grant({ accountId: actor.userId, clientId });
  const oidc = String(found.params.scope ?? "")
    .split(" ")
    .filter((s) => OIDC_SCOPES.has(s));
  // read and write are listed in the provider's scopes (DCR needs it), so it checks them as OIDC scopes too.
  const refused = OAUTH_SCOPES.filter((s) => !allowed.includes(s));
  grant.addOIDCScope([...oidc, ...allowed].join(" "));
  grant.addResourceScope(mcpResource(), allowed.join(" "));
  if (refused.length) {
    grant.rejectOIDCScope(refused.join(" "));
    grant.rejectResourceScope(mcpResource(), refused.join(" "));
  }
  const grantId = await grant.save();
  await recordGrant(actor, {
    grantId,
    workspaceId,
    clientId,
    clientName,
    redirectHost,
    scopes: allowed,
    strongAt: freshCheckAt(actor),
    nameWarnings,
  });
  return provider.interactionResult(
    req,
    res,
    { login: { accountId: actor.userId }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}
