import { errors } from "oidc-provider";
import { query, sql } from "@/lib/db/sql";

// oidc-provider's storage (its Adapter interface) over one PostgreSQL table, `oauth_provider_records`: one row per
// (model, id) holding the provider's payload as it gave it. Expired rows are never returned; a found expired row is
// deleted on the way. `consume` marks a one-time record (an authorization code, a rotated refresh token) used: the
// provider sees `consumed` and treats a second use as a replay (it then revokes the whole grant).

/** What oidc-provider stores: opaque to Relay apart from these fields, which its look-ups need. */
export interface ProviderPayload {
  grantId?: string;
  uid?: string;
  userCode?: string;
  consumed?: number;
  [key: string]: unknown;
}

const UPSERT = query("oauth.records.upsert", {
  text: `INSERT INTO oauth_provider_records (model, id, payload, grant_id, uid, user_code, expires_at)
   VALUES ($1, $2, $3::jsonb, $4, $5, $6, CASE WHEN $7::int IS NULL THEN NULL ELSE now() + make_interval(secs => $7::int) END)
   ON CONFLICT (model, id) DO UPDATE
     SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, uid = EXCLUDED.uid, user_code = EXCLUDED.user_code,
         expires_at = EXCLUDED.expires_at`,
});
const FIND = query("oauth.records.find", {
  text: `SELECT payload, consumed_at, expires_at IS NOT NULL AND expires_at <= now() AS expired
     FROM oauth_provider_records WHERE model = $1 AND id = $2`,
  notNull: ["expired"],
});
const FIND_BY_UID = query("oauth.records.findByUid", {
  text: `SELECT id, payload, consumed_at, expires_at IS NOT NULL AND expires_at <= now() AS expired
     FROM oauth_provider_records WHERE model = $1 AND uid = $2 LIMIT 1`,
  notNull: ["expired"],
});
const FIND_BY_USER_CODE = query("oauth.records.findByUserCode", {
  text: `SELECT id, payload, consumed_at, expires_at IS NOT NULL AND expires_at <= now() AS expired
     FROM oauth_provider_records WHERE model = $1 AND user_code = $2 LIMIT 1`,
  notNull: ["expired"],
});
const CONSUME = query("oauth.records.consume", {
  text: "UPDATE oauth_provider_records SET consumed_at = now() WHERE model = $1 AND id = $2 AND consumed_at IS NULL",
});
const DESTROY = query("oauth.records.destroy", {
  text: "DELETE FROM oauth_provider_records WHERE model = $1 AND id = $2",
});
const REVOKE_BY_GRANT = query("oauth.records.revokeByGrant", {
  text: "DELETE FROM oauth_provider_records WHERE grant_id = $1",
});

type Row = { payload: unknown; consumed_at: Date | null; expired: boolean };

export class PostgresAdapter {
  constructor(private readonly model: string) {}

  async upsert(id: string, payload: ProviderPayload, expiresIn?: number): Promise<void> {
    // jsonb holds neither NUL nor an unpaired surrogate: a client's metadata or a request's parameter with one is
    // the caller's error (400 invalid_client_metadata / invalid_request), not the database's (a 500).
    if (unstorable(payload)) {
      const why = "must not contain NUL characters or unpaired surrogates";
      throw this.model === "Client"
        ? new errors.InvalidClientMetadata(`client metadata ${why}`)
        : new errors.InvalidRequest(`parameters ${why}`);
    }
    await sql().query(UPSERT, [
      this.model,
      id,
      JSON.stringify(payload),
      payload.grantId ?? null,
      payload.uid ?? null,
      payload.userCode ?? null,
      expiresIn ? Math.ceil(expiresIn) : null,
    ]);
  }

  // An id no row can have (text holds no NUL; a caller's client_id, code or token may): found nowhere, not a 500.
  async find(id: string): Promise<ProviderPayload | undefined> {
    if (unstorable(id)) return undefined;
    const [row] = await sql().query(FIND, [this.model, id]);
    return this.alive(id, row);
  }

  async findByUid(uid: string): Promise<ProviderPayload | undefined> {
    if (unstorable(uid)) return undefined;
    const [row] = await sql().query(FIND_BY_UID, [this.model, uid]);
    return this.alive(row?.id, row);
  }

  async findByUserCode(userCode: string): Promise<ProviderPayload | undefined> {
    if (unstorable(userCode)) return undefined;
    const [row] = await sql().query(FIND_BY_USER_CODE, [this.model, userCode]);
    return this.alive(row?.id, row);
  }

  async consume(id: string): Promise<void> {
    if (unstorable(id)) return;
    await sql().query(CONSUME, [this.model, id]);
  }

  async destroy(id: string): Promise<void> {
    if (unstorable(id)) return;
    await sql().query(DESTROY, [this.model, id]);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    if (unstorable(grantId)) return;
    await sql().query(REVOKE_BY_GRANT, [grantId]);
  }

  private async alive(id: string | undefined, row: Row | undefined): Promise<ProviderPayload | undefined> {
    if (!row || id === undefined) return undefined;
    if (row.expired) {
      await this.destroy(id);
      return undefined;
    }
    const payload = row.payload as ProviderPayload;
    return row.consumed_at ? { ...payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) } : payload;
  }
}

const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a value holds a string (or a key) that PostgreSQL's jsonb refuses. */
function unstorable(value: unknown): boolean {
  if (typeof value === "string") return UNSTORABLE.test(value);
  if (Array.isArray(value)) return value.some(unstorable);
  if (value && typeof value === "object")
    return Object.entries(value).some(([key, item]) => UNSTORABLE.test(key) || unstorable(item));
  return false;
}
