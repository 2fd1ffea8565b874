import { readFileSync } from "node:fs";
import { listCheckpoints, verifyAuditLog, writeCheckpoint } from "@/lib/audit/checkpoints";
import { exportAuditLog } from "@/lib/audit/export-audit-log";
import { sealAuditLog } from "@/lib/audit/seal-audit-log";
import { auditSigningKey, parsePublicKey, publicKeyText } from "@/lib/audit/signing-key";
import { verifyApproval } from "@/lib/drafts/verify-approval";
import { B, bool, JsonLines, list, M, S, str, UsageError, type Command } from "./command";

// The audit chain (docs/decisions/035-audit-chain.md), for the operator: it belongs to the deployment, not to a
// workspace, so there is no --as. `verify` exits 1 when the chain is broken, naming the first entry changed, deleted
// or inserted.

export const auditCommands: Record<string, Command> = {
  "audit verify": {
    usage: "audit verify [--public-key KEY_OR_FILE ...] [--no-seal]",
    flags: { "public-key": M, "no-seal": B },
    run: async (args) => {
      const keys = list(args, "public-key").map(readPublicKey);
      if (!bool(args, "no-seal")) await sealAuditLog();
      const verdict = await verifyAuditLog({ publicKeys: keys.length > 0 ? keys : undefined });
      if (verdict.broken) {
        const { seq, kind, detail } = verdict.broken;
        throw new ChainBroken(`audit chain broken at seq ${seq}: ${kind} (${detail})`);
      }
      return { ok: true, entries: verdict.entries, head: verdict.head, checkpoints: verdict.checkpoints, ms: verdict.ms };
    },
  },
  "audit verify-approval": {
    usage: "audit verify-approval DRAFT_ID [--public-key KEY_OR_FILE ...]",
    flags: { "public-key": M },
    run: async (args) => {
      const [id] = args.positionals;
      if (!id) throw new UsageError("give the approval's id (the draft's or held message's id)");
      const keys = list(args, "public-key").map(readPublicKey);
      await sealAuditLog();
      const verdict = await verifyApproval(id, { publicKeys: keys.length > 0 ? keys : undefined });
      if (!verdict.ok) throw new ChainBroken(`approval ${verdict.draftId} does not verify: ${verdict.problems.join("; ")}`);
      return verdict;
    },
  },
  "audit seal": {
    usage: "audit seal",
    flags: {},
    run: async () => sealAuditLog(),
  },
  "audit checkpoint": {
    usage: "audit checkpoint",
    flags: {},
    run: async () => writeCheckpoint(),
  },
  "audit checkpoints": {
    usage: "audit checkpoints",
    flags: {},
    run: async () => ({ data: await listCheckpoints() }),
  },
  "audit public-key": {
    usage: "audit public-key",
    flags: {},
    run: async () => publicKeyText(auditSigningKey().publicKey),
  },
  "audit export": {
    usage: "audit export --since TIME [--format jsonl]",
    flags: { since: S, format: S },
    run: async (args) => {
      const format = str(args, "format") ?? "jsonl";
      if (format !== "jsonl") throw new UsageError(`--format must be jsonl, got "${format}"`);
      const since = new Date(str(args, "since") ?? "");
      if (Number.isNaN(since.getTime())) throw new UsageError("--since must be a time (ISO 8601)");
      return new JsonLines(exportAuditLog({ since }));
    },
  },
};

/** A chain that does not verify: exit 1 with `audit_chain_broken`. */
export class ChainBroken extends Error {
  readonly code = "audit_chain_broken";
}

function readPublicKey(value: string) {
  const text = value.trim().startsWith("-----BEGIN") || /^[A-Za-z0-9_+/=-]{40,}$/.test(value) ? value : readKeyFile(value);
  try {
    return parsePublicKey(text);
  } catch (error) {
    throw new UsageError(`--public-key: ${(error as Error).message}`);
  }
}

function readKeyFile(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    throw new UsageError(`--public-key: no key and no readable file "${file}"`);
  }
}
