/** Kept equal to package.json's version (a test checks); sent as the request `origin`. */
export const VERSION = '0.1.0';
