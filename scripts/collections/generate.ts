// Every download: a Postman collection per contract, three Postman environments, and one zip of
// the Bruno collections (a folder per contract, each with its environments).
import { brunoFiles } from './bruno.js';
import { environments } from './environments.js';
import { allModels, PAGES } from './model.js';
import { postmanCollection, postmanEnvironment } from './postman.js';
import { zip } from './zip.js';

export const BRUNO_ZIP = 'stream-collections.bruno.zip';

/** File name to content, for dist/collections/ and the site's /downloads/. */
export function generateCollections(): Map<string, string | Buffer> {
  const out = new Map<string, string | Buffer>();
  const envs = environments();
  const bruno = new Map<string, string>();
  for (const model of allModels()) {
    const slug = PAGES[model.api].slug;
    out.set(`${slug}.postman_collection.json`, `${JSON.stringify(postmanCollection(model), null, 2)}\n`);
    for (const [path, text] of brunoFiles(model, `stream-collections/${slug}`, envs)) bruno.set(path, text);
  }
  for (const env of envs) out.set(`${env.file}.postman_environment.json`, `${JSON.stringify(postmanEnvironment(`stream-${env.file}`, env.name, env.values), null, 2)}\n`);
  out.set(BRUNO_ZIP, zip(bruno));
  return out;
}

/** The Bruno files alone, unzipped, for the tests' `bru run`. */
export function brunoTree(): Map<string, string> {
  const envs = environments();
  const tree = new Map<string, string>();
  for (const model of allModels()) for (const [path, text] of brunoFiles(model, PAGES[model.api].slug, envs)) tree.set(path, text);
  return tree;
}
