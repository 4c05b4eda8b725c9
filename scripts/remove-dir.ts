import { rm } from 'node:fs/promises';

/** Removes a directory, retrying while a just-closed browser still holds files in it. */
export async function removeDir(path: string): Promise<void> {
  await rm(path, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}
