import { useState } from 'react';
import Layout from '@theme/Layout';

function Exploding(): never {
  throw new Error('Fixture page crashed on purpose');
}

// The state lives inside the layout's error boundary, so "Try again" remounts it fresh.
function CrashOnDemand() {
  const [crashed, setCrashed] = useState(false);
  return (
    <main className="container margin-vert--lg">
      <h1>Crash fixture</h1>
      <button type="button" onClick={() => setCrashed(true)}>
        Crash this page
      </button>
      {crashed && <Exploding />}
    </main>
  );
}

// Crashes on demand in the browser (static rendering must succeed), so the test can check
// both the crash screen and that "Try again" recovers.
export default function CrashPage() {
  return (
    <Layout title="Crash">
      <CrashOnDemand />
    </Layout>
  );
}
