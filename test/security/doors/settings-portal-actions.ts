import { askForErasure } from "@/lib/privacy/erasure-requests";
import * as settings from "@/app/(settings)/settings/_actions";
import * as security from "@/app/(settings)/settings/security/_actions";
import * as signInActions from "@/app/(auth)/sign-in/_actions";
import { beginTotpEnrolment, confirmTotpEnrolment } from "@/lib/factors/authenticator";
import { removeFactor } from "@/lib/factors/remove-factor";
import { totpCodeAt } from "@/lib/factors/totp";
import { relyingParty } from "@/lib/factors/webauthn";
import { SoftwareAuthenticator } from "@/test/software-authenticator";
import * as portalBots from "@/app/(portal)/developers/_actions/bots";
import * as portalConnections from "@/app/(portal)/developers/_actions/connections";
import * as portalDeliveries from "@/app/(portal)/developers/_actions/deliveries";
import { sessionOf } from "../world";
import { hex, personOf, PEOPLE, type ActionKit, type Door, type DoorContext } from "./door";

// The server actions' doors of the settings (a person's tokens, grants and notifications) and of the developer
// portal (bots, connections, deliveries), made and called as actions.ts makes and calls the chat's: as Ben (a member
// of A) or Ana (its admin). The portal's are an admin's: a member is refused on A's own bot.

const SETTINGS = "app/(settings)/settings/_actions.ts";
const SECURITY = "app/(settings)/settings/security/_actions.ts";
const SIGN_IN = "app/(auth)/sign-in/_actions.ts";
const BOTS = "app/(portal)/developers/_actions/bots.ts";
const CONNECTIONS = "app/(portal)/developers/_actions/connections.ts";
const DELIVERIES = "app/(portal)/developers/_actions/deliveries.ts";

