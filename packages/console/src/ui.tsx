// Small pieces every page uses: status badges with a known palette and a neutral fallback, code
// blocks, copy buttons.
import { useState, type ReactNode } from 'react';

/** Tones for statuses the console knows; any other status string still shows, in the neutral tone. */
const TONES: Record<string, string> = {
  passed: 'good',
  ok: 'good',
  valid: 'good',
  accepted: 'good',
  active: 'good',
  online: 'good',
  open: 'good',
  failed: 'bad',
  invalid: 'bad',
  error: 'bad',
  signature_missing: 'bad',
  signature_mismatch: 'bad',
  signature_malformed: 'bad',
  deprovisioned: 'muted',
  skipped: 'warn',
  blocked: 'warn',
  warned: 'warn',
  paused: 'warn',
  refused: 'warn',
  pending: 'info',
  waiting_for_oauth: 'info',
  running: 'info',
  checking: 'info',
  not_verified: 'muted',
  not_checked: 'muted',
  not_signed: 'muted',
};

export function Badge({ status, label }: { status: string; label?: string }) {
  return (
    <span className={`badge tone-${Object.hasOwn(TONES, status) ? TONES[status] : 'neutral'}`} data-status={status}>
      {label ?? status.replace(/_/g, ' ')}
    </span>
  );
}

export function httpTone(status: number | undefined): string {
  if (status === undefined) return 'error';
  if (status >= 500) return 'error';
  if (status >= 400) return 'refused';
  return 'accepted';
}

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(
          () => setDone(true),
          () => setDone(false),
        );
        setTimeout(() => setDone(false), 2000);
      }}
    >
      {done ? 'Copied' : label}
    </button>
  );
}

export function Code({ children, label }: { children: string; label: string }) {
  return (
    <pre className="code" tabIndex={0} aria-label={label}>
      <code>{children}</code>
    </pre>
  );
}

export function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export function ErrorNote({ message }: { message: string | undefined }) {
  if (message === undefined) return null;
  return (
    <p role="alert" className="error-note">
      {message}
    </p>
  );
}
