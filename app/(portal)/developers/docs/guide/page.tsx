import type { Metadata } from "next";
import Link from "next/link";
import { currentActor } from "@/lib/auth/current-actor";
import { BOT_DEVELOPERS_GUIDE, readBotDevelopersGuide } from "@/lib/docs/guide";
import { InlineCode } from "@/components/ui/code-block";
import { DocMarkdown } from "@/components/portal/doc-markdown";

export const metadata: Metadata = { title: "Guide for bot developers" };

// The bot developers' guide, rendered from the repository's file as it is (docs/guides/bot-developers.md): the same
// text a reader finds on GitHub, never a copy (docs/decisions/038-first-ten-minutes.md, "Built since").
export default async function GuidePage() {
  await currentActor(BOT_DEVELOPERS_GUIDE.page);
  const markdown = await readBotDevelopersGuide();
  return (
    <div className="max-w-3xl">
      <p className="mb-4 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
        <span>
          Guide, from <InlineCode>{BOT_DEVELOPERS_GUIDE.file}</InlineCode>
        </span>
        <span>
          Every endpoint and schema:{" "}
          <Link
            href="/developers/docs"
            className="font-medium text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:text-indigo-900"
          >
            API reference
          </Link>
        </span>
      </p>
      <article>
        <DocMarkdown markdown={markdown} file={BOT_DEVELOPERS_GUIDE.file} />
      </article>
    </div>
  );
}
