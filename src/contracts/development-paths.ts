/**
 * Whether this bundle carries the development-only paths: the simulator environment, loopback addresses, the
 * simulator's demo chart. True in a development build (npm start, the e2e tests) and under vitest (mode "test"),
 * whose tests choose the build they exercise through their own build-mode argument; false in a store build.
 *
 * Vite writes the mode in at build time and the bundler inlines this constant where it is read, so a store build
 * reduces `WITH_DEVELOPMENT_PATHS && …` to `false` and drops what it guards, strings and all
 * (tests/e2e/store-build.spec.ts greps both store builds for what must not survive). Read it in the condition
 * itself, at the use: passed on as an argument or returned from a function, it is a value the bundler no longer
 * folds. A development-only path reads it even where a build-mode argument already decides, because that argument
 * is known only when the code runs.
 */
export const WITH_DEVELOPMENT_PATHS: boolean =
  import.meta.env.MODE === 'development' || import.meta.env.MODE === 'test';
