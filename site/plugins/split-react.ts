import type { Plugin } from '@docusaurus/types';

/**
 * React DOM, half of what main.js was, ships as a script of its own that loads beside it.
 *
 * Each script is compiled and run in a task of its own, and a browser's work on a script before it
 * runs grows with its size. One 400 KB main.js made one long task at the moment a phone reader
 * might first tap; two scripts of about 200 KB make two shorter ones with a chance to respond in
 * between. The page downloads the same bytes, in one more request. Splitting the rest of
 * node_modules out as well measured worse on the intro (Lighthouse 90 to 82).
 */
export default function splitReactPlugin(): Plugin {
  return {
    name: 'split-react',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {
        optimization: {
          splitChunks: {
            cacheGroups: {
              react: {
                test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/,
                name: 'react-dom',
                chunks: 'initial',
                enforce: true,
                priority: 60,
              },
            },
          },
        },
      };
    },
  };
}
