import Link from '@docusaurus/Link';
import { catalogueChanges } from '../../lib/requirements';
import styles from '../RequirementList/styles.module.css';

/** The requirement catalogue's version and changelog, read from the file `stream-partner certify` judges by. */
export default function RequirementChanges() {
  const { version, published, noticeDays, changes } = catalogueChanges();
  const first = published.at(-1)!;
  return (
    <div className={styles.wrapper}>
      <p>
        Current catalogue: <strong>version {version}</strong>. A new or tightened <code>must</code> takes effect {noticeDays} days
        after it is announced: until then it is a warning naming that date for a partner certified under an earlier catalogue
        (<code>--certified-under</code>), and a failure for a new integration. A relaxed rule takes effect at once.
      </p>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Announced</th>
            <th scope="col">Fails from</th>
            <th scope="col">Change</th>
            <th scope="col">Requirements</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={`${change.version}-${change.kind}-${change.ids.join('-')}`}>
              <td>{change.version}</td>
              <td>{change.announced}</td>
              <td>{change.effective}</td>
              <td>
                <strong>{change.kind}</strong>: {change.summary}
              </td>
              <td>
                {change.ids.map((id, index) => (
                  <span key={id}>
                    {index > 0 ? ', ' : ''}
                    <Link to={`#${id.toLowerCase()}`}>
                      <code>{id}</code>
                    </Link>
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Published versions, the only ones <code>--certified-under</code> accepts:{' '}
        {published.map((entry) => `${entry.version} (${entry.day})`).join(', ')}. Version {first.version} is the first catalogue:
        every requirement no row above names was in force from it.
      </p>
    </div>
  );
}
