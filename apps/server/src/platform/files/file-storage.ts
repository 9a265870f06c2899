import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where file bytes live (DESIGN §1 providers): local disk by default; an S3-compatible adapter
 * implements the same three calls. Keys are ids the server made (uuids), never names from a client.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes, or undefined when no such file exists. */
  get(key: string): Promise<Buffer | undefined>;
  /** Removing a file that is not there is not an error. */
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[0-9a-f-]{36}$/;

function checkedKey(key: string): string {
  // Defence in depth: the key is a uuid the server made, so no path separators or dots can reach the disk.
  if (!SAFE_KEY.test(key)) throw new Error('Invalid file key');
  return key;
}

/**
 * Files under `root` (DATA_DIR/files, outside the web root: DESIGN §7), spread over 256 folders by the
 * key's first two characters. Writes go to a temporary name first, so a reader never sees half a file.
 */
export function localDiskStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    const safe = checkedKey(key);
    return path.join(root, safe.slice(0, 2), safe);
  };
  return {
    async put(key, data) {
      const target = pathOf(key);
      await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const temporary = `${target}.${randomUUID()}.tmp`;
      await fs.writeFile(temporary, data, { mode: 0o600, flag: 'wx' });
      try {
        await fs.rename(temporary, target);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await fs.readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(pathOf(key), { force: true });
    },
  };
}
