import type { ExampleModel, MediaModel, OperationModel } from '../../lib/openapi/referenceModel';
import { useReferenceComponents } from './components';
import Tabs from './Tabs';
import styles from './styles.module.css';

function Example({ example }: { example: ExampleModel }) {
  const { CodeBlock } = useReferenceComponents();
  return (
    <>
      {example.description && <div className={styles.exampleDescription} dangerouslySetInnerHTML={{ __html: example.description }} />}
      <CodeBlock language={example.language} title={example.title}>
        {example.code}
      </CodeBlock>
    </>
  );
}

/** One media type's named examples: a single block, or tabs when there are several. */
function MediaExamples({ name, media }: { name: string; media: MediaModel }) {
  if (media.examples.length === 1) return <Example example={media.examples[0]} />;
  return (
    <Tabs
      name={name}
      label="Examples"
      items={media.examples.map((example) => ({ value: example.name, label: example.name, content: <Example example={example} /> }))}
    />
  );
}

/** The right-hand pane of an operation: code samples, request examples and response examples. */
export default function Examples({ operation }: { operation: OperationModel }) {
  const { CodeBlock } = useReferenceComponents();
  const requestMedia = operation.requestBody?.contents.filter((media) => media.examples.length > 0) ?? [];
  const responses = operation.responses.filter((response) => response.contents.some((media) => media.examples.length > 0));
  return (
    <>
      {operation.samples.length > 0 && (
        <div className={styles.sideBlock}>
          <p className={styles.sideTitle}>Request sample</p>
          <Tabs
            name={`${operation.anchor}/samples`}
            label="Language"
            groupId="lang"
            items={operation.samples.map((sample) => ({
              value: sample.lang,
              label: sample.label,
              content: <CodeBlock language={sample.language}>{sample.code}</CodeBlock>,
            }))}
          />
        </div>
      )}
      {requestMedia.map((media) => (
        <div key={media.mediaType} className={styles.sideBlock}>
          <p className={styles.sideTitle}>
            {operation.kind === 'webhook' ? 'Payload' : 'Request body'} <code>{media.mediaType}</code>
          </p>
          <MediaExamples name={`${operation.anchor}/request/${media.mediaType}`} media={media} />
        </div>
      ))}
      {responses.length > 0 && (
        <div className={styles.sideBlock}>
          <p className={styles.sideTitle}>Response samples</p>
          <Tabs
            name={`${operation.anchor}/responses`}
            label="Status"
            items={responses.map((response) => ({
              value: response.status,
              label: response.status,
              content: response.contents
                .filter((media) => media.examples.length > 0)
                .map((media) => <MediaExamples key={media.mediaType} name={`${operation.anchor}/response/${response.status}/${media.mediaType}`} media={media} />),
            }))}
          />
        </div>
      )}
    </>
  );
}
