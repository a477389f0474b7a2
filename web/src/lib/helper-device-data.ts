/**
 * What the helper apps (/checkin, /evaluate) keep on a phone, as far as signing out needs to know it (issue 42).
 * features/tryout-night/device-store.ts owns the database; signing out, from any page, forgets its kept lists
 * through this module, which the account calls load, so a public page carries none of it.
 */

/** The helper apps' IndexedDB database. */
export const HELPER_DEVICE_DB = 'club-tryout-night';

/**
 * Signing out: the kept lists go (every snapshot: tonight's players, rosters, the grants, whose phone it
 * is); the waiting taps stay with their helper, to be sent when they sign in again. Never rejects: storage
 * refused, or nothing kept, and the session ends all the same.
 */
export async function forgetHelperLists(): Promise<void> {
  try {
    // A phone that never opened a helper app has nothing to forget (and gets no database for it).
    if ('databases' in indexedDB && !(await indexedDB.databases()).some((d) => d.name === HELPER_DEVICE_DB)) {
      return;
    }
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(HELPER_DEVICE_DB);
      // No database yet (a browser without indexedDB.databases()): never make an empty one, which the
      // helper apps would then open without their stores.
      open.onupgradeneeded = () => open.transaction?.abort();
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      if (!db.objectStoreNames.contains('snapshots')) return;
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('snapshots', 'readwrite');
        tx.objectStore('snapshots').clear();
        tx.oncomplete = () => resolve();
        tx.onerror = tx.onabort = () => reject(tx.error);
      });
    } finally {
      db.close();
    }
  } catch {
    // Nothing to forget on this device, or it would not let us: signing out goes on.
  }
}
