// Collections (collections.*): folders of scenario files on disk (src-shared/collections/format.ts,
// docs/collections.md), opened from any folder, edited in the app or outside it, saved from the
// composer, History and the Event log, exported to Postman and imported from Postman and HAR.
import { z } from 'zod';
import { NoInput, type DomainCommands, type DomainEvents } from './common';
import { ComposerRequest } from './composer';

/** What is wrong with a file, where: `line` is 1-based (0 when the file as a whole). */
export const FileProblem = z.object({
  file: z.string(),
  line: z.number().int().nonnegative(),
  message: z.string(),
});
export type FileProblem = z.infer<typeof FileProblem>;

export const CollectionItem = z.object({
  /** The path from the collection's folder, with `/` between names: `sends/text.yaml`. */
  path: z.string(),
  kind: z.enum(['scenario', 'folder']),
  /** The scenario's name (the file's name when it gives none), or the folder's. */
  name: z.string(),
  /** For a scenario: how many steps, and the kinds among them. */
  steps: z.number().int().nonnegative(),
  stepKinds: z.array(z.string()),
  /** A file that does not parse or breaks the catalog: it still shows, with its problems. */
  problems: z.array(FileProblem),
  /** Items of a folder, in the collection's order. */
  children: z.array(z.lazy((): z.ZodType<CollectionItem> => CollectionItem)).optional(),
});
export type CollectionItem = {
  path: string;
  kind: 'scenario' | 'folder';
  name: string;
  steps: number;
  stepKinds: string[];
  problems: FileProblem[];
  children?: CollectionItem[];
};

export const CollectionView = z.object({
  /** The absolute folder. */
  folder: z.string(),
  name: z.string(),
  variables: z.record(z.string(), z.string()),
  items: z.array(CollectionItem),
  /** Problems of collection.yaml and folder.yaml files. */
  problems: z.array(FileProblem),
});
export type CollectionView = z.infer<typeof CollectionView>;

export const RecentCollection = z.object({
  folder: z.string(),
  name: z.string(),
  openedAt: z.string(),
});
export type RecentCollection = z.infer<typeof RecentCollection>;

const Folder = z.string().min(1).max(4096);
/** A path inside the collection (`sends/text.yaml`); `..` and absolute paths are refused. */
const ItemPath = z
  .string()
  .min(1)
  .max(1024)
  .refine(
    (p) => !p.startsWith('/') && !/^[A-Za-z]:/.test(p) && !p.split(/[\\/]/).includes('..'),
    'a path inside the collection, without .. or a leading /',
  );

export const CollectionFileText = z.object({
  path: z.string(),
  text: z.string(),
  /** Changes whenever the file changes on disk; a write names the version it was based on. */
  version: z.string(),
  problems: z.array(FileProblem),
});
export type CollectionFileText = z.infer<typeof CollectionFileText>;

/** Where a saved request comes from. */
const SaveRequestSource = z.union([
  z.object({ composer: ComposerRequest }).strict(),
  /** An `api` record of the journal (History and the Event log). */
  z.object({ seq: z.number().int().positive() }).strict(),
]);

