import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import styles from './styles.module.css';

export interface Audience {
  title: string;
  description: string;
  /** Where this audience starts reading. */
  to: string;
  startLabel: string;
  /** The API reference this audience implements against. */
  referenceTo: string;
  referenceLabel: string;
}

interface Props {
  audiences: readonly Audience[];
}

export default function AudienceCards({ audiences }: Props) {
  return (
    <ul className={styles.grid}>
      {audiences.map((audience) => (
        <li key={audience.title} className={styles.card}>
          <Heading as="h3" className={styles.title}>
            {audience.title}
          </Heading>
          <p className={styles.description}>{audience.description}</p>
          <div className={styles.links}>
            <Link className="button button--primary button--sm" to={audience.to}>
              {audience.startLabel}
            </Link>
            <Link className={styles.reference} to={audience.referenceTo}>
              {audience.referenceLabel}
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
