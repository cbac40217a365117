import Loadable from 'react-loadable';
import Layout from '@theme/Layout';
import Loading from '@theme/Loading';

// Loaded through the same Loadable + @theme/Loading pair Docusaurus uses for route chunks,
// so a failed chunk shows the theme's page-load error box.
// The loader is a named function so the build's loadable transform leaves it alone: that
// transform targets route registries and assumes webpack internals the server build lacks.
const loadPanel = () => import(/* webpackChunkName: "lazy-panel" */ '../components/LazyPanel');
const LazyPanel = Loadable({ loader: loadPanel, loading: Loading });

export default function LazyPage() {
  return (
    <Layout title="Lazy">
      <main className="container margin-vert--lg">
        <h1>Lazy page</h1>
        <LazyPanel />
      </main>
    </Layout>
  );
}
