// The client bundle's entry (see ./split-react.ts): React DOM's module runs in this task, the app's
// modules in the next, so a phone can answer a tap between the two.
require('react-dom/client');

setTimeout(function startApp() {
  require('@docusaurus/core/lib/client/clientEntry.js');
}, 0);
