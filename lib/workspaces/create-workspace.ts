import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { validate } from "@/lib/schemas/validate";
import { PolicySettingsChange } from "@/lib/schemas/workspaces";

const SLUG = /^[a-z0-9][a-z0-9-]{1,47}$/;

export async function createWorkspace(input: { slug: string; name: string; settings?: PolicySettingsChange }) {
  if (!SLUG.test(input.slug))
    throw new ApiError("invalid_body", "Workspace slug must be 2-48 lowercase letters, digits or dashes");
  const settings = validate(PolicySettingsChange, { input: input.settings ?? {}, what: "Policy settings" });
  const taken = await db().workspace.findUnique({ where: { slug: input.slug } });
  if (taken) throw new ApiError("conflict", `Workspace slug "${input.slug}" is taken`);
  return db().workspace.create({
    data: { slug: input.slug, name: input.name, settings: { create: settings } },
  });
}
