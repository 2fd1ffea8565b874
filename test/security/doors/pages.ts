import { AccessDenied } from "@/app/(portal)/developers/_lib/access-denied";
import { Alert } from "@/components/ui/alert";
import { unsubscribeToken } from "@/lib/notifications/unsubscribe";
import { judgedRedirect, PAGE_MODULES, PEOPLE, personOf, type Answer, type Door, type DoorContext } from "./door";
import type { Kind, Viewer } from "../world";

// The pages' and layouts' doors: every page.tsx, layout.tsx and not-found.tsx under app/, rendered as Ben (a member
// of A) or Ana (its admin) as Next renders them (renderPage): what they read and hand to the browser. The
// unsubscribe page is called with no session, its link being the permission.

/**
 * A page or layout (a React server component) called as Next would call it, and the server components it returns
 * called in turn (async function components: the ones that may read); client components are left as elements with
 * their props, which is all the data the page hands the browser. Refused: a `danger` Alert (every page's "you
 * cannot open this", the portal's AccessDenied), or notFound(). A redirect is an answer.
 */
export async function renderPage(file: string, props: Record<string, unknown>): Promise<Answer> {
  const page = PAGE_MODULES[`/${file}`]?.default;
  if (!page) throw new Error(`no page ${file}`);
  const state: { refused: boolean; message?: string } = { refused: false };
  const seen = new WeakSet<object>();
  const walk = async (node: unknown): Promise<unknown> => {
    if (node instanceof Promise) return walk(await node);
    if (Array.isArray(node)) return Promise.all(node.map(walk));
    if (!node || typeof node !== "object") return typeof node === "function" ? undefined : node;
    if (seen.has(node)) return undefined;
    seen.add(node);
    const element = node as { $$typeof?: symbol; type?: unknown; props?: Record<string, unknown> };
    if (element.$$typeof) {
      const { type, props: elementProps = {} } = element;
      const refusing = (type === Alert && elementProps.tone === "danger") || type === AccessDenied;
      if (refusing) state.refused = true;
      if (typeof type === "function" && type.constructor.name === "AsyncFunction")
        return { $el: type.name, rendered: await walk(await (type as (p: unknown) => Promise<unknown>)(elementProps)) };
      const name = typeof type === "function" ? type.name : typeof type === "string" ? type : "element";
      const walked = await walk(elementProps);
      // The first refusal's words (title and text) are the page's message: what `same` compares.
      if (refusing) state.message ??= JSON.stringify(walked);
      return { $el: name, props: walked };
    }
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) out[key] = await walk(value);
    return out;
  };
  try {
    const tree = await walk(page(props));
    return { ok: !state.refused, message: state.message, text: JSON.stringify(tree) };
  } catch (error) {
    const digest = (error as { digest?: string }).digest;
    if (typeof digest === "string" && digest.startsWith("NEXT_REDIRECT"))
      return { ok: true, text: judgedRedirect(digest) };
    if (typeof digest === "string" && digest.startsWith("NEXT_HTTP_ERROR_FALLBACK")) return { ok: false, text: digest };
    throw error;
  }
}

