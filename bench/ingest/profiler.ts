import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector';

/**
 * V8's CPU profiler in this process (what `node --cpu-prof` runs, but started and stopped around the
 * timed passes only, so module loading and setup stay out of it). `stop` writes the `.cpuprofile`.
 */
export async function startProfiler(): Promise<{ stop(file: string): Promise<void> }> {
  const session = new Session();
  session.connect();
  const post = (method: string): Promise<unknown> =>
    new Promise((resolve, reject) => {
      session.post(method, (error, result) => {
        if (error === null) resolve(result);
        else reject(error);
      });
    });
  await post('Profiler.enable');
  await post('Profiler.start');
  return {
    stop: async (file) => {
      const { profile } = (await post('Profiler.stop')) as { profile: unknown };
      session.disconnect();
      await writeFile(file, JSON.stringify(profile));
    },
  };
}
