import Link from '@docusaurus/Link';
import { catalogueChanges } from '../../lib/requirements';
import styles from '../RequirementList/styles.module.css';

/** The requirement catalogue's version and changelog, read from the file `stream-partner certify` judges by. */
export default function RequirementChanges() {
  const { version, noticeDays, changes } = catalogueChanges();
  return (
    <div className={styles.wrapper}>
      <p>
        Current catalogue: <strong>version {version}</strong>. A new or tightened <code>must</code> is reported as a warning naming its
        effective date for {noticeDays} days after it is announced, then fails; a relaxed rule takes effect at once.
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
    </div>
  );
}
