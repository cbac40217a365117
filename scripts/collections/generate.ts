// Every download: a Postman collection per contract, three Postman environments, and one zip of
// the Bruno collections (a folder per contract, each with its environments).
import { brunoCollectionFiles, brunoFolder } from './bruno.js';
import { environments } from './environments.js';
import { allModels, PAGES } from './model.js';
import { postmanCollection, postmanEnvironment } from './postman.js';
import { zip } from './zip.js';

export const BRUNO_ZIP = 'stream-collections.bruno.zip';

/** File name to content, for dist/collections/ and the site's /downloads/. */
export function generateCollections(): Map<string, string | Buffer> {
  const out = new Map<string, string | Buffer>();
  const envs = environments();
  for (const model of allModels()) out.set(`${PAGES[model.api].slug}.postman_collection.json`, `${JSON.stringify(postmanCollection(model), null, 2)}\n`);
  for (const env of envs) out.set(`${env.file}.postman_environment.json`, `${JSON.stringify(postmanEnvironment(`stream-${env.file}`, env.name, env.values), null, 2)}\n`);
  out.set(BRUNO_ZIP, zip(brunoTree('stream-collections')));
  return out;
}

/** The Bruno collection's files under `root`: one collection, a folder per contract. */
export function brunoTree(root: string): Map<string, string> {
  const tree = brunoCollectionFiles(root, environments());
  allModels().forEach((model, index) => {
    for (const [path, text] of brunoFolder(model, `${root}/${PAGES[model.api].title}`, index + 1)) tree.set(path, text);
  });
  return tree;
}
