// oidc-provider 9 ships no types (and @types/oidc-provider lags behind): the part of its API Relay uses.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export interface KoaContextWithOIDC {
    path: string;
    method: string;
    query: Record<string, string | string[] | undefined>;
    type: string;
    body: unknown;
    oidc?: unknown;
  }
  type Middleware = (ctx: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void>;

  export interface ClientInstance {
    clientId: string;
    clientName?: string;
    redirectUris?: string[];
    grantTypeAllowed(type: string): boolean;
    redirectUriAllowed(value: string): boolean;
  }
  interface ClientClass {
    new (...args: never[]): ClientInstance;
    prototype: ClientInstance;
    find(id: string): Promise<ClientInstance | undefined>;
  }

  export interface AccessTokenInstance {
    jti: string;
    accountId: string;
    clientId: string;
    grantId: string;
    aud?: string | string[];
    scope?: string;
    isExpired: boolean;
  }

  export interface GrantInstance {
    jti?: string;
    accountId?: string;
    clientId?: string;
    addOIDCScope(scope: string): void;
    rejectOIDCScope(scope: string): void;
    addResourceScope(resource: string, scope: string): void;
    rejectResourceScope(resource: string, scope: string): void;
    save(ttl?: number): Promise<string>;
    destroy(): Promise<void>;
  }
  interface GrantClass {
    new (properties: { accountId: string; clientId: string }): GrantInstance;
    find(id: string): Promise<GrantInstance | undefined>;
  }

  export interface InteractionDetails {
    uid: string;
    params: Record<string, unknown> & { client_id?: string; redirect_uri?: string; scope?: string };
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    session?: { accountId?: string };
    grantId?: string;
  }

  export type InteractionResults = Record<string, unknown>;

  export type Configuration = Record<string, unknown> & {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the library's own callbacks, loosely typed here
    [key: string]: any;
  };

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    proxy: boolean;
    Client: ClientClass;
    Grant: GrantClass;
    AccessToken: { find(token: string): Promise<AccessTokenInstance | undefined> };
    RefreshToken: { find(token: string): Promise<{ grantId: string; isExpired: boolean } | undefined> };
    use(middleware: Middleware): void;
    on(event: string, listener: (...args: never[]) => void): this;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
  }

  export const errors: {
    InvalidTarget: new (description?: string) => Error;
    InvalidClientMetadata: new (description?: string) => Error;
    InvalidRequest: new (description?: string) => Error;
  };
}
