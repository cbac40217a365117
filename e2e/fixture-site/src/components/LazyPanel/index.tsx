export default function LazyPanel() {
  return <p id="lazy-panel">The lazy panel loaded.</p>;
}