export function settingsPortalActionDoors({ w, fresh, signIn }: DoorContext, { action, act, form }: ActionKit): Door[] {
  const o = w.own;
  const rp = relyingParty();
  /** A door that takes no id: each caller's call acts on their own account only, and must be served. */
  const own = (file: string, name: string, call: (caller: Parameters<typeof action>[0]) => Promise<unknown>): Door => ({
    key: `${file}#${name}`,
    surface: "action",
    callers: PEOPLE,
    slots: [],
    lists: [(caller) => action(caller, () => call(caller))],
  });
  /** A person's own object out of reach answers exactly as a random id ("not found"): nothing tells it exists. */
  const sameAsRandom = (door: Door): Door => ({ ...door, slots: door.slots.map((slot) => ({ ...slot, same: true })) });
  /** Adds a confirmed authenticator for the caller's person (as the Security page would), for a door to remove. */
  const withAuthenticator = async (caller: Parameters<typeof action>[0]) => {
    const me = personOf(w, caller).actor;
    const { secret } = await beginTotpEnrolment(me);
    await confirmTotpEnrolment(me, { code: totpCodeAt(secret, new Date()), now: new Date() });
    return secret;
  };
  const cursor = Buffer.from(`${new Date().toISOString()}|00000000-0000-4000-8000-000000000000`).toString("base64url");
  return [
    act(SETTINGS, "createToken", [
      {
        kind: "workspace",
        as: "formData workspaceId",
        own: async () => o.workspace.id,
        run: (id) => settings.createToken({ n: 0 }, form({ workspaceId: id, name: "Probe", write: "on" })),
      },
    ]),
    // Settings → Your data: an export of the person's own data, in a workspace of theirs.
    act(SETTINGS, "exportMyData", [
      {
        kind: "workspace",
        as: "workspaceId",
        own: async () => o.workspace.id,
        run: (id) => settings.exportMyData(id, { n: 0 }),
      },
    ]),
    // Settings → Your data: a request to be erased from a workspace of theirs, and its withdrawal (one waits for the
    // control's caller).
    act(SETTINGS, "askToBeErased", [
      {
        kind: "workspace",
        as: "workspaceId",
        own: async () => o.workspace.id,
        run: (id) => settings.askToBeErased(id, { n: 0 }),
      },
    ]),
    act(SETTINGS, "withdrawErasure", [
      {
        kind: "workspace",
        as: "workspaceId",
        own: async () => {
          await askForErasure(o.ben.actor, o.workspace.id); // the control's caller: a member
          return o.workspace.id;
        },
        run: (id) => settings.withdrawErasure(id, { n: 0 }),
      },
    ]),
    // Settings → Security: the person's own passkeys, authenticator, recovery codes and sessions. Another person's
    // passkey or session (of B, or of Ana for Ben and of Ben for Ana) answers "not found", as a random id does.
    own(SECURITY, "passkeyRegistration", () => security.passkeyRegistration()),
    own(SECURITY, "addPasskey", async () => {
      const options = await security.passkeyRegistration();
      if (!("options" in options)) return options;
      const response = new SoftwareAuthenticator().register({
        challenge: options.options.challenge,
        origin: rp.origin,
        rpID: rp.id,
      });
      return security.addPasskey("Probe passkey", JSON.stringify(response));
    }),
    sameAsRandom(
      act(SECURITY, "renamePasskeyAction", [
        {
          kind: "passkey",
          as: "passkeyId",
          own: () => fresh.passkey(o.ben),
          run: (id) => security.renamePasskeyAction(id, { n: 0 }, form({ name: "Renamed" })),
        },
      ]),
    ),
    sameAsRandom(
      act(SECURITY, "removePasskey", [
        {
          kind: "passkey",
          as: "passkeyId",
          own: () => fresh.passkey(o.ben),
          run: (id) => security.removePasskey(id, { n: 0 }),
        },
      ]),
    ),
    own(SECURITY, "startAuthenticator", () => security.startAuthenticator({ n: 0 })),
    own(SECURITY, "confirmAuthenticator", async (caller) => {
      const me = personOf(w, caller).actor;
      const started = await security.startAuthenticator({ n: 0 });
      const code = totpCodeAt(started.result!.secret, new Date());
      const answer = await security.confirmAuthenticator({ n: 0 }, form({ code }));
      await removeFactor(me, { kind: "totp" });
      return answer;
    }),
    own(SECURITY, "removeAuthenticator", async (caller) => {
      await withAuthenticator(caller);
      return security.removeAuthenticator({ n: 0 });
    }),
    own(SECURITY, "regenerateCodes", () => security.regenerateCodes({ n: 0 })),
    // "Confirm it's you": the caller's own factor marks the caller's own browser session, nobody else's.
    own(SECURITY, "confirmItsYou", async (caller) => {
      const me = personOf(w, caller);
      const secret = await withAuthenticator(caller);
      signIn(me, await sessionOf(me));
      const code = totpCodeAt(secret, new Date(Date.now() + 30_000)); // the enrolment's code is spent
      const answer = await security.confirmItsYou({ n: 0 }, form({ stepUpCode: code }));
      await removeFactor(me.actor, { kind: "totp" });
      return answer;
    }),
    sameAsRandom(
      act(SECURITY, "signOutSession", [
        {
          kind: "session",
          as: "sessionId",
          own: () => fresh.session(o.ben),
          run: (id) => security.signOutSession(id, { n: 0 }),
        },
      ]),
    ),
    // Only the caller's own sessions are signed out, whatever id the page bound (lib/sessions/sessions.int.test.ts).
    own(SECURITY, "signOutOtherSessions", async (caller) =>
      security.signOutOtherSessions(await fresh.session(personOf(w, caller)), { n: 0 }),
    ),
    // The sign-in page's passkey challenge: nobody's data, the same for anyone (signed in or not).
    own(SIGN_IN, "passkeyChallenge", () => signInActions.passkeyChallenge()),

    act(SETTINGS, "saveNotificationSettings", [
      {
        kind: "workspace",
        as: "workspaceId",
        own: async () => o.workspace.id,
        run: (id) =>
          settings.saveNotificationSettings(
            id,
            { n: 0 },
            form({ channels: "both", quietStart: "22:00", quietEnd: "07:00", timeZone: "Europe/Lisbon" }),
          ),
      },
    ]),
    {
      ...act(SETTINGS, "revokeToken", []),
      slots: [
        {
          kind: "token",
          as: "tokenId",
          own: () => fresh.token(o.ben),
          call: (caller, id) => action(caller, () => settings.revokeToken(id, { n: 0 })),
        },
      ],
    },
    {
      ...act(SETTINGS, "revokeGrant", []),
      slots: [
        {
          kind: "grant",
          as: "grantId",
          own: () => fresh.grant(o.ben),
          call: (caller, id) => action(caller, () => settings.revokeGrant(id, { n: 0 })),
        },
      ],
    },

    act(BOTS, "registerBot", [
      {
        kind: "workspace",
        as: "formData workspaceId",
        own: async () => o.workspace.id,
        run: (id) =>
          portalBots.registerBot(
            { n: 0 },
            form({ workspaceId: id, handle: `probe-${hex(3)}`, name: "Probe", webhookUrl: "", eventTypes: [] }),
          ),
      },
    ]),
    act(
      BOTS,
      "saveBotSettings",
      [
        {
          kind: "bot",
          as: "botId",
          own: fresh.bot,
          run: (id) =>
            portalBots.saveBotSettings(
              id,
              { n: 0 },
              form({ name: "Renamed", webhookUrl: "", eventTypes: ["message.created"] }),
            ),
        },
      ],
      { adminOnly: true },
    ),
    act(
      BOTS,
      "issueKey",
      [
        {
          kind: "bot",
          as: "botId",
          own: fresh.bot,
          run: (id) => portalBots.issueKey(id, { n: 0 }, form({ name: "probe" })),
        },
      ],
      { adminOnly: true },
    ),
    act(
      BOTS,
      "revokeKey",
      [{ kind: "apiKey", as: "keyId", own: fresh.apiKey, run: (id) => portalBots.revokeKey(o.ops.id, id, { n: 0 }) }],
      { adminOnly: true },
    ),
    act(
      BOTS,
      "rotateSecret",
      [
        {
          kind: "bot",
          as: "botId",
          own: fresh.bot,
          run: (id) => portalBots.rotateSecret(id, { n: 0 }, form({ overlapMinutes: "60" })),
        },
      ],
      { adminOnly: true },
    ),
    act(
      BOTS,
      "sendPing",
      [{ kind: "bot", as: "botId", own: fresh.bot, run: (id) => portalBots.sendPing(id, { n: 0 }) }],
      { adminOnly: true },
    ),

    act(
      CONNECTIONS,
      "proposeConnectionAction",
      [
        {
          kind: "bot",
          as: "formData botId",
          own: fresh.bot,
          run: (id) =>
            portalConnections.proposeConnectionAction(
              { n: 0 },
              form({ botId: id, otherWorkspace: o.workspace.slug, otherHandle: o.helper.handle, typesToOther: "info" }),
            ),
        },
      ],
      { adminOnly: true },
    ),
    act(
      CONNECTIONS,
      "acceptConnectionAction",
      [
        {
          kind: "connection",
          as: "connectionId",
          own: fresh.crossProposal,
          run: (id) => portalConnections.acceptConnectionAction(id, { n: 0 }),
        },
      ],
      { adminOnly: true },
    ),
    act(
      CONNECTIONS,
      "revokeConnectionAction",
      [
        {
          kind: "connection",
          as: "connectionId",
          own: fresh.liveConnection,
          run: (id) => portalConnections.revokeConnectionAction(id, { n: 0 }),
        },
      ],
      { adminOnly: true },
    ),

    act(
      DELIVERIES,
      "loadMoreDeliveries",
      [
        {
          kind: "bot",
          as: "botId",
          own: async () => o.ops.id,
          run: (id) => portalDeliveries.loadMoreDeliveries(id, {}, cursor),
        },
      ],
      { adminOnly: true },
    ),
    act(
      DELIVERIES,
      "replayFailedInRange",
      [
        {
          kind: "bot",
          as: "botId",
          own: fresh.bot,
          run: (id) =>
            portalDeliveries.replayFailedInRange(
              id,
              { n: 0 },
              form({ from: "2020-01-01T00:00", to: "2099-01-01T00:00" }),
            ),
        },
      ],
      { adminOnly: true },
    ),
    act(
      DELIVERIES,
      "replayOne",
      [
        {
          kind: "delivery",
          as: "deliveryId",
          own: fresh.delivery,
          run: (id) => portalDeliveries.replayOne(id, { n: 0 }),
        },
      ],
      { adminOnly: true },
    ),
  ];
}
