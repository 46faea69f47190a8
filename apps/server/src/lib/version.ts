import serverPackage from '../../package.json' with { type: 'json' };

/**
 * The server's version, from apps/server/package.json: the bundle (scripts/build-server.mjs)
 * inlines it at build time, so a release changes it in that one place.
 */
export const VERSION: string = serverPackage.version;