export const collectionsCommands = {
  /** The folders opened before, newest first. */
  'collections.recent': { input: NoInput, output: z.array(RecentCollection) },
  /** Opens (or creates, when `create`) a collection folder; it is then watched for changes. */
  'collections.open': {
    input: z.object({ folder: Folder, create: z.boolean().default(false) }).strict(),
    output: CollectionView,
  },
  'collections.read': {
    input: z.object({ folder: Folder, path: ItemPath }).strict(),
    output: CollectionFileText,
  },
  /**
   * Writes a scenario file. With `baseVersion`, refused (code `conflict`) when the file changed on
   * disk since; without it, refused when the file exists unless `overwrite`.
   */
  'collections.write': {
    input: z
      .object({
        folder: Folder,
        path: ItemPath,
        text: z.string().max(2_000_000),
        baseVersion: z.string().optional(),
        overwrite: z.boolean().default(false),
      })
      .strict(),
    output: CollectionFileText,
  },
  'collections.createFolder': {
    input: z.object({ folder: Folder, path: ItemPath }).strict(),
    output: CollectionView,
  },
  'collections.rename': {
    input: z.object({ folder: Folder, from: ItemPath, to: ItemPath }).strict(),
    output: CollectionView,
  },
  /** Copies a scenario beside itself (`text copy.yaml`); answers the new path. */
  'collections.duplicate': {
    input: z.object({ folder: Folder, path: ItemPath }).strict(),
    output: z.object({ path: z.string(), view: CollectionView }),
  },
  'collections.delete': {
    input: z.object({ folder: Folder, path: ItemPath }).strict(),
    output: CollectionView,
  },
  /** The order of a folder's items ('' for the root), written to its collection.yaml or folder.yaml. */
  'collections.reorder': {
    input: z
      .object({ folder: Folder, dir: z.string().max(1024), order: z.array(z.string()).max(10_000) })
      .strict(),
    output: CollectionView,
  },
  /**
   * Saves a request as a scenario of one step (or appends it as a step to an existing scenario).
   * Secrets are never written: the token is named by `as` and `user`, the client secret by
   * `{{client_secret}}`.
   */
  'collections.saveRequest': {
    input: z
      .object({
        folder: Folder,
        /** The file to write; by default one named after the request. */
        path: ItemPath.optional(),
        name: z.string().trim().min(1).max(200).optional(),
        source: SaveRequestSource,
        /** Add as the last step of `path` instead of writing a new file. */
        append: z.boolean().default(false),
      })
      .strict(),
    output: z.object({
      path: z.string(),
      view: CollectionView,
      /**
       * What saving changed so the file runs elsewhere (the connected user became {{user_id}}) and
       * what in it holds only on this machine, in words.
       */
      notes: z.array(z.string()),
    }),
  },
  /**
   * The Scenario view's Add step: `text` (the editor's YAML, saved or not) with `step` added after
   * the step at `after` (by default last). Only the added lines are new in the text answered; the
   * step is checked with the format's schema first.
   */
  'collections.addStep': {
    input: z
      .object({
        text: z.string().max(2_000_000),
        step: z.record(z.string(), z.unknown()),
        after: z.number().int().nonnegative().optional(),
      })
      .strict(),
    output: z.object({ text: z.string(), index: z.number().int().nonnegative() }),
  },
  /**
   * The Runner's Check this: a check that a field equals the value a run saw, added to the step
   * at `index` of the scenario file (`expect.body` of a request step, `data` of an expect-delivery
   * step) and written to the file, over the version on disk.
   */
  'collections.addCheck': {
    input: z
      .object({
        folder: Folder,
        path: ItemPath,
        index: z.number().int().nonnegative(),
        /** The step's name in the run: a step of another name at `index` is not changed. */
        stepName: z.string().max(200).optional(),
        check: z
          .object({
            path: z.string().min(1).max(500),
            value: z.union([z.string().max(10_000), z.number(), z.boolean(), z.null()]),
          })
          .strict(),
      })
      .strict(),
    output: z.object({
      file: CollectionFileText,
      /** The step's name (or "Step N"), to say where the check went. */
      stepName: z.string(),
      kind: z.enum(['request', 'expect-delivery']),
    }),
  },
  /** The variables of one profile (one set per environment). */
  'collections.profileVariables': {
    input: z.object({ profileId: z.string().min(1).optional() }).strict(),
    output: z.record(z.string(), z.string()),
  },
  'collections.setProfileVariables': {
    input: z
      .object({
        profileId: z.string().min(1).optional(),
        variables: z.record(z.string().min(1).max(100), z.string().max(100_000)),
      })
      .strict(),
    output: z.record(z.string(), z.string()),
  },
  /**
   * The composer's request with its `{{variables}}` resolved (profile, then collection variables):
   * what would be sent. Secrets show as `‹client_secret›`. An unknown variable is listed, not thrown.
   */
  'collections.resolve': {
    input: z.object({ folder: Folder.optional(), request: ComposerRequest }).strict(),
    output: z.object({
      params: z.record(z.string(), z.string()),
      path: z.string().optional(),
      unknown: z.array(z.string()),
    }),
  },
  /** The collection as a Postman collection v2.1 (delivery steps are listed as left out). */
  'collections.exportPostman': {
    input: z.object({ folder: Folder }).strict(),
    output: z.object({
      filename: z.string(),
      content: z.string(),
      /** In words: what did not translate (a delivery step, a check Postman cannot express). */
      leftOut: z.array(z.string()),
    }),
  },
  /** Imports a Postman collection v2.1 or a HAR file as request scenarios into `dir`. */
  'collections.import': {
    input: z
      .object({
        folder: Folder,
        dir: z.string().max(1024).default(''),
        format: z.enum(['postman', 'har']),
        content: z.string().max(50_000_000),
      })
      .strict(),
    output: z.object({
      written: z.array(z.string()),
      /** In words: what was not imported and why. */
      skipped: z.array(z.string()),
      view: CollectionView,
    }),
  },
  /** The platform API as an OpenAPI 3.1 document made from the endpoint catalog. */
  'collections.openapi': {
    input: NoInput,
    output: z.object({ filename: z.string(), content: z.string() }),
  },
} as const satisfies DomainCommands<'collections'>;

// index.ts joins it into `events`; its `export *` carries it along, unused.
// ts-unused-exports:disable-next-line
export const collectionsEvents = {
  /** A file of an open collection changed: on disk (`disk`) or through the app (`app`). */
  'collections.changed': z.object({
    folder: z.string(),
    paths: z.array(z.string()),
    origin: z.enum(['disk', 'app']),
  }),
} as const satisfies DomainEvents<'collections'>;
