import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import { API_REFERENCES } from '@site/src/constants';
import styles from './styles.module.css';

interface Props {
  title?: string;
}

export default function HelpfulLinks({ title = 'Where to go instead' }: Props) {
  return (
    <nav aria-labelledby="helpful-links" className={styles.links}>
      <Heading as="h2" id="helpful-links" className={styles.title}>
        {title}
      </Heading>
      <ul>
        <li>
          <Link to="/docs/intro">Introduction and integration paths</Link>
        </li>
        {API_REFERENCES.map((reference) => (
          <li key={reference.route}>
            <Link to={reference.route}>{reference.label} reference</Link>
          </li>
        ))}
        <li>
          <Link to="/markdown-page">Support and contact</Link>
        </li>
      </ul>
    </nav>
  );
}
