import Link from '@docusaurus/Link';
import type { ReactNode } from 'react';
import type { ChangeItem, ChangeListData } from '@site/src/lib/contractReleases';
import styles from './styles.module.css';

interface Props {
  /** The contract: partner, dsp, pos or events. */
  api: string;
  /** A released version listed in specs/releases/<api>/releases.json. */
  version: string;
  /** Filled in at build time by the remark-contract-changes plugin from the release manifest; authors never write it. */
  data?: string;
}

/** Markdown code spans (`name`) as <code>, the rest as text. */
function inline(text: string): ReactNode[] {
  return text.split(/(`[^`]+`)/).map((part, i) => (part.startsWith('`') && part.endsWith('`') && part.length > 1 ? <code key={i}>{part.slice(1, -1)}</code> : part));
}

function linked(text: string, href: string | undefined): ReactNode {
  return href ? <Link to={href}>{inline(text)}</Link> : inline(text);
}

function ChangeList({ title, items, breaking }: { title: string; items: ChangeItem[]; breaking: boolean }) {
  if (items.length === 0) return null;
  return (
    <>
      <p className={styles.group}>
        <strong>{title}</strong>
      </p>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={`${item.message}${item.href ?? ''}`} className={breaking ? styles.breaking : undefined}>
            {linked(item.message, item.href)}: <span className={styles.reason}>{inline(item.reason)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The generated change list of one contract release: what `npm run contracts:diff` found between it
 * and the release before, with links to the API reference. The page's own prose says what to do.
 */
export default function ContractChanges({ api, version, data }: Props) {
  if (data === undefined) throw new Error(`<ContractChanges api="${api}" version="${version}" /> has no data: the remark-contract-changes plugin fills it in.`);
  const release = JSON.parse(data) as ChangeListData;
  const empty = !release.first && release.breaking.length + release.compatible.length + release.reworded.length === 0;
  return (
    <div className={styles.changes} data-contract={api} data-version={version}>
      <p className={styles.meta}>
        Released <time dateTime={release.date}>{release.date}</time>. {inline(release.summary)}
      </p>
      {release.first ? <p>The first release of this contract: everything in the reference is new.</p> : null}
      <ChangeList title="Breaking changes" items={release.breaking} breaking />
      <ChangeList title="Compatible changes" items={release.compatible} breaking={false} />
      {release.reworded.length > 0 ? (
        <p>
          <strong>Reworded descriptions</strong> (nothing sent or accepted changes):{' '}
          {release.reworded.map((entry, i) => (
            <span key={entry.name}>
              {i > 0 ? ', ' : null}
              {linked(`\`${entry.name}\``, entry.href)}
            </span>
          ))}
          .
        </p>
      ) : null}
      {release.deprecations.length > 0 ? (
        <>
          <p className={styles.group}>
            <strong>Deprecated in this release</strong>
          </p>
          <ul className={styles.list}>
            {release.deprecations.map((entry) => (
              <li key={entry.name}>
                {linked(`\`${entry.name}\``, entry.href)}: {inline(entry.replacement)} Announced <time dateTime={entry.announced}>{entry.announced}</time>; kept until at
                least <time dateTime={entry.removableFrom}>{entry.removableFrom}</time>.
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {empty ? <p>No change to the contract.</p> : null}
    </div>
  );
}
