// ESLint flat config: typescript-eslint's recommended rules + React hooks rules for the app.
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'

export default tseslint.config(
  {
    ignores: ['dist/**', 'bench/floor/dist/**', 'node_modules/**', 'coverage/**', '.artifacts/**', 'emulator/.data/**', '.rabbitmq/**', '**/*.d.ts'],
  },
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', '__tests__/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The local stack depends on nothing of the app but the protocol package
    // (__tests__/emulator/boundary.test.ts checks it transitively, src/protocol included).
    files: ['emulator/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/**', '!**/src/protocol', '!**/src/protocol/**', '@/**', '!@/protocol/**'],
              message: 'emulator/ imports only src/protocol/ from the app',
            },
          ],
        },
      ],
    },
  },
  {
    // jest.isolateModules + require() is how a test loads a fresh copy of a module.
    files: ['__tests__/**/*.{ts,tsx}', 'jest.setup.ts'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['scripts/**/*.{js,mjs}', 'babel.config.js', '__tests__/__mocks__/**', '__tests__/globalSetup.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', require: 'readonly', module: 'writable', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
)
