// @ts-check
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";
import prettier from "eslint-config-prettier";

/** `new Date()`, `Date()`: the wall clock's now. */
const NO_WALL_CLOCK = [
  {
    selector: "NewExpression[callee.name=/^(Date|TZDate)$/][arguments.length=0]",
    message: "Take now from the injected clock (`now()`), not the wall clock.",
  },
  {
    selector: "CallExpression[callee.name='Date']",
    message: "Take now from the injected clock (`now()`), not the wall clock.",
  },
];

/** A query naming one of the ledger's tables. */
const LEDGER_TABLES = [
  {
    selector:
      "CallExpression[callee.property.name=/^(selectFrom|updateTable|deleteFrom|insertInto)$/][arguments.0.value=/^(bookings|booking_groups|booking_events|booking_moves|payments|money_owed)( |$)/]",
    message: "Ask the ledger's read model (bookings/queries.ts) or the booking service; only they touch these tables.",
  },
];

export default tseslint.config(
  { ignores: ["node_modules", "data", "coverage", "test-results", "playground-dist", "dist", "bench-results"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Every promise is awaited or deliberately voided: an un-awaited partner call loses errors.
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { arguments: false } }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
      "no-console": "error",
    },
  },
  // fairway's "now" is its injected clock (createApp({ now })): the wall clock's date is never read
  // directly. The test suite's wall-clock guard (test/helpers/wall-clock-guard.ts) catches the rest.
  {
    files: ["src/**/*.ts"],
    rules: { "no-restricted-syntax": ["error", ...NO_WALL_CLOCK] },
  },
  // The ledger's tables are read through its read model (src/bookings/queries.ts) and written by the
  // booking service: nothing else under src/ names them in a query (the migrations and sweeps aside).
  {
    files: ["src/**/*.ts"],
    ignores: ["src/bookings/**", "src/storage/**"],
    rules: { "no-restricted-syntax": ["error", ...NO_WALL_CLOCK, ...LEDGER_TABLES] },
  },
  // The money path has one door: only the booking service (its core and its three machines) writes the
  // ledger (src/bookings/README.md).
  {
    files: ["src/**/*.ts"],
    ignores: [
      "src/bookings/service.ts",
      "src/bookings/core.ts",
      "src/bookings/booking.ts",
      "src/bookings/group.ts",
      "src/bookings/customer-payment.ts",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/bookings/repository.js", "./repository.js"],
              message:
                "Use the booking service (bookings/service.ts); only it and its machines touch the ledger's repository.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["test/**/*.ts"],
    rules: {
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/unbound-method": "off",
      "no-console": "off",
    },
  },
  {
    files: ["eslint.config.js"],
    ...tseslint.configs.disableTypeChecked,
  },
  // Layout is Prettier's (`npm run format`; `npm run lint` checks it): no ESLint rule argues with it.
  prettier,
  // The playground's page and the tee sheet Mini App: plain browser ES modules outside the TypeScript project (no build step).
  {
    files: ["src/local/playground/public/**/*.js", "src/mini-app/public/**/*.js"],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ["src/local/playground/public/**/*.js", "src/mini-app/public/**/*.js"],
    languageOptions: { sourceType: "module", globals: globals.browser },
  },
);
