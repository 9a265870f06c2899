import { createHash, randomUUID } from 'node:crypto';
import type { FileStorage } from '../../platform/files/file-storage.ts';

/** Stores bytes under fresh ids before the rows that name them; `remove` undoes it when the rows do not commit. */
export async function putFiles(storage: FileStorage, files: Buffer[]) {
  const ids: string[] = [];
  const remove = () => Promise.all(ids.map((id) => storage.delete(id).catch(() => undefined)));
  try {
    for (const data of files) {
      const id = randomUUID();
      ids.push(id);
      await storage.put(id, data);
    }
  } catch (error) {
    await remove();
    throw error;
  }
  return { ids, remove };
}

export const sha256Of = (data: Buffer) => createHash('sha256').update(data).digest('hex');
