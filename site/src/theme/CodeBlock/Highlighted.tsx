import { Prism } from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';
import CodeBlock from '@theme-original/CodeBlock';

// The grammars beyond Prism's defaults (themeConfig.prism.additionalLanguages) register with the
// highlighter itself, so they load with it rather than with every page (see plugins/lazy-prism).
prismIncludeLanguages(Prism);

export default CodeBlock;
