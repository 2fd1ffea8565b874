import { ApiError } from "@/lib/errors";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string) => UUID.test(value);

/** A path id that is not a uuid names nothing: 404, like an id that does not exist. */
export function requireUuid(value: string | undefined, what: string): string {
  if (!value || !isUuid(value)) throw new ApiError("not_found", `${what} not found`);
  return value.toLowerCase();
}
