"use client";

import { useActionState, useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { UntrustedText } from "@/components/ui/untrusted-text";
import { formatBytes } from "@/components/ui/format";
import { Icon } from "@/components/ui/icon";
import { initialActionState, type ActionState } from "@/lib/forms/form-state";
import { MESSAGE_BODY_MAX } from "@/lib/limits";

interface MentionableBot {
  handle: string;
  name: string;
}

interface Upload {
  key: number;
  name: string;
  size: number;
  state: "uploading" | "ready" | "failed";
  id?: string;
  error?: string;
}

const MAX_FILES = 10;

/**
 * Where a person writes. Enter sends, Shift+Enter starts a new line. Typing @ offers the conversation's bots
 * (arrow keys, Enter or Tab to pick, Escape to close). Files upload as soon as they are chosen and go with the next
 * message; a file over the limit is refused here with the limit in words. What was typed stays if sending fails.
 */
export function Composer({
  conversationId,
  send,
  bots,
  maxBytes,
  notice,
}: {
  conversationId: string;
  send: (state: ActionState, formData: FormData) => Promise<ActionState>;
  bots: MentionableBot[];
  maxBytes: number;
  /** Said above the box when bots cannot write here (taken over, opted out). */
  notice?: string;
}) {
  const [state, formAction, pending] = useActionState(send, initialActionState);
  const [text, setText] = useState("");
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [uploadError, setUploadError] = useState<string>();
  const [mention, setMention] = useState<{ query: string; start: number; active: number } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const nextKey = useRef(0);
  const id = useId();

  // A message went out: start afresh (a refusal keeps everything as it was).
  const lastN = useRef(0);
  useEffect(() => {
    if (state.n === lastN.current) return;
    lastN.current = state.n;
    if (!state.error) {
      setText("");
      setUploads([]);
      box.current?.focus();
    }
  }, [state]);

  const matches = mention
    ? bots
        .filter(
          (b) =>
            b.handle.toLowerCase().startsWith(mention.query.toLowerCase()) ||
            b.name.toLowerCase().includes(mention.query.toLowerCase()),
        )
        .slice(0, 6)
    : [];
  const listOpen = mention !== null && matches.length > 0;

  function findMention(value: string, caret: number) {
    const match = /(^|\s)@([A-Za-z0-9_-]*)$/.exec(value.slice(0, caret));
    setMention(match ? { query: match[2]!, start: caret - match[2]!.length - 1, active: 0 } : null);
  }

  function pick(bot: MentionableBot) {
    if (!mention) return;
    const el = box.current!;
    const caret = el.selectionStart;
    const next = `${text.slice(0, mention.start)}@${bot.handle} ${text.slice(caret)}`;
    setText(next);
    setMention(null);
    const position = mention.start + bot.handle.length + 2;
    requestAnimationFrame(() => el.setSelectionRange(position, position));
  }

  async function upload(files: FileList) {
    setUploadError(undefined);
    const chosen = [...files];
    if (uploads.length + chosen.length > MAX_FILES) {
      setUploadError(`At most ${MAX_FILES} files per message.`);
      return;
    }
    for (const file of chosen) {
      if (file.size > maxBytes) {
        setUploadError(`${file.name} is ${formatBytes(file.size)}; files can be at most ${formatBytes(maxBytes)}.`);
        continue;
      }
      const key = ++nextKey.current;
      setUploads((list) => [...list, { key, name: file.name, size: file.size, state: "uploading" }]);
      const body = new FormData();
      body.append("file", file);
      try {
        const response = await fetch(`/api/chat/conversations/${conversationId}/attachments`, { method: "POST", body });
        const json = (await response.json()) as { id?: string; error?: { message: string } };
        if (!response.ok || !json.id) throw new Error(json.error?.message ?? `Upload failed (${response.status})`);
        setUploads((list) => list.map((u) => (u.key === key ? { ...u, state: "ready", id: json.id } : u)));
      } catch (error) {
        setUploads((list) =>
          list.map((u) =>
            u.key === key
              ? { ...u, state: "failed", error: error instanceof Error ? error.message : "Upload failed" }
              : u,
          ),
        );
      }
    }
  }

  const uploading = uploads.some((u) => u.state === "uploading");
  const ready = uploads.filter((u) => u.state === "ready");
  const canSend = !pending && !uploading && (text.trim().length > 0 || ready.length > 0);

  return (
    <form
      ref={form}
      action={formAction}
      className="border-t border-slate-200 bg-white px-3 py-3 sm:px-4"
      aria-label="Write a message"
    >
      {notice && <p className="mb-2 text-xs text-slate-500">{notice}</p>}
      {ready.map((u) => (
        <input key={u.key} type="hidden" name="attachmentId" value={u.id} />
      ))}
      {uploads.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label="Files to send">
          {uploads.map((u) => (
            <li
              key={u.key}
              className={cn(
                "flex items-center gap-2 rounded-md border px-2 py-1 text-xs",
                u.state === "failed"
                  ? "border-red-300 bg-red-50 text-red-800"
                  : "border-slate-200 bg-slate-50 text-slate-700",
              )}
            >
              <span className="max-w-[12rem] truncate font-medium">{u.name}</span>
              <span className="text-slate-500">
                {u.state === "uploading" ? "uploading…" : u.state === "failed" ? u.error : formatBytes(u.size)}
              </span>
              <button
                type="button"
                className="rounded px-1 text-slate-500 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                aria-label={`Remove ${u.name}`}
                onClick={() => setUploads((list) => list.filter((x) => x.key !== u.key))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="relative flex items-end gap-2">
        <label
          className="flex size-9 shrink-0 cursor-pointer items-center justify-center rounded-md border border-slate-300 text-slate-600 hover:bg-slate-50 focus-within:ring-2 focus-within:ring-indigo-500"
          title="Attach files"
        >
          <span className="sr-only">Attach files</span>
          <Icon
            d="m21.44 11.05-9.19 9.19a6 6 0 0 1-8.49-8.49l9.19-9.19a4 4 0 0 1 5.66 5.66l-9.2 9.19a2 2 0 0 1-2.83-2.83l8.49-8.48"
            className="size-4"
          />
          <input
            type="file"
            multiple
            className="sr-only"
            data-testid="attach-input"
            onChange={(event) => {
              if (event.target.files?.length) void upload(event.target.files);
              event.target.value = "";
            }}
          />
        </label>
        <div className="relative min-w-0 flex-1">
          <label htmlFor={`${id}-body`} className="sr-only">
            Message
          </label>
          <textarea
            ref={box}
            id={`${id}-body`}
            name="body"
            value={text}
            rows={Math.min(6, Math.max(1, text.split("\n").length))}
            maxLength={MESSAGE_BODY_MAX}
            placeholder="Message… (@ to mention a bot)"
            className="block max-h-40 w-full resize-none rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/40"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={listOpen}
            aria-controls={`${id}-mentions`}
            aria-activedescendant={listOpen ? `${id}-mention-${mention!.active}` : undefined}
            aria-describedby={state.error || uploadError ? `${id}-error` : undefined}
            onChange={(event) => {
              setText(event.target.value);
              findMention(event.target.value, event.target.selectionStart);
            }}
            onKeyDown={(event) => {
              if (listOpen) {
                if (event.key === "ArrowDown" || event.key === "ArrowUp") {
                  event.preventDefault();
                  const step = event.key === "ArrowDown" ? 1 : -1;
                  setMention({ ...mention!, active: (mention!.active + step + matches.length) % matches.length });
                  return;
                }
                if (event.key === "Enter" || event.key === "Tab") {
                  event.preventDefault();
                  pick(matches[mention!.active]!);
                  return;
                }
                if (event.key === "Escape") {
                  event.preventDefault();
                  setMention(null);
                  return;
                }
              }
              if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                if (canSend) form.current?.requestSubmit();
              }
            }}
            onBlur={() => setTimeout(() => setMention(null), 150)}
          />
          {listOpen && (
            <ul
              id={`${id}-mentions`}
              role="listbox"
              aria-label="Bots"
              className="absolute bottom-full left-0 z-20 mb-1 w-64 overflow-hidden rounded-md border border-slate-200 bg-white py-1 shadow-lg"
            >
              {matches.map((bot, i) => (
                <li
                  key={bot.handle}
                  id={`${id}-mention-${i}`}
                  role="option"
                  aria-selected={i === mention!.active}
                  className={cn(
                    "cursor-pointer px-3 py-1.5 text-sm",
                    i === mention!.active ? "bg-indigo-50 text-indigo-900" : "text-slate-700",
                  )}
                  onMouseDown={(event) => {
                    event.preventDefault();
                    pick(bot);
                  }}
                >
                  <span className="font-medium">
                    @<UntrustedText text={bot.handle} />
                  </span>{" "}
                  <span className="text-slate-500">
                    <UntrustedText text={bot.name} />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <Button type="submit" disabled={!canSend} aria-busy={pending || uploading} className="shrink-0">
          {uploading ? "Uploading…" : "Send"}
        </Button>
      </div>
      {(state.error || uploadError) && (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-xs font-medium text-red-600">
          {state.error ?? uploadError}
        </p>
      )}
      <p className="mt-1.5 hidden text-[11px] text-slate-500 sm:block">
        Enter to send · Shift+Enter for a new line · STOP opts you out of bot messages here, START opts back in
      </p>
    </form>
  );
}
