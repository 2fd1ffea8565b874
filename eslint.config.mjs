import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: ["lib/generated/**", ".next/**", ".data/**", "node_modules/**", "next-env.d.ts", "bench/out/**", "sdk/dist/**", "test-results/**", "playwright-report/**"] },
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Every redirect target is judged in one place (lib/http/redirect-target.ts): pages and actions redirect with
      // redirectInApp (app/_lib/redirect.ts), which wraps Next's redirect.
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "next/navigation",
              importNames: ["redirect", "permanentRedirect"],
              message: "Redirect with redirectInApp (app/_lib/redirect.ts): it judges the target (lib/http/redirect-target.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    // The two places that call Next's redirect themselves, with a judged target.
    files: ["app/_lib/redirect.ts", "lib/auth/current-actor.ts"],
    rules: { "no-restricted-imports": "off" },
  },
];

export default config;
