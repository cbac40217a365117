import MDXComponents from '@theme-original/MDXComponents';
import SchemaFields from '@site/src/components/SchemaFields';
import SpecExample from '@site/src/components/SpecExample';

// Registered globally so guides use the spec components without importing them.
export default {
  ...MDXComponents,
  SchemaFields,
  SpecExample,
};
