import "server-only";
import { notFound } from "next/navigation";
import { ApiError } from "@/lib/errors";

/**
 * Runs a page's read: an unknown id becomes the 404 page, any other refusal (forbidden) comes back for the page to
 * show; anything else is a bug and is thrown on.
 */
export async function guard<T>(work: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: ApiError }> {
  try {
    return { ok: true, value: await work };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === "not_found") notFound();
    return { ok: false, error };
  }
}
