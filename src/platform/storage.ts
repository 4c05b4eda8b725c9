/**
 * Versioned storage items (WXT storage): every persisted shape has a version from day one, so a later
 * change of shape is a migration, not a guess.
 */
export { storage } from 'wxt/utils/storage';
