import { expect, it } from "vitest";
import { localOrigin } from "./local-origin";

it("reaches the server on loopback when it listens everywhere, else on its listen address", () => {
  expect(localOrigin({ PORT: 3000 })).toBe("http://127.0.0.1:3000");
  expect(localOrigin({ HOST: "0.0.0.0", PORT: 3107 })).toBe("http://127.0.0.1:3107");
  expect(localOrigin({ HOST: "::", PORT: 3107 })).toBe("http://127.0.0.1:3107");
  expect(localOrigin({ HOST: "127.0.0.1", PORT: 80 })).toBe("http://127.0.0.1:80");
  expect(localOrigin({ HOST: "::1", PORT: 3000 })).toBe("http://[::1]:3000");
  expect(localOrigin({ HOST: "relay.internal", PORT: 3000 })).toBe("http://relay.internal:3000");
});
