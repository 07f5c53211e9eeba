/**
 * How big the heavy suites run. `npm run test:all` (.ci/run --all) sets ZAPI_TESTS=full: every
 * case at full size, before a release. CI and a plain `npx jest` run them lighter, so that CI
 * stays within its time; what the lighter run leaves out is said where it is left out.
 * Make a suite smaller, never skip a whole file: jest runs no hooks in a file whose every test
 * is skipped, so setup.ts would not unhook nock there, and every later file of that jest worker
 * would meet that file's nock, which knows none of their interceptors.
 */
export const FULL_SIZE = process.env.ZAPI_TESTS === 'full';
