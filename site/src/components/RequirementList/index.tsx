import Link from '@docusaurus/Link';
import dspCatalogue from '../../../../packages/cli/requirements/dsp.json';
import eventsCatalogue from '../../../../packages/cli/requirements/events.json';
import posCatalogue from '../../../../packages/cli/requirements/pos.json';
import styles from './styles.module.css';

type Audience = 'pos' | 'dsp' | 'events';

interface Requirement {
  id: string;
  title: string;
  severity: string;
  contract: { api: string; operationId?: string; event?: string };
  guide: string;
  via: string;
}

interface Props {
  audience: Audience;
  /** Only the requirements certify checks on your server (`partner`) or through the sandbox (`sandbox`). */
  via?: 'partner' | 'sandbox';
}

const CATALOGUES: Record<Audience, { requirements: Requirement[] }> = { pos: posCatalogue, dsp: dspCatalogue, events: eventsCatalogue };
const REFERENCE_PAGES: Record<Audience, string> = { pos: '/api/become-a-pos', dsp: '/api/become-a-dsp', events: '/api/integrate-with-events' };

function contractLink(audience: Audience, requirement: Requirement): { to: string; label: string } {
  const { operationId, event } = requirement.contract;
  return operationId !== undefined
    ? { to: `${REFERENCE_PAGES[audience]}#operation/${operationId}`, label: operationId }
    : { to: `${REFERENCE_PAGES[audience]}#webhook/${event}`, label: event ?? '' };
}

/** The certification requirements of one audience, read from the catalogue `stream-partner certify` runs. */
export default function RequirementList({ audience, via }: Props) {
  const requirements = CATALOGUES[audience].requirements.filter((requirement) => via === undefined || requirement.via === via);
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
          {requirements.map((requirement) => {
            const contract = contractLink(audience, requirement);
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
