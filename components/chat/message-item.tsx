import type { ThreadAttachment, ThreadMessage } from "@/lib/chat/get-thread";
import { cn } from "@/components/ui/cn";
import { formatBytes } from "@/components/ui/format";
import { UntrustedText } from "@/components/ui/untrusted-text";
import type { ActionState } from "@/lib/forms/form-state";
import { ApprovalCardView, FormCardView } from "./card-blocks";
import { StatusBlockView } from "./status-block";
import { Time } from "./time";

type CardAction = (state: ActionState, formData: FormData) => Promise<ActionState>;

/**
 * One message of a thread. A bot's message carries its label (name, @handle, "bot") and, when a person approved
 * it, who did: nobody mistakes a bot for a person. The reader's own messages sit on the right. Every text in it is
 * shown as UntrustedText (isolated, its direction controls visible, long words wrapped inside the bubble).
 */
export function MessageItem({
  message,
  mine,
  answer,
}: {
  message: ThreadMessage;
  mine: boolean;
  answer: CardAction | null;
}) {
  if (message.sender.type === "system") {
    return (
      <li id={`m-${message.seq}`} className="flex justify-center py-1" data-testid="message" data-seq={message.seq}>
        <p className="max-w-md min-w-0 rounded-full bg-slate-100 px-3 py-1 text-center text-xs text-slate-600">
          <UntrustedText text={message.body} />
        </p>
      </li>
    );
  }
  const sender = message.sender;
  const bot = sender.type === "bot";
  const blocks = message.blocks ?? [];
  const cardsOnly =
    blocks.length > 0 && blocks.some((b) => b.type !== "status_block") && message.body === firstTitle(blocks);
  return (
    <li
      id={`m-${message.seq}`}
      className={cn("flex scroll-mt-4 flex-col gap-1", mine ? "items-end" : "items-start")}
      data-testid="message"
      data-seq={message.seq}
    >
      <p className="flex max-w-full flex-wrap items-baseline gap-x-1.5 px-1 text-xs text-slate-500">
        <span className="min-w-0 font-semibold text-slate-800" data-testid="sender-name">
          {mine ? "You" : <UntrustedText text={sender.name} />}
        </span>
        {!mine && (
          <span className="min-w-0">
            @<UntrustedText text={sender.handle} />
          </span>
        )}
        {bot && (
          <span
            className="rounded bg-violet-100 px-1 py-px text-[10px] font-bold uppercase tracking-wide text-violet-700"
            aria-label="bot"
          >
            Bot
          </span>
        )}
        <Time iso={message.created_at} />
        {bot && sender.approved_by && (
          <span data-testid="approved-by">
            · approved by <UntrustedText text={sender.approved_by.name} />
            {sender.approved_by.via === "mcp" && " through their assistant (MCP)"}
          </span>
        )}
        {sender.type === "person" && sender.via === "mcp" && (
          <span data-testid="via-mcp">· through their assistant (MCP)</span>
        )}
        {message.edited_at && <span>· updated</span>}
      </p>
      <div className={cn("flex w-full min-w-0 max-w-[40rem] flex-col gap-2", mine ? "items-end" : "items-start")}>
        {!cardsOnly && message.body && (
          <p
            className={cn(
              "min-w-0 max-w-full whitespace-pre-wrap wrap-anywhere rounded-2xl px-3.5 py-2 text-sm shadow-xs",
              mine
                ? "rounded-br-sm bg-indigo-600 text-white"
                : bot
                  ? "rounded-bl-sm border border-violet-200 bg-white text-slate-900"
                  : "rounded-bl-sm border border-slate-200 bg-white text-slate-900",
            )}
            data-testid="message-body"
          >
            <UntrustedText text={message.body} />
          </p>
        )}
        {message.attachments.length > 0 && <Attachments items={message.attachments} mine={mine} />}
        {blocks.map((block, i) => (
          <div key={i} className="w-full min-w-0 max-w-md">
            {block.type === "approval_card" ? (
              <ApprovalCardView
                card={block}
                answer={message.responses.find((r) => block.actions.some((a) => a.key === r.action_key))}
                action={answer}
              />
            ) : block.type === "form_card" ? (
              <FormCardView
                card={block}
                answer={message.responses.find((r) => r.action_key === block.submit.key)}
                action={answer}
              />
            ) : (
              <StatusBlockView block={block} />
            )}
          </div>
        ))}
      </div>
    </li>
  );
}

function firstTitle(blocks: NonNullable<ThreadMessage["blocks"]>) {
  const card = blocks.find((b) => b.type === "approval_card" || b.type === "form_card");
  return card?.title;
}

const IMAGE = /^image\/(png|jpeg|gif|webp)$/;

function Attachments({ items, mine }: { items: ThreadAttachment[]; mine: boolean }) {
  return (
    <ul className={cn("flex flex-wrap gap-2", mine && "justify-end")} aria-label="Attachments">
      {items.map((file) => (
        <li key={file.id}>
          <a
            href={`/api/chat/attachments/${file.id}`}
            className="flex max-w-xs items-center gap-2 rounded-lg border border-slate-200 bg-white p-2 text-sm shadow-xs hover:border-indigo-300 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            title={`SHA-256 ${file.sha256}`}
            data-testid="attachment"
          >
            {IMAGE.test(file.type) ? (
              // eslint-disable-next-line @next/next/no-img-element -- a person's upload, served by our own route
              <img src={`/api/chat/attachments/${file.id}`} alt="" className="size-10 rounded object-cover" />
            ) : (
              <span
                aria-hidden
                className="flex size-10 items-center justify-center rounded bg-slate-100 text-[10px] font-bold uppercase text-slate-500"
              >
                {extension(file.name)}
              </span>
            )}
            <span className="min-w-0">
              <span className="block truncate font-medium text-slate-900">
                <UntrustedText text={file.name} />
              </span>
              <span className="block text-xs text-slate-500">{formatBytes(file.size)}</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

function extension(name: string) {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1, dot + 5) : "file";
}