export function pageDoors({ w, fresh, signIn }: DoorContext): Door[] {
  const o = w.own;
  const CHAT_WS = "app/(chat)/chat/[workspace]";
  const page = async (
    caller: Viewer,
    file: string,
    params: Record<string, unknown>,
    search: Record<string, string> = {},
  ) => {
    signIn(personOf(w, caller));
    return renderPage(file, { params: Promise.resolve(params), searchParams: Promise.resolve(search), children: null });
  };
  const slug = async () => o.workspace.slug;
  const pageDoor = (
    file: string,
    slots: {
      kind: Kind;
      as: string;
      own: () => Promise<string>;
      ignores?: boolean;
      same?: boolean;
      render: (caller: Viewer, id: string) => Promise<Answer>;
    }[],
    options: { adminOnly?: boolean } = {},
  ): Door => ({
    key: `${file}#default`,
    surface: "page",
    callers: PEOPLE,
    adminOnly: options.adminOnly,
    slots: slots.map(({ render, ...slot }) => ({ ...slot, call: render })),
  });
  const bySlug = (file: string, search: Record<string, string> = {}, ignores = false) => ({
    kind: "workspaceSlug" as const,
    as: "path workspace",
    own: slug,
    ignores,
    render: (caller: Viewer, id: string) => page(caller, file, { workspace: id }, search),
  });
  const listPage = (file: string, ...searches: Record<string, string>[]): Door => ({
    key: `${file}#default`,
    surface: "page",
    callers: PEOPLE,
    slots: [],
    lists: (searches.length ? searches : [{}]).map((search) => (caller: Viewer) => page(caller, file, {}, search)),
  });
  return [
    // An assistant's connection request (OAuth consent): its uid names the provider's interaction, found only with
    // the browser's own cookie; the person's workspaces are listed to choose from. Without the cookie: expired.
    listPage("app/oauth/consent/[uid]/page.tsx"),
    pageDoor(`${CHAT_WS}/layout.tsx`, [bySlug(`${CHAT_WS}/layout.tsx`)]),
    // The workspace's home reads nothing: its layout checks the workspace.
    pageDoor(`${CHAT_WS}/page.tsx`, [bySlug(`${CHAT_WS}/page.tsx`, {}, true)]),
    pageDoor(`${CHAT_WS}/admin/page.tsx`, [bySlug(`${CHAT_WS}/admin/page.tsx`)], { adminOnly: true }),
    pageDoor(`${CHAT_WS}/admin/rules/page.tsx`, [bySlug(`${CHAT_WS}/admin/rules/page.tsx`)], { adminOnly: true }),
    pageDoor(`${CHAT_WS}/admin/overview/page.tsx`, [bySlug(`${CHAT_WS}/admin/overview/page.tsx`)], { adminOnly: true }),
    pageDoor(`${CHAT_WS}/admin/people/page.tsx`, [bySlug(`${CHAT_WS}/admin/people/page.tsx`)], { adminOnly: true }),
    // The audit log: its filters name a member and a bot of the workspace; another workspace's, or nobody, is refused
    // in the same words (and never shows their entries, which are another workspace's).
    pageDoor(
      `${CHAT_WS}/admin/audit/page.tsx`,
      [
        bySlug(`${CHAT_WS}/admin/audit/page.tsx`),
        {
          kind: "person",
          as: "?person",
          same: true,
          own: async () => o.ben.id,
          render: (caller, id) =>
            page(caller, `${CHAT_WS}/admin/audit/page.tsx`, { workspace: o.workspace.slug }, { person: id }),
        },
        {
          kind: "bot",
          as: "?bot",
          same: true,
          own: async () => o.helper.id,
          render: (caller, id) =>
            page(caller, `${CHAT_WS}/admin/audit/page.tsx`, { workspace: o.workspace.slug }, { bot: id }),
        },
      ],
      { adminOnly: true },
    ),
    pageDoor(`${CHAT_WS}/approvals/page.tsx`, [bySlug(`${CHAT_WS}/approvals/page.tsx`)]),
    pageDoor(`${CHAT_WS}/contacts/page.tsx`, [
      bySlug(`${CHAT_WS}/contacts/page.tsx`),
      bySlug(`${CHAT_WS}/contacts/page.tsx`, { q: "Quinn" }),
    ]),
    pageDoor(`${CHAT_WS}/contacts/[id]/page.tsx`, [
      {
        kind: "contact",
        as: "path id",
        same: true,
        own: async () => o.carla,
        render: (caller, id) => page(caller, `${CHAT_WS}/contacts/[id]/page.tsx`, { workspace: o.workspace.slug, id }),
      },
      {
        kind: "workspaceSlug",
        as: "path workspace",
        own: slug,
        render: (caller, id) => page(caller, `${CHAT_WS}/contacts/[id]/page.tsx`, { workspace: id, id: o.carla }),
      },
    ]),
    pageDoor(`${CHAT_WS}/c/[id]/page.tsx`, [
      {
        kind: "conversation",
        as: "path id",
        same: true,
        own: async () => o.visible,
        render: (caller, id) => page(caller, `${CHAT_WS}/c/[id]/page.tsx`, { workspace: o.workspace.slug, id }),
      },
    ]),
    pageDoor(`${CHAT_WS}/new/page.tsx`, [
      bySlug(`${CHAT_WS}/new/page.tsx`),
      {
        kind: "contact",
        as: "?contact",
        own: async () => o.carla,
        ignores: true,
        render: (caller, id) =>
          page(caller, `${CHAT_WS}/new/page.tsx`, { workspace: o.workspace.slug }, { contact: id }),
      },
    ]),
    listPage("app/(chat)/chat/page.tsx"),
    listPage("app/(chat)/layout.tsx"),
    pageDoor(
      "app/(portal)/developers/bots/[id]/page.tsx",
      [
        {
          kind: "bot",
          as: "path id",
          own: fresh.bot,
          render: (caller, id) => page(caller, "app/(portal)/developers/bots/[id]/page.tsx", { id }),
        },
      ],
      { adminOnly: true },
    ),
    pageDoor(
      "app/(portal)/developers/bots/[id]/deliveries/page.tsx",
      [
        {
          kind: "bot",
          as: "path id",
          own: async () => o.ops.id,
          render: (caller, id) => page(caller, "app/(portal)/developers/bots/[id]/deliveries/page.tsx", { id }),
        },
      ],
      { adminOnly: true },
    ),
    pageDoor(
      "app/(portal)/developers/deliveries/[id]/page.tsx",
      [
        {
          kind: "delivery",
          as: "path id",
          own: fresh.delivery,
          render: (caller, id) => page(caller, "app/(portal)/developers/deliveries/[id]/page.tsx", { id }),
        },
      ],
      { adminOnly: true },
    ),
    listPage("app/(portal)/developers/page.tsx"),
    listPage("app/(portal)/developers/layout.tsx"),
    listPage("app/(portal)/developers/bots/new/page.tsx"),
    listPage("app/(portal)/developers/connections/page.tsx"),
    listPage("app/(portal)/developers/docs/page.tsx"),
    listPage("app/(portal)/developers/docs/guide/page.tsx"),
    listPage("app/(settings)/layout.tsx"),
    listPage("app/(settings)/settings/page.tsx"),
    listPage("app/(settings)/settings/tokens/page.tsx"),
    listPage("app/(settings)/settings/data/page.tsx"),
    listPage(
      "app/(settings)/settings/security/page.tsx",
      {},
      { enrol: "1", next: "/chat" },
      { enrol: "1", next: "//evil.example" },
    ),
    listPage("app/(settings)/settings/notifications/page.tsx"),
    listPage("app/(settings)/settings/notifications/outbox/page.tsx"),
    {
      key: "app/(auth)/unsubscribe/[token]/page.tsx#default",
      surface: "page",
      callers: ["bot"],
      slots: [
        {
          kind: "unsubscribeToken",
          as: "path token",
          own: async () => unsubscribeToken(o.ben.id, o.workspace.id),
          call: (_, token) => {
            signIn(null);
            return renderPage("app/(auth)/unsubscribe/[token]/page.tsx", {
              params: Promise.resolve({ token }),
              searchParams: Promise.resolve({}),
              children: null,
            });
          },
        },
      ],
    },
    // Redirect targets (issue 31) are inputs too: hostile ones go nowhere but this site (lib/http/redirect-target.ts).
    listPage(
      "app/(auth)/sign-in/page.tsx",
      {},
      { callbackUrl: "/chat" },
      { callbackUrl: "/\t/evil.example" },
      { callbackUrl: "//evil.example" },
      { callbackUrl: "/\n/x" },
      { callbackUrl: "/\u3000/x" },
    ),
    // Where a sign-in lands: on to `next` (judged), or to Settings → Security when a factor is required.
    listPage(
      "app/(auth)/sign-in/continue/page.tsx",
      {},
      { next: "/chat" },
      { next: "//evil.example" },
      { next: "/\t/evil.example" },
    ),
    listPage("app/page.tsx"),
    listPage("app/layout.tsx"),
    listPage("app/not-found.tsx"),
    listPage("app/(portal)/developers/not-found.tsx"),
  ];
}
