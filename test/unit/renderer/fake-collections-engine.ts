// A collection engine in memory, behind the in-memory bridge: the collections.* commands the
// renderer's stores call, over a map of files, with the contract's rules that the stores depend on
// (a write based on an old version is a `conflict`; every change is a collections.changed event).
// It stands in for the engine's store so the renderer's stores are tested on their own; it keeps
// no YAML rules beyond counting steps.
import { createEventEmitter, type CoreEventEmitter } from '../../../src-main/core/events';
import {
  CommandError,
  type CollectionItem,
  type CollectionView,
  type CommandInput,
  type CommandName,
  type CommandOutput,
  type FileProblem,
} from '../../../src-shared/contract';
import type { Core } from '../../../src-main/core/index';

type Handlers = { [K in CommandName]?: (input: CommandInput<K>) => Promise<CommandOutput<K>> };

/** The folder the store tests open their collection from. */
export const FOLDER = '/qa/checks';

/** A scenario file's text: `name` and that many one-millisecond waits. */
export const scenario = (name: string, steps = 1) =>
  `name: ${name}\nsteps:\n${'  - wait: 1ms\n'.repeat(steps)}`;

interface FakeCollectionsEngine extends Pick<Core, 'invoke' | 'events'> {
  readonly folder: string;
  files: Map<string, string>;
  /** Folders, besides those implied by files. */
  folders: Set<string>;
  /** Order of each folder's names ('' for the root). */
  orders: Map<string, string[]>;
  problems: Map<string, FileProblem[]>;
  /** Changes a file as an editor outside the app would, and says so. */
  editOnDisk(path: string, text: string): void;
  /** Extra handlers (runner.start, collections.resolve, ...). */
  handlers: Handlers;
  events: CoreEventEmitter;
}

const versionOf = (text: string) =>
  `v${text.length}-${[...text].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7)}`;

export function createFakeCollectionsEngine(
  folder: string,
  files: Record<string, string>,
): FakeCollectionsEngine {
  const events = createEventEmitter();
  const engine: FakeCollectionsEngine = {
    folder,
    files: new Map(Object.entries(files)),
    folders: new Set(),
    orders: new Map(),
    problems: new Map(),
    handlers: {},
    events,
    editOnDisk(path, text) {
      engine.files.set(path, text);
      events.emit('collections.changed', { folder, paths: [path], origin: 'disk' });
    },
    invoke: (async (name: CommandName, input: unknown) => {
      const handler = (engine.handlers as Record<string, (i: unknown) => Promise<unknown>>)[name];
      if (handler) return handler(input);
      const builtIn = (builtIns as Record<string, ((i: never) => unknown) | undefined>)[name];
      if (!builtIn) throw new CommandError({ code: 'internal', message: `${name}: not faked` });
      return builtIn(input as never);
    }) as Core['invoke'],
  };

  const namesIn = (dir: string): string[] => {
    const prefix = dir ? `${dir}/` : '';
    const names = new Set<string>();
    for (const p of [...engine.files.keys(), ...engine.folders]) {
      if (p.startsWith(prefix)) names.add(p.slice(prefix.length).split('/')[0]!);
    }
    const order = engine.orders.get(dir) ?? [];
    const rest = [...names].filter((n) => !order.includes(n)).sort();
    return [...order.filter((n) => names.has(n)), ...rest];
  };
  const itemsIn = (dir: string): CollectionItem[] =>
    namesIn(dir).map((name) => {
      const path = dir ? `${dir}/${name}` : name;
      const text = engine.files.get(path);
      if (text === undefined) {
        return {
          path,
          kind: 'folder',
          name,
          steps: 0,
          stepKinds: [],
          problems: [],
          children: itemsIn(path),
        };
      }
      const steps = (text.match(/^ {2}- /gm) ?? []).length;
      const title = /^name:\s*"?([^"\n]+)"?/m.exec(text)?.[1] ?? name;
      return {
        path,
        kind: 'scenario',
        name: title,
        steps,
        stepKinds: [],
        problems: engine.problems.get(path) ?? [],
      };
    });
  const view = (): CollectionView => ({
    folder,
    name: 'Fake',
    variables: {},
    items: itemsIn(''),
    problems: [],
  });
  const changed = (paths: string[]) =>
    events.emit('collections.changed', { folder, paths, origin: 'app' });
  const fileText = (path: string) => {
    const text = engine.files.get(path);
    if (text === undefined)
      throw new CommandError({ code: 'not_found', message: `${path} is not in the collection.` });
    return { path, text, version: versionOf(text), problems: engine.problems.get(path) ?? [] };
  };

  const builtIns: Handlers = {
    'collections.recent': async () => [
      { folder, name: 'Fake', openedAt: new Date(0).toISOString() },
    ],
    'collections.open': async () => view(),
    'collections.read': async ({ path }) => fileText(path),
    'collections.write': async ({ path, text, baseVersion, overwrite }) => {
      const now = engine.files.get(path);
      if (baseVersion !== undefined && now !== undefined && versionOf(now) !== baseVersion) {
        throw new CommandError({ code: 'conflict', message: `${path} changed on disk.` });
      }
      if (baseVersion === undefined && now !== undefined && !overwrite) {
        throw new CommandError({ code: 'conflict', message: `${path} already exists.` });
      }
      engine.files.set(path, text);
      changed([path]);
      return fileText(path);
    },
    'collections.reorder': async ({ dir, order }) => {
      engine.orders.set(dir, order);
      changed([dir]);
      return view();
    },
    'collections.rename': async ({ from, to }) => {
      engine.files.set(to, fileText(from).text);
      engine.files.delete(from);
      changed([from, to]);
      return view();
    },
    'collections.delete': async ({ path }) => {
      engine.files.delete(path);
      changed([path]);
      return view();
    },
    'collections.createFolder': async ({ path }) => {
      engine.folders.add(path);
      changed([path]);
      return view();
    },
  };
  return engine;
}
