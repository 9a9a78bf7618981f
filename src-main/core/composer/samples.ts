// The sample media files of resources/samples (one click in the composer to send a picture,
// movie, sound, voice note or file). The folder is found beside the app: next to the source in
// development and tests, above out/main in a build, or in Electron's resources folder.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { CommandError, type ComposerSample } from '../../../src-shared/contract';
import { detectMediaType } from './media-type';

const Manifest = z.object({
  samples: z.array(
    z.object({
      name: z.string().regex(/^[A-Za-z0-9._-]+$/),
      msgTypes: z.array(z.string()),
      description: z.string(),
    }),
  ),
});

const MANIFEST = 'manifest.json';

function candidates(): string[] {
  const out: string[] = [];
  if (process.env.TP_SAMPLES_DIR) out.push(process.env.TP_SAMPLES_DIR);
  const resourcesPath = (process as { resourcesPath?: string }).resourcesPath;
  if (resourcesPath) out.push(join(resourcesPath, 'samples'));
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    out.push(join(dir, 'resources', 'samples'));
    dir = dirname(dir);
  }
  out.push(resolve('resources', 'samples'));
  return out;
}

function samplesDir(): string | null {
  return candidates().find((d) => existsSync(join(d, MANIFEST))) ?? null;
}

function manifest(dir: string) {
  return Manifest.parse(JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8')));
}

export async function listSamples(): Promise<ComposerSample[]> {
  const dir = samplesDir();
  if (!dir) return [];
  const out: ComposerSample[] = [];
  for (const s of manifest(dir).samples) {
    const path = join(dir, s.name);
    if (!existsSync(path)) continue;
    const detected = await detectMediaType(readFileSync(path));
    out.push({
      name: s.name,
      mimeType: detected.mime ?? 'application/octet-stream',
      size: statSync(path).size,
      msgTypes: s.msgTypes,
      description: s.description,
    });
  }
  return out;
}

/** The bytes of a sample, by its name in the manifest (never a path: nothing else is read). */
export function readSample(name: string): Buffer {
  const dir = samplesDir();
  const known = dir ? manifest(dir).samples.some((s) => s.name === name) : false;
  if (!dir || !known) {
    throw new CommandError({
      code: 'not_found',
      message: `There is no sample named "${name}". composer.samples lists the ones there are.`,
    });
  }
  return readFileSync(join(dir, name));
}
