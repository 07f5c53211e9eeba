/**
 * How big the heavy suites run. `npm run test:all` (.ci/run --all) sets ZAPI_TESTS=full: every
 * case at full size, before a release. CI and a plain `npx jest` run them lighter, so that CI
 * stays within its time; what the lighter run leaves out is said where it is left out.
 */
export const FULL_SIZE = process.env.ZAPI_TESTS === 'full';
