import path from 'node:path';
import type { Config } from '../../config.ts';
import type { Db } from '../db/database.ts';
import { localDiskStorage } from './file-storage.ts';
import type { Files } from './files.service.ts';
import { createUploadSigner, loadOrCreateUploadKey } from './upload-signer.ts';

/**
 * The embedded default of DESIGN §1: files on local disk under DATA_DIR/files (whichever database is
 * used), behind upload URLs signed with a key kept in app_secrets. Several instances need a shared
 * DATA_DIR or the S3 adapter.
 */
export async function createLocalFiles(config: Config, db: Db): Promise<Files> {
  const root = path.resolve(config.DATA_DIR, 'files');
  const webRoot = path.resolve(config.WEB_DIST);
  // DESIGN §7: uploads are stored outside the web root, where the static file server can never reach them.
  if (root === webRoot || root.startsWith(`${webRoot}${path.sep}`)) {
    throw new Error(`DATA_DIR/files (${root}) must not be inside WEB_DIST (${webRoot})`);
  }
  return { storage: localDiskStorage(root), signer: createUploadSigner(await loadOrCreateUploadKey(db)) };
}
