import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { typeFromName } from "@/lib/attachments/content-type";
import { MAX_ATTACHMENTS_PER_MESSAGE, maxAttachmentBytes, tooLarge } from "@/lib/attachments/limits";
import { storePersonAttachment } from "@/lib/attachments/store-attachment";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { submitCardAction } from "@/lib/messages/submit-card-action";
import { fileOp, id, list, M, refuseText, required, S, str, UsageError, type Command } from "./command";
import { requirePerson } from "./resolve";

export const messageCommands: Record<string, Command> = {
  "message post": {
    usage:
      "message post --conversation ID --body TEXT [--attach PATH ...] --as EMAIL  (--body may be left out with --attach)",
    flags: { conversation: S, body: S, attach: M, as: S },
    run: async (args) => {
      const conversationId = id(str(args, "conversation"), "--conversation");
      const files = list(args, "attach");
      if (files.length > MAX_ATTACHMENTS_PER_MESSAGE)
        throw new UsageError(`at most ${MAX_ATTACHMENTS_PER_MESSAGE} --attach files per message`);
      const body = files.length > 0 ? (str(args, "body") ?? "") : required(str(args, "body"), "--body");
      const actor = await requirePerson(str(args, "as"));
      // Each file is uploaded as the chat does, then the message takes them all.
      const attachmentIds = [];
      for (const file of files) {
        const name = path.basename(file);
        const stored = await storePersonAttachment(actor, {
          conversationId,
          file: {
            name,
            type: typeFromName(name),
            bytes: await readAttachFile(file),
          },
        });
        attachmentIds.push(stored.id);
      }
      return postPersonMessage(actor, { conversationId, body, attachmentIds });
    },
  },
  "message action": {
    usage: "message action MESSAGE_ID --key ACTION_KEY [--values JSON] --as EMAIL",
    flags: { key: S, values: S, as: S },
    run: async (args) => {
      const messageId = id(args.positionals[0], "the MESSAGE_ID");
      const actionKey = required(str(args, "key"), "--key");
      const values = parseValues(str(args, "values"));
      return submitCardAction(await requirePerson(str(args, "as")), { messageId, actionKey, values });
    },
  },
};

/** The file's bytes; one over the limit is refused before it is read. */
async function readAttachFile(file: string): Promise<Uint8Array> {
  const { size } = await fileOp(() => stat(file), { label: `--attach ${file}` });
  if (size > maxAttachmentBytes()) throw tooLarge(path.basename(file), size);
  return fileOp(() => readFile(file), { label: `--attach ${file}` });
}

function parseValues(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // falls through to the usage error
  }
  if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
    refuseText(parsed, "--values");
    return parsed as Record<string, unknown>;
  }
  throw new UsageError(`--values must be a JSON object, got ${text}`);
}
