/** The fingerprint of the sources under `root` (the package folder), as one string. */
export function sourceFingerprint(root: string): string;
