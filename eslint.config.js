import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import globals from 'globals';

export default defineConfig(
  { ignores: ['dist/', '.astro/', '.netlify/', '.data/', 'node_modules/', 'test-results/', 'playwright-report/', '.bench-synthetic/', '.bench-earlier-output/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs.recommended,
  { languageOptions: { globals: { ...globals.node, ...globals.browser } } },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
      // Schemas take z from src/lib/validation/zod.ts, which turns off zod's eval (the CSP forbids it).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: "Import { z } from src/lib/validation/zod.ts (CSP: no eval).", allowTypeImports: true }] },
      ],
    },
  },
  // A component over 250 lines is doing several things: split it (the admin's kit is in src/islands/admin/shared).
  { files: ['**/*.tsx'], rules: { 'max-lines': ['error', { max: 250 }] } },
  { files: ['src/lib/validation/zod.ts', '**/*.test.ts', 'tests/**'], rules: { '@typescript-eslint/no-restricted-imports': 'off' } },
);
