// The Collections tab: open a folder of scenario files, then its tree with search, the item and
// collection actions, and every problem of its files with file, line and reason (a broken file
// still shows in the tree, badged; the good ones work as usual). The tree follows the files on
// disk (collections.changed).
import { useState } from 'react';
import { Pane } from '../../components/Pane';
import { useCollections } from '../../stores/stores-context';
import { CollectionTools } from './CollectionTools';
import { CollectionTree } from './CollectionTree';
import { ItemActions, type ItemMode } from './ItemActions';
import { OpenCollection } from './OpenCollection';
import { allProblems, allScenarios, problemWhere } from './tree';
import { useOpenScenario } from './use-open-scenario';
import './collections.css';

export function CollectionsPane() {
  const view = useCollections((s) => s.view);
  return (
    <Pane title="Collections" className="pane-collections">
      {view ? <OpenedCollection /> : <OpenCollection />}
    </Pane>
  );
}

function OpenedCollection() {
  const search = useCollections((s) => s.search);
  const setSearch = useCollections((s) => s.setSearch);
  const notice = useCollections((s) => s.notice);
  const dismiss = useCollections((s) => s.dismissNotice);
  const [mode, setMode] = useState<ItemMode>(null);
  return (
    <div className="collection">
      <CollectionTools />
      <input
        type="search"
        className="tree-search"
        aria-label="Search the collection"
        placeholder="Search by name or path"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <ItemActions mode={mode} setMode={setMode} />
      {notice ? (
        <p
          className={notice.kind === 'error' ? 'error-text notice' : 'quiet notice'}
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          {notice.text}{' '}
          <button type="button" className="link" onClick={dismiss}>
            Dismiss
          </button>
        </p>
      ) : null}
      <CollectionTree onIntent={setMode} />
      <ProblemList />
    </div>
  );
}

function ProblemList() {
  const view = useCollections((s) => s.view);
  const openScenario = useOpenScenario();
  if (!view) return null;
  const problems = allProblems(view.items, view.problems);
  if (problems.length === 0) return null;
  const scenarioFiles = new Set(allScenarios(view.items).map((i) => i.path));
  return (
    <section className="problem-list" aria-labelledby="collection-problems">
      <h3 id="collection-problems" className="section-title">
        Problems ({problems.length})
      </h3>
      <ul aria-label="Problems of the collection's files">
        {problems.map((p, i) => (
          <li key={`${p.file}:${p.line}:${i}`}>
            {scenarioFiles.has(p.file) ? (
              <button
                type="button"
                className="link mono"
                aria-label={`Open ${problemWhere(p)}`}
                onClick={() => openScenario(p.file)}
              >
                {problemWhere(p)}
              </button>
            ) : (
              <span className="mono">{problemWhere(p)}</span>
            )}
            <span className="problem-reason">{p.message}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
