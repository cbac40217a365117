import { fileURLToPath } from 'node:url';
import type { Plugin } from '@docusaurus/types';

/** Ships the pre-rendered diagrams' styles; remark.ts places the diagrams themselves. */
export default function diagramsPlugin(): Plugin {
  return {
    name: 'prerendered-diagrams',
    getClientModules() {
      return [fileURLToPath(new URL('./diagrams.css', import.meta.url))];
    },
  };
}
