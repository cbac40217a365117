import Link from '@docusaurus/Link';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import { requirementRows, type Audience } from '../../lib/requirements';
import styles from './styles.module.css';

interface Props {
  audience: Audience;
  /** Only the requirements certify checks on your server (`partner`) or through the sandbox (`sandbox`). */
  via?: 'partner' | 'sandbox';
}

/** The certification requirements of one audience, read from the catalogue `stream-partner certify` runs. */
export default function RequirementList({ audience, via }: Props) {
  const rows = requirementRows(audience, via);
  // Each row is a link target (the requirement changelog links to it); tell the build's anchor check.
  const brokenLinks = useBrokenLinks();
  for (const { requirement } of rows) brokenLinks.collectAnchor(requirement.id.toLowerCase());
  return (
    <div className={styles.wrapper}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Requirement</th>
            <th scope="col">Severity</th>
            <th scope="col">What certify checks</th>
            <th scope="col">Contract</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ requirement, contract }) => {
            return (
              <tr key={requirement.id} id={requirement.id.toLowerCase()}>
                <td>
                  <code>{requirement.id}</code>
                </td>
                <td className={requirement.severity === 'must' ? styles.must : styles.should}>{requirement.severity}</td>
                <td>
                  <Link to={requirement.guide}>{requirement.title}</Link>
                  {requirement.via === 'sandbox' ? <span className={styles.via}> (your server sends it; checked through the sandbox)</span> : null}
                </td>
                <td>
                  <Link to={contract.to}>
                    <code>{contract.label}</code>
                  </Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
