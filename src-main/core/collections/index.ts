// The collections domain's face: the one module of it that another domain imports (eslint.config.js,
// domainFaces); its other files are its own. createCore builds it from those files.
// What the other domains use of it:
export { isIgnoredName, itemPath, resolveInside, stepFileInside } from './collection-paths';
export { walkCollection } from './collection-tree';
export { type LoadedCollection, type LoadedScenario, loadCollection } from './load-collection';
export { OFF_THREAD_BYTES, parseOffThread } from './parse-off-thread';
export { MAX_COLLECTION_FILE_BYTES, readCollectionFile } from './read-collection-file';
